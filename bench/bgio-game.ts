import type { Game } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';

/**
 * The boardgame.io baseline game for bench/server.ts (docs/performance.md "boardgame.io in the same run"): a 4-player
 * trick-taking game with a 32-card deck (4 suits × 7, 8, 9, 10, J, Q, K, A), 8 cards each from the match's seeded
 * shuffle (`random.Shuffle` on the game's seed), follow suit if you can, the highest card of the led suit wins the
 * trick and leads the next. After 8 tricks the winner of the most tricks scores a point and the next deal is shuffled
 * from the same PRNG; `setupData.deals` ends the match (endless when absent, as the benchmark's tables are). Each
 * player sees only their own hand (`playerView`).
 */
export interface Card {
  readonly suit: number;
  readonly rank: number;
}
export interface TrickG {
  hands: Card[][];
  trick: { seat: number; card: Card }[];
  tricks: number[];
  leader: number;
  deal: number;
  score: number[];
  readonly deals: number | null;
}

const deck = (): Card[] => [0, 1, 2, 3].flatMap((suit) => [0, 1, 2, 3, 4, 5, 6, 7].map((rank) => ({ suit, rank })));

const dealOut = (shuffled: Card[]): Card[][] => [0, 1, 2, 3].map((s) => shuffled.slice(s * 8, s * 8 + 8));

/** Indexes of the cards `seat` may play: the led suit if the hand holds it, otherwise any card. */
export function legalCards(G: TrickG, seat: number): number[] {
  const hand = G.hands[seat] ?? [];
  const led = G.trick[0]?.card.suit;
  const follow = hand.flatMap((c, i) => (c.suit === led ? [i] : []));
  return follow.length > 0 ? follow : hand.map((_, i) => i);
}

export const TrickGame: Game<TrickG, Record<string, unknown>, { deals?: number }> = {
  name: 'trick32',
  seed: 'stammtisch-bench',
  minPlayers: 4,
  maxPlayers: 4,
  setup: ({ random }, setupData) => ({
    hands: dealOut(random.Shuffle(deck())),
    trick: [],
    tricks: [0, 0, 0, 0],
    leader: 0,
    deal: 1,
    score: [0, 0, 0, 0],
    deals: setupData?.deals ?? null,
  }),
  playerView: ({ G, playerID }) => ({
    ...G,
    hands: G.hands.map((h, s) => (String(s) === playerID ? h : h.map(() => ({ suit: -1, rank: -1 })))),
  }),
  turn: {
    minMoves: 1,
    maxMoves: 1,
    order: {
      first: () => 0,
      // After a full trick its winner leads; otherwise the next seat.
      next: ({ G, ctx }) => (G.trick.length === 0 ? G.leader : (ctx.playOrderPos + 1) % ctx.numPlayers),
    },
  },
  moves: {
    // Server-authoritative (`client: false`) like the local server: the client sends the move and waits for the state.
    play: {
      client: false,
      move: ({ G, playerID, random }, index: number) => {
        const seat = Number(playerID);
        if (!legalCards(G, seat).includes(index)) return INVALID_MOVE;
        const [card] = G.hands[seat]!.splice(index, 1);
        G.trick.push({ seat, card: card! });
        if (G.trick.length < 4) return;
        const led = G.trick[0]!.card.suit;
        const winner = G.trick.reduce((w, p) => (p.card.suit === led && p.card.rank > w.card.rank ? p : w));
        G.tricks[winner.seat]!++;
        G.leader = winner.seat;
        G.trick = [];
        if (G.hands.every((h) => h.length === 0)) {
          const best = Math.max(...G.tricks);
          G.score[G.tricks.indexOf(best)]!++;
          G.tricks = [0, 0, 0, 0];
          G.deal++;
          G.hands = dealOut(random.Shuffle(deck()));
        }
      },
    },
  },
  endIf: ({ G }) => (G.deals !== null && G.deal > G.deals ? { score: G.score } : undefined),
};
