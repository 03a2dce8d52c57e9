import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, Card } from '../../../engine/index.js';
import { listVariants } from '../../../engine/registry.js';
import { walkRandomDeals } from '../../../engine/sim.js';
import { cardCode, renderEvent, styleOf } from '../../../engine/text/index.js';
import type { Seat } from '../../../engine/variant.js';

/**
 * The line a chat channel shows for a move is written from the move as a spectator sees it. Property: swap the cards
 * only the mover (and their partner) hold in a hidden move — a burial, a Trog, a Hochzeit hand-over, a blitz — for
 * any other cards, and the channel's line stays the same string and names none of them.
 */
const DEALS = Number(process.env.STAMMTISCH_LONG_RUNS ?? 0) > 0 ? 60 : 12;

/** The action with the cards the spectator does not see (the fields its redaction changed) replaced by `others`. */
function swapHidden(action: Action, shown: Action, others: readonly Card[]): Action {
  const a = action as unknown as Record<string, unknown>;
  const b = shown as unknown as Record<string, unknown>;
  let i = 0;
  const next = (): Card => others[i++ % others.length] as Card;
  const out: Record<string, unknown> = { ...a };
  for (const key of Object.keys(a)) {
    if (JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
    const value = a[key];
    out[key] = Array.isArray(value) ? value.map(() => next()) : next();
  }
  return out as unknown as Action;
}

describe('chat: a hidden move reads the same in the channel whatever its cards', () => {
  it.each(listVariants().map((v) => [v.id, v] as const))('%s', (id, variant) => {
    const seen = new Map<string, number>();
    walkRandomDeals(variant, DEALS, 'channel-lines', {
      before: (step) => {
        check(step.state, step.seat, step.action);
        // A Hochzeit hand-over is rare in random deals: the same check for one at every state it could follow.
        check(step.state, step.seat, { type: 'accept', card: 'GK' } as Action);
      },
    });
    function check(state: unknown, seat: Seat, action: Action): void {
      const spectator = { kind: 'spectator' } as const;
      const shown = variant.redactAction(state as never, seat as Seat, action as never, spectator) as Action;
      if (JSON.stringify(shown) === JSON.stringify(action)) return;
      seen.set(action.type, (seen.get(action.type) ?? 0) + 1);
      const line = (a: Action, lang: 'de' | 'en'): string =>
        renderEvent({ type: 'ActionTaken', deal: 1, seat: seat as Seat, action: a }, lang, ['Anna', 'Bert'], {
          variant: id,
        });
      const deck = variant.deck(variant.resolveOptions(Object.keys(variant.presets)[0] as string, {}, 4), 4);
      fc.assert(
        fc.property(
          fc.shuffledSubarray(deck as Card[], { minLength: 3, maxLength: 3 }),
          fc.constantFrom('de', 'en'),
          (others, lang) => {
            const swapped = swapHidden(action, shown, others);
            const redacted = variant.redactAction(state as never, seat as Seat, swapped as never, spectator) as Action;
            expect(line(redacted, lang as 'de' | 'en')).toBe(line(shown, lang as 'de' | 'en'));
          },
        ),
        { numRuns: 5 },
      );
      // The spectator's line names no card the mover hid.
      const a = action as unknown as Record<string, unknown>;
      const b = shown as unknown as Record<string, unknown>;
      const hidden = Object.keys(a)
        .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
        .flatMap((k) => (Array.isArray(a[k]) ? (a[k] as Card[]) : [a[k] as Card]));
      for (const lang of ['de', 'en'] as const)
        for (const c of hidden) expect(line(shown, lang)).not.toContain(cardCode(c, styleOf(id)));
    }
    // Each variant with hidden moves had them in these deals (a run without one would prove nothing).
    const expected: Record<string, string[]> = {
      sheepshead: ['bury', 'call', 'blitz'],
      saukopf: ['trog'],
      schafkopf: ['accept'],
      mehrkopf: ['accept'],
    };
    for (const type of expected[id] ?? []) expect(seen.get(type) ?? 0, `${id} ${type}`).toBeGreaterThan(0);
  });
});
