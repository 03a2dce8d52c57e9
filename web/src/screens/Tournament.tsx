export function Tournaments() {
  return (
    <main id="main">
      <h1>Tournaments</h1>
    </main>
  );
}
export function TournamentPlayer() {
  return (
    <main id="main">
      <h1>Tournament</h1>
    </main>
  );
}
