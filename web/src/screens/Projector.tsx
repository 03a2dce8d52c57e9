export function Projector() {
  return (
    <main id="main">
      <h1>Projector</h1>
    </main>
  );
}
