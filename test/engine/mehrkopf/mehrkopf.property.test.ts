import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARDS, Rng, money } from '../../../engine/index.js';
import { pickAction } from '../../../engine/sim.js';
import { mk } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

/**
 * Mehrkopf properties beyond the shared contract suite, on normal games (which random auctions rarely reach):
 * team sizes with the Ace and the Schöne called, the Bringregel at the first lead, exact zero-sum shares.
 */
function normalGame(players: number, seed: number): ReturnType<typeof mk.start> | null {
  const o = mk.resolveOptions(undefined, {}, players);
  const rng = new Rng(seed);
  const dealer = players - 1;
  const s = mk.start(
    o,
    players,
    asSeat(dealer),
    mk.deal(o, players, asSeat(dealer), rng.shuffle(mk.deck(o, players))),
    {
      bock: 1,
      pot: money.ZERO,
    },
  );
  // The first seat (from forehand) that can call a suit declares a normal game.
  for (let k = 0; k < players; k++) {
    const seat = (dealer + 1 + k) % players;
    for (const suit of ['E', 'G', 'S'] as const) {
      const contract = { declarer: asSeat(seat), game: 'sauspiel' as const, suit };
      const probe = mk.clone(s);
      if (mk.applyContract(probe, contract) === undefined) return probe;
    }
  }
  return null;
}

for (const players of [4, 5, 6]) {
  describe(`Mehrkopf normal games at ${players} players`, () => {
    it('teams, the Bringregel at the called suit’s first lead, and exact zero-sum shares', () => {
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const s = normalGame(players, seed);
          if (s === null) return;
          const team = s.party.filter(Boolean).length;
          // 4: 2 against 2; 5: 2:3 or 3:2; 6: 3:3 or 2:4 (rulebook "Normalspiel").
          expect(players === 4 ? [2] : [2, 3]).toContain(team);
          const rng = new Rng(seed ^ 0x5eed);
          while (!mk.isOver(s)) {
            const seat = mk.toAct(s)[0]!;
            const legal = mk.legalActions(s, seat);
            // At the first lead of the called suit, a bound Ace holder (not running away) can only bring the Ace.
            if (s.trickLead === 1 && s.trickCards.length > 0 && s.due1[seat] === s.calledAce && !s.freed[seat]) {
              const hand = s.hands[seat]!;
              const suitCards = hand.filter((c) => s.order.effSuit[c] === s.calledSuit).length;
              if (hand.includes(s.calledAce) && suitCards < s.o.calledCards.runAwayMin) {
                expect(legal).toHaveLength(1);
              }
            }
            mk.apply(s, seat, pickAction(legal, rng));
          }
          const r = mk.result(s);
          expect(money.isZero(money.sum(r.payout))).toBe(true);
          expect(r.cardPoints.reduce((a, b) => a + b, 0)).toBe(mk.totalPoints(s.o, players));
          // Every winner receives the same share, every loser pays the same amount.
          const winners = r.payout.filter((p) => p.n > 0).map(money.format);
          const losers = r.payout.filter((p) => p.n < 0).map(money.format);
          expect(new Set(winners).size).toBe(1);
          expect(new Set(losers).size).toBe(1);
        }),
        { numRuns: 60 },
      );
    });
  });
}

describe('Mehrkopf at two players: face-down cards stay hidden until they turn up', () => {
  it('no view of either seat or a spectator names a face-down card; every card turns up exactly once', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const o = mk.resolveOptions(undefined, {}, 2);
        const rng = new Rng(seed);
        const dealer = Math.abs(seed) % 2;
        const layout = mk.deal(o, 2, asSeat(dealer), rng.shuffle(mk.deck(o, 2)));
        const s = mk.start(o, 2, asSeat(dealer), layout, { bock: 1, pot: money.ZERO });
        let revealed = 0;
        while (!mk.isOver(s)) {
          const hidden = s.down!.flat().filter((c) => c >= 0);
          for (const audience of [
            { kind: 'seat', seat: 0 },
            { kind: 'seat', seat: 1 },
            { kind: 'spectator' },
          ] as const) {
            const text = JSON.stringify(mk.view(s, audience));
            for (const c of hidden) expect(text).not.toContain(`"${CARDS[c]}"`);
          }
          const seat = mk.toAct(s)[0]!;
          const notes = mk.apply(s, seat, pickAction(mk.legalActions(s, seat), rng));
          revealed += notes.filter((n) => n.type === 'CardRevealed').length;
        }
        expect(revealed).toBe(16);
        expect(s.trickNo).toBe(16);
      }),
      { numRuns: 20 },
    );
  });
});
