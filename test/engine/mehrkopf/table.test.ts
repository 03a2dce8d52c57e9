import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Card, type TableState, decide, evolve } from '../../../engine/index.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'mehrkopf');
const load = (name: string): { hands: Card[][]; actions: { seat: number; type: string; card?: string }[] } =>
  JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as never;

/** The deck that the 4 + 4 deal from forehand turns into these hands. */
function deckFor(hands: readonly (readonly Card[])[], dealer: number): Card[] {
  const n = hands.length;
  const deck: Card[] = [];
  for (let round = 0; round < 2; round++)
    for (let i = 1; i <= n; i++) deck.push(...hands[(dealer + i) % n]!.slice(round * 4, round * 4 + 4));
  return deck;
}

describe('Mehrkopf at the table: running totals are exact (docs/rules/README.md principle 5)', () => {
  it('a lost five-player normal game through the Decider: totals −11 ×3 and 33/2 ×2, the next dealer rotates', () => {
    let state: TableState | null = null;
    const run = (cmd: Parameters<typeof decide>[0]): void => {
      const d = decide(cmd, state);
      if (!d.ok) throw new Error(JSON.stringify(d.error));
      for (const e of d.events) state = evolve(state, e);
    };
    const rec = load('5-sauspiel-lost');
    run({ type: 'OpenTable', variant: 'mehrkopf', seats: 5, dealer: 4 });
    run({ type: 'StartDeal', deck: deckFor(rec.hands, 4) });
    expect(state!.deal!.players).toEqual([0, 1, 2, 3, 4]);
    run({ type: 'Act', seat: 0, action: { type: 'bid', game: 'sauspiel', suit: 'S' } });
    for (const seat of [1, 2, 3, 4]) run({ type: 'Act', seat, action: { type: 'pass' } });
    for (const a of rec.actions) run({ type: 'Act', seat: a.seat, action: { type: 'play', card: a.card } });
    expect(state!.deal!.over).toBe(true);
    expect(state!.lastResult!.payoutExact).toEqual(['-11', '-11', '-11', '33/2', '33/2']);
    expect(state!.totals.map((t) => `${t.n}/${t.d}`)).toEqual(['-11/1', '-11/1', '-11/1', '33/2', '33/2']);
    expect(state!.dealer).toBe(0);
  });
});
