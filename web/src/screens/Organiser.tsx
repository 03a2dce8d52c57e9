export function Organiser() {
  return (
    <main id="main">
      <h1>Organiser</h1>
    </main>
  );
}
export function OrganiserConsole() {
  return (
    <main id="main">
      <h1>Organiser</h1>
    </main>
  );
}
