export function Replay({ id, deal }: { id: string; deal: number }) {
  return (
    <main id="main">
      <h1>
        {id} {deal}
      </h1>
    </main>
  );
}
