import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARDS, Rng, checkDeal, money } from '../../../engine/index.js';
import { pickAction } from '../../../engine/sim.js';
import { announcements } from '../../../engine/variants/saukopf/rules.js';
import { saukopf } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

/**
 * Knorpel announcements name a card of an opponent's hand: the declarer's legal actions list one per such card, in
 * deck order (listed opponent by opponent they would tell him every hand). This property drives random deals whose
 * Spielansage is always a Knorpel.
 */
describe('bug: Knorpel options listed opponent by opponent in hand order', () => {
  for (const players of [3, 4])
    it(`${players} players: the Knorpel cards come in deck order, not by holder`, () => {
      const o = saukopf.resolveOptions(undefined, {}, players);
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const layout = saukopf.deal(o, players, asSeat(players - 1), new Rng(seed).shuffle(saukopf.deck(o, players)));
          const s = saukopf.start(o, players, asSeat(players - 1), layout, { bock: 1, pot: money.ZERO });
          const cards = announcements(s, asSeat(0), true).flatMap((a) =>
            a.type === 'announce' && a.game === 'knorpel' && a.spiess !== true ? [a.card as string] : [],
          );
          const opponents = layout.hands.slice(1).flat();
          expect(cards).toEqual(CARDS.filter((c) => opponents.includes(c)));
        }),
        { numRuns: 30 },
      );
    });
});

describe('Knorpel random deals (3 and 4 players)', () => {
  for (const players of [3, 4])
    it(`${players} players: zero-sum, every action legal, the named trump never in the Spieler's hand`, () => {
      const o = saukopf.resolveOptions(undefined, {}, players);
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const rng = new Rng(seed);
          const layout = saukopf.deal(o, players, asSeat(players - 1), rng.shuffle(saukopf.deck(o, players)));
          const s = saukopf.start(o, players, asSeat(players - 1), layout, { bock: 1, pot: money.ZERO });
          const actions = [];
          for (let guard = 0; guard < 500 && !saukopf.isOver(s); guard++) {
            const seat = saukopf.toAct(s)[0]!;
            const legal =
              s.phase === 'announce'
                ? announcements(s, seat, true).filter((a) => a.type === 'announce' && a.game === 'knorpel')
                : saukopf.legalActions(s, seat);
            const action = pickAction(legal, rng);
            expect(saukopf.check(s, seat, action)).toBeUndefined();
            saukopf.apply(s, seat, action);
            actions.push({ seat, action });
          }
          expect(saukopf.isOver(s)).toBe(true);
          const r = saukopf.result(s);
          if (r.thrownIn === undefined && r.contract?.game !== 'wilde-sauerei') {
            expect(r.contract?.game).toBe('knorpel');
            const card = r.contract?.card;
            expect(layout.hands[r.contract!.declarer!]).not.toContain(card);
            expect(layout.blind).not.toContain(card);
            expect(r.laufende).toBe(1);
          }
          expect(checkDeal(saukopf, o, players, { layout, dealer: asSeat(players - 1), actions, result: r })).toEqual(
            [],
          );
        }),
        { numRuns: 60 },
      );
    });
});
