import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { ChatGame, MemoryKeyValue } from '../../adapters/core/game.js';
import { createClient } from '../../sdk/index.js';

/**
 * What a channel reads must not depend on the cards only the mover holds: a picker may bury any two of their cards,
 * and the channel's line for it is the same string whichever two they were (the mover alone hears them back).
 * Every run plays a fresh table (the server deals at random, so the hands differ too), up to the burial.
 */
let server: LocalServer;
const RUNS = Number(process.env.STAMMTISCH_LONG_RUNS ?? 0) > 0 ? 25 : 4;

beforeAll(async () => {
  server = await startLocal({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

/** A Sheepshead table in channel `room`: the user at seat 0 (forehand in deal 1), bots on the rest, up to their pick. */
async function toPick(game: ChatGame, room: string, lang: 'de' | 'en'): Promise<boolean> {
  await game.create(room, 'sheepshead', lang);
  await game.join(room, 'U0', 'Ulla', lang);
  await game.fillBots(room, lang);
  await server.idle();
  const hand = await game.hand(room, 'U0', lang);
  const pick = (hand.moves ?? []).find((m) => /^(pick|aufnehmen)$/.test(m.label));
  if (pick === undefined) return false;
  await game.pick(room, 'U0', pick.index, pick.version, lang);
  return true;
}

describe('chat: hidden cards never reach the channel', () => {
  it('the channel line of a burial is the same whichever cards are buried, by text or by button, in both languages', async () => {
    const client = createClient({ baseUrl: server.url });
    let n = 0;
    let buried = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 1000 }),
        fc.boolean(),
        fc.constantFrom<'de' | 'en'>('de', 'en'),
        async (choice, typed, lang) => {
          const game = new ChatGame({ client, store: new MemoryKeyValue() });
          const room = `C${n++}`;
          if (!(await toPick(game, room, lang))) return;
          const hand = await game.hand(room, 'U0', lang);
          const buries = (hand.moves ?? []).filter((m) => /^(bury|vergraben) /.test(m.label));
          expect(buries.length).toBeGreaterThan(1);
          const bury = buries[choice % buries.length]!;
          const cards = bury.label.split(' ').slice(1);
          buried++;
          const reply = typed
            ? await game.command(room, 'U0', bury.label, lang)
            : await game.pick(room, 'U0', bury.index, bury.version, lang);
          // The channel: exactly the burial, no card; the mover: their cards.
          expect(reply.public).toBe(lang === 'de' ? 'Ulla: vergraben' : 'Ulla: bury');
          expect(reply.ack).toMatch(new RegExp(cards.join(' ')));
          // The table as the channel sees it afterwards shows none of the buried cards either.
          const status = (await game.status(room, lang)).public ?? '';
          for (const c of cards) expect(status).not.toMatch(new RegExp(`(^|[^\\w])${c}([^\\w]|$)`));
        },
      ),
      { numRuns: RUNS },
    );
    // The forehand is asked first: every run reaches the burial (a run that did not would prove nothing).
    expect(buried).toBe(RUNS);
  }, 120_000);
});
