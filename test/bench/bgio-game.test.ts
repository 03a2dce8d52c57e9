import { Client } from 'boardgame.io/client';
import { describe, expect, it } from 'vitest';
import { type Card, TrickGame, legalCards } from '../../bench/bgio-game.js';

// The boardgame.io baseline of bench/server.ts must be a legal game: played in-process by boardgame.io's own Client
// (no server), every move it offers is accepted, each deal uses the 32 cards once, and two deals end the match.
describe('bench/bgio-game.ts (boardgame.io baseline)', () => {
  it('plays a two-deal match to the end with only legal moves', () => {
    const client = Client({
      game: { ...TrickGame, setup: (ctx) => TrickGame.setup!(ctx, { deals: 2 }) },
      numPlayers: 4,
    });
    client.start();
    const seen: Card[] = [];
    let moves = 0;
    for (let state = client.getState()!; state.ctx.gameover === undefined; state = client.getState()!) {
      client.updatePlayerID(state.ctx.currentPlayer);
      const mine = client.getState()!;
      const seat = Number(mine.ctx.currentPlayer);
      // Hidden hands: the mover sees only their own cards.
      expect(mine.G.hands.every((h, s) => s === seat || h.every((c) => c.suit === -1))).toBe(true);
      const index = legalCards(mine.G, seat)[0]!;
      if (mine.G.deal === 1) seen.push(mine.G.hands[seat]![index]!);
      client.moves.play!(index);
      const after = client.getState()!;
      expect(after._stateID).toBe(mine._stateID + 1); // accepted, not an INVALID_MOVE
      moves++;
      expect(moves).toBeLessThanOrEqual(64);
    }
    expect(moves).toBe(64);
    expect(new Set(seen.map((c) => `${c.suit}/${c.rank}`)).size).toBe(32);
    const score = (client.getState()!.ctx.gameover as { score: number[] }).score;
    expect(score.reduce((a, b) => a + b, 0)).toBe(2);
    client.stop();
  });

  it('refuses a card of another suit when the hand can follow', () => {
    const client = Client({ game: TrickGame, numPlayers: 4, playerID: '0' });
    client.start();
    client.moves.play!(0);
    client.updatePlayerID('1');
    const s = client.getState()!;
    const legal = legalCards(s.G, 1);
    const illegal = s.G.hands[1]!.findIndex((_, i) => !legal.includes(i));
    expect(illegal).toBeGreaterThanOrEqual(0); // the seeded deal gives seat 1 the led suit and others
    client.moves.play!(illegal);
    expect(client.getState()!._stateID).toBe(s._stateID);
    client.moves.play!(legal[0]!);
    expect(client.getState()!._stateID).toBe(s._stateID + 1);
    client.stop();
  });
});
