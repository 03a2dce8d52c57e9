import { describe, expect, it } from 'vitest';
import { type TableState, decide, evolve, shuffledDeckFor, view } from '../../../engine/index.js';
import { PASS, act, bid, cards, deal, deal2, expectIllegal, mk, play, playCard, playable } from './helpers.js';
import { asSeat } from '../../../engine/seat.js';

// Two players: seat 0 (non-dealer) and seat 1 (dealer); faceDown[i][k] lies under faceUp[i][k].
const UP = 'EO GO EU HA HZ HK EA SA | HO SO GU SU GA GZ EZ SZ';
const DOWN = 'H9 H8 E7 G7 S7 GK E9 S8 | HU EK SK G9 S9 G8 E8 H7';

describe('Mehrkopf, two players — Offiziersschafkopf (rulebook "2 Spieler")', () => {
  it('2 Spieler: 32 cards; 8 face down before each, then 8 face up on the non-dealer’s and 8 on the dealer’s', () => {
    const o = mk.resolveOptions(undefined, {}, 2);
    const deck = mk.deck(o, 2);
    expect(deck).toHaveLength(32);
    const layout = mk.deal(o, 2, 1, deck);
    expect(layout.hands).toEqual([[], []]);
    expect(layout.faceDown?.[0]).toEqual(deck.slice(0, 8));
    expect(layout.faceDown?.[1]).toEqual(deck.slice(8, 16));
    expect(layout.faceUp?.[0]).toEqual(deck.slice(16, 24));
    expect(layout.faceUp?.[1]).toEqual(deck.slice(24, 32));
  });

  it('2 Spieler: the non-dealer plays or passes; when he passes the dealer must declare', () => {
    const s = deal2(UP, DOWN);
    expect(mk.toAct(s)).toEqual([0]);
    act(s, 0, PASS);
    expectIllegal(s, 1, PASS, /dealer must declare/);
    expect(mk.legalActions(s, 1).map((a) => a.type)).toEqual(['bid', 'bid', 'bid', 'bid']);
    act(s, 1, bid('farbspiel', 'S'));
    expect(s.contract).toMatchObject({ declarer: 1, game: 'farbspiel', suit: 'S' });
  });

  it('2 Spieler: only games with a named trump suit (Ober, Unter and that suit are trump)', () => {
    const s = deal2(UP, DOWN);
    expectIllegal(s, 0, bid('solo', 'H'), /named trump suit/);
    expectIllegal(s, 0, bid('sauspiel', 'E'), /named trump suit/);
    act(s, 0, bid('farbspiel', 'E'));
    act(s, 1, PASS);
    // Eichel is trump: EA is a trump, the Herz cards are a plain suit.
    play(s, 'HA');
    // Seat 1 has no face-up Herz (HO is a trump, not Herz): any face-up card.
    expect(playable(s)).toEqual(cards('HO SO GU SU GA GZ EZ SZ'));
    // With Eichel trump, EA beats a led EZ only as a trump: seat 1 leads EZ later; here HO trumps HA.
    play(s, 'HO');
    expect(mk.toAct(s)).toEqual([1]);
  });

  it('2 Spieler: only face-up cards may be played; the face-down card turns up after the trick', () => {
    const s = deal2(UP, DOWN, { contract: { declarer: 0, game: 'farbspiel', suit: 'H' } });
    expectIllegal(s, 0, playCard('S8'), /only a face-up card/);
    play(s, 'SA');
    // During the trick the card under SA is still face down.
    expect(mk.view(s, { kind: 'seat', seat: 1 }).hands[0]).not.toContain('S8');
    play(s, 'SZ');
    // After the trick: S8 (under SA) and H7 (under SZ) are face up and playable.
    expect(mk.view(s, { kind: 'seat', seat: 1 }).hands[0]).toContain('S8');
    expect(playable(s)).toEqual(cards('EO GO EU HA HZ HK EA S8'));
    play(s, 'S8');
    expect(playable(s)).toEqual(cards('HO SO GU SU GA GZ EZ H7'));
  });

  it('2 Spieler: no face-down card appears in any view while the deal runs', () => {
    const s = deal2(UP, DOWN, { contract: { declarer: 0, game: 'farbspiel', suit: 'H' } });
    const down = new Set(cards(DOWN.replace('|', ' ')));
    for (const audience of [{ kind: 'seat', seat: 0 }, { kind: 'seat', seat: 1 }, { kind: 'spectator' }] as const) {
      const text = JSON.stringify(mk.view(s, audience));
      for (const c of down) expect(text.includes(`"${c}"`), `${audience.kind} sees ${c}`).toBe(false);
    }
  });
});

describe('Mehrkopf, three players (rulebook "3 Spieler")', () => {
  const D3 = 'EO GO HO EU GA GZ GK G9 | SO GU HU SU EA EZ EK E9 | HA HZ HK H9 SA SZ SK S9';
  it('3 Spieler: 24 cards O U A 10 K 9; only solos may be played', () => {
    const o = mk.resolveOptions(undefined, {}, 3);
    expect(mk.deck(o, 3)).toHaveLength(24);
    expect(new Set(mk.deck(o, 3).map((c) => c[1]))).toEqual(new Set(['O', 'U', 'A', 'Z', 'K', '9']));
    const s = deal(D3);
    expectIllegal(s, 0, bid('sauspiel', 'E'), /three players play solos only/);
    const games = new Set(mk.legalActions(s, 0).flatMap((a) => (a.type === 'bid' ? [a.game] : [])));
    expect(games).toEqual(new Set(['solo', 'geier', 'wenz']));
  });

  it('3 Spieler: when all pass the dealer may not demand a Ramsch (no normal game is possible)', () => {
    const s = deal(D3);
    for (const seat of [0, 1, 2]) act(s, asSeat(seat), PASS);
    expect(s.phase).toBe('choice');
    const choices = mk
      .legalActions(s, 2)
      .map((a) => (a.type === 'choose' ? a.choice : `${a.type} ${a.type === 'announce' ? a.game : ''}`));
    expect([...new Set(choices)]).toEqual(['redeal', 'announce muss']);
    expectIllegal(s, 2, { type: 'choose', choice: 'ramsch' }, /normal game/);
  });
});

describe('Mehrkopf, seven players (rulebook "7 Spieler": the dealer sits out)', () => {
  it('7 Spieler: six play; the dealer sits out, rotating with the deal', () => {
    const o = mk.resolveOptions(undefined, {}, 7);
    expect(mk.participants(o, 7, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(mk.participants(o, 7, 0)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(mk.participants(o, 7, 3)).toEqual([4, 5, 6, 0, 1, 2]);
  });

  it('7 Spieler: at the table the dealer holds no cards, may not act, and the next deal another seat sits out', () => {
    let state: TableState | null = null;
    const run = (cmd: Parameters<typeof decide>[0]): void => {
      const d = decide(cmd, state);
      if (!d.ok) throw new Error(JSON.stringify(d.error));
      for (const e of d.events) state = evolve(state, e);
    };
    run({ type: 'OpenTable', variant: 'mehrkopf', seats: 7, dealer: 2 });
    run({ type: 'StartDeal', deck: shuffledDeckFor(state!, 'seven') });
    const deal1 = view(state!, { kind: 'seat', seat: 2 }).deal!;
    expect(deal1.participants).not.toContain(2);
    expect(deal1.forehand).toBe(3);
    const refused = decide({ type: 'Act', seat: 2, action: { type: 'pass' } }, state);
    expect(refused.ok).toBe(false);
    // Everybody passes, the last seat of the round (seat 1, right of the dealer) redeals.
    for (const seat of [3, 4, 5, 6, 0, 1]) run({ type: 'Act', seat, action: { type: 'pass' } });
    run({ type: 'Act', seat: 1, action: { type: 'choose', choice: 'redeal' } });
    expect(state!.deal!.over).toBe(true);
    expect(state!.dealer).toBe(3);
    run({ type: 'StartDeal', deck: shuffledDeckFor(state!, 'seven-2') });
    expect(state!.deal!.players).toEqual([4, 5, 6, 0, 1, 2]);
  });

  it('7 Spieler: a deal of seven seats (the dealer with an empty hand) plays like six', () => {
    const h6 =
      'SO GU SG HA S9 S8 E6 GP | SA EO GO HO EU HU HZ HS | SS E9 E8 E7 EP G9 G8 G7 | EA EZ ES EK EG GG HG SU | GA GZ GS GK H9 H8 H7 H6 | SZ SK S7 S6 SP HP HK G6 | ';
    const s = deal(h6, { dealer: 6 });
    expect(s.sitOut).toBe(6);
    expect(mk.toAct(s)).toEqual([0]);
    expectIllegal(s, 6, PASS, /does not play/);
  });
});
