import { describe, expect, it } from 'vitest';
import {
  type TableCommand,
  type TableEvent,
  type TableState,
  type Action,
  type Card,
  Rng,
  decide,
  evolve,
  parseCards,
  redactEvent,
  view,
} from '../../../engine/index.js';
import { pickAction } from '../../../engine/sim.js';
import { parseCommand, renderEvent, renderView, sortHand } from '../../../engine/text/index.js';

const NAMES = ['Anna', 'Bert', 'Carla', 'Done'];

/** A Schafkopf table with a fixed deal (the deck is dealt in packets of four from forehand). */
function table(hands: string, variant = 'schafkopf', preset?: string, knockPhase = false) {
  let state: TableState | null = null;
  const events: TableEvent[] = [];
  const run = (cmd: TableCommand): void => {
    const d = decide(cmd, state);
    if (!d.ok) throw new Error(JSON.stringify(d.error));
    for (const e of d.events) {
      events.push(redactEvent(state, e, { kind: 'seat', seat: 0 }));
      state = evolve(state, e);
    }
  };
  // The default preset knocks after the first four cards; most tests here look at the auction, so they pin the old timing.
  const oldKnock = variant === 'schafkopf' && preset === undefined && !knockPhase;
  run({
    type: 'OpenTable',
    variant,
    seats: 4,
    ...(preset ? { preset } : {}),
    ...(oldKnock ? { options: { knock: { timing: 'before-first-call' } } } : {}),
  });
  const per = parseCards(hands.replace(/\|/g, ' '));
  // Two packets of four per seat, forehand (seat 0) first.
  const h = [0, 1, 2, 3].map((i) => per.slice(i * 8, i * 8 + 8));
  const deck: Card[] = [...h.flatMap((x) => x.slice(0, 4)), ...h.flatMap((x) => x.slice(4, 8))];
  run({ type: 'StartDeal', deck });
  return { state: () => state!, run, events };
}

describe('a seat’s view as chat text', () => {
  const hands = 'H7 EO GU HA E9 EZ SK H9 | GO HO SO EU HU SU HZ HK | EA E8 E7 EK GA GZ G9 G8 | G7 GK SA SZ S9 S8 S7 H8';

  it('shows the hand in the Sauspiel order, the bids with names and the legal moves as commands (de)', () => {
    const t = table(hands);
    const text = renderView(view(t.state(), { kind: 'seat', seat: 0 }), { lang: 'de', seat: 0, names: NAMES });
    expect(text).toContain('Dein Blatt: EO GU HA H9 H7 | E10 E9 | SK');
    expect(text).toContain('Du bist dran: klopfen · weiter · ');
    expect(text).toContain('Sauspiel Eichel/Schellen');
    expect(text).toContain(' · Eichel/Gras/Herz/Schellen-Solo Tout · ');
    expect(text).not.toContain('GO'); // nobody else's cards
  });

  it('offers knock / nicht klopfen after the first four, parses both back and shows the second packet', () => {
    const t = table(hands, 'schafkopf', undefined, true);
    const text = renderView(view(t.state(), { kind: 'seat', seat: 0 }), { lang: 'de', seat: 0, names: NAMES });
    expect(text).toContain('Klopfen nach den ersten 4 Karten: alle entscheiden zugleich');
    expect(text).toContain('Dein Blatt: EO GU HA H7');
    expect(text).toContain('klopfen · nicht klopfen');
    const noKnock: Action = { type: 'choose', choice: 'no-knock' };
    const knockOrNot: Action[] = [{ type: 'knock' }, noKnock];
    for (const [lang, words] of [
      ['de', 'nicht klopfen'],
      ['de', 'kein Klopfen'],
      ['de', 'ich klopfe nicht'],
      ['de', 'nicht legen'],
      ['de', 'weiter'],
      ['en', 'no knock'],
      ['en', "don't knock"],
      ['en', 'pass'],
    ] as const)
      expect(parseCommand(words, knockOrNot, { variant: 'schafkopf', lang }), words).toMatchObject({
        ok: true,
        action: noKnock,
      });
    for (const [lang, words] of [
      ['de', 'klopfen'],
      ['de', 'ich klopfe'],
      ['de', 'legen'],
      ['en', 'knock'],
    ] as const)
      expect(parseCommand(words, knockOrNot, { variant: 'schafkopf', lang }), words).toMatchObject({
        ok: true,
        action: { type: 'knock' },
      });
    t.run({ type: 'Act', seat: 1, action: { type: 'knock' } });
    const waiting = renderView(view(t.state(), { kind: 'spectator' }), { lang: 'en', names: NAMES });
    expect(waiting).toContain('Knocking after the first 4 cards: every seat decides at once · knocked: Bert');
    expect(waiting).toContain('To act: Anna, Carla, Done');
    for (const s of [0, 2, 3]) t.run({ type: 'Act', seat: s, action: noKnock });
    const dealt = t.events.filter((e) => e.type === 'DealNoted' && e.note.type === 'CardsDealt');
    expect(dealt.map((e) => renderEvent(e, 'de', NAMES))).toEqual([
      'Anna bekommt E9 E10 SK H9',
      'Bert bekommt die übrigen Karten',
      'Carla bekommt die übrigen Karten',
      'Done bekommt die übrigen Karten',
    ]);
  });

  it('shows whose turn it is, the table and the trick in English, sorted for a Wenz', () => {
    const t = table(hands);
    t.run({ type: 'Act', seat: 0, action: { type: 'bid', game: 'wenz' } });
    for (const s of [1, 2, 3]) t.run({ type: 'Act', seat: s, action: { type: 'pass' } });
    const before = renderView(view(t.state(), { kind: 'seat', seat: 1 }), { lang: 'en', seat: 1, names: NAMES });
    expect(before).toContain('Game: Wenz (Anna)');
    expect(before).toContain('To act: Anna');
    expect(before).toContain('Your hand: EU HU SU | GO | H10 HK HO | SO');
    expect(before).toContain('You may: kontra');
    t.run({ type: 'Act', seat: 0, action: { type: 'play', card: 'GU' } });
    const text = renderView(view(t.state(), { kind: 'seat', seat: 1 }), { lang: 'en', seat: 1, names: NAMES });
    expect(text).toContain('Table: Anna GU');
    expect(text).toMatch(/Your turn: (EU|HU|SU)/);
  });

  it('sorts a hand in the contract’s trump order', () => {
    const hand = parseCards('H7 EO GU HA E9 EZ SK H9');
    expect(sortHand(hand, 'schafkopf', null)).toEqual([['EO', 'GU', 'HA', 'H9', 'H7'], ['EZ', 'E9'], ['SK']]);
    expect(sortHand(hand, 'schafkopf', { game: 'solo', suit: 'E' })).toEqual([
      ['EO', 'GU', 'EZ', 'E9'],
      ['HA', 'H9', 'H7'],
      ['SK'],
    ]);
    expect(sortHand(hand, 'schafkopf', { game: 'bettel' })).toEqual([
      ['EO', 'EZ', 'E9'],
      ['GU'],
      ['HA', 'H9', 'H7'],
      ['SK'],
    ]);
    expect(sortHand(hand, 'sheepshead', null)).toEqual([
      ['EO', 'GU', 'SK'],
      ['EZ', 'E9'],
      ['HA', 'H9', 'H7'],
    ]);
    expect(sortHand(hand, 'saukopf', { game: 'eber', spiess: true })).toEqual([
      ['EO'],
      ['E9', 'EZ'],
      ['GU'],
      ['H7', 'H9', 'HA'],
      ['SK'],
    ]);
  });
});

describe('events as one line each', () => {
  it('names players, bids, plays, tricks and the result', () => {
    const t = table(
      'H7 EO GU HA E9 EZ SK H9 | GO HO SO EU HU SU HZ HK | EA E8 E7 EK GA GZ G9 G8 | G7 GK SA SZ S9 S8 S7 H8',
    );
    const rng = new Rng(3);
    for (let guard = 0; guard < 100; guard++) {
      const v = view(t.state(), { kind: 'spectator' });
      if (v.deal === null || v.deal.toAct.length === 0) break;
      const seat = v.deal.toAct[0]!;
      t.run({ type: 'Act', seat, action: pickAction(view(t.state(), { kind: 'seat', seat }).legalActions, rng) });
    }
    const de = t.events.map((e) => renderEvent(e, 'de', NAMES, { variant: 'schafkopf' }));
    const en = t.events.map((e) => renderEvent(e, 'en', NAMES, { variant: 'schafkopf' }));
    expect(de[0]).toBe('Neuer Tisch: Bayerischer Schafkopf (sauspiel), 4 Plätze');
    expect(de[1]).toBe('Spiel 1: Done gibt.');
    expect(en[1]).toBe('Deal 1: Done deals.');
    expect(de.some((l) => /^Stich an (Anna|Bert|Carla|Done) \(\d+ Augen\)$/.test(l))).toBe(true);
    expect(en.some((l) => /takes the trick/.test(l))).toBe(true);
    expect(de.at(-1)).toMatch(/^Spiel 1: Ergebnis: /);
    // Every ActionTaken line is `Name: command`, and the command reads back.
    for (const [i, e] of t.events.entries())
      if (e.type === 'ActionTaken') expect(de[i]).toMatch(new RegExp(`^${NAMES[e.seat]}: `));
  });

  it('writes unknown event types as their name', () => {
    expect(renderEvent({ type: 'SeatJoined' }, 'de')).toBe('SeatJoined');
  });
});

describe('answers to unclear commands', () => {
  const legal = [
    { type: 'play', card: 'EO' },
    { type: 'play', card: 'GO' },
    { type: 'play', card: 'HA' },
  ] as const;

  it('asks back in the language of the command, naming the candidates as commands', () => {
    const de = parseCommand('Ober', legal, { variant: 'schafkopf' });
    expect(de).toMatchObject({ ok: false, reason: 'ambiguous', lang: 'de' });
    if (!de.ok) expect(de.message).toBe('Das ist nicht eindeutig: „Ober“. Meinst du: EO · GO?');
    const en = parseCommand('play the queen', legal, { variant: 'schafkopf' });
    expect(en).toMatchObject({ ok: false, reason: 'ambiguous', lang: 'en' });
    if (!en.ok)
      expect(en.message).toBe('That could mean more than one thing: "play the queen". Did you mean: EO · GO?');
  });

  it('names unknown words and lists what is legal', () => {
    const r = parseCommand('spiel blubb', legal, { variant: 'schafkopf' });
    expect(r).toMatchObject({ ok: false, reason: 'unknown-words', unknown: ['blubb'], commands: ['EO', 'GO', 'HA'] });
    if (!r.ok) expect(r.message).toBe('Das verstehe ich nicht: „blubb“. Möglich: EO · GO · HA');
  });

  it('says when the seat has nothing to do', () => {
    const r = parseCommand('EO', [], { variant: 'schafkopf', lang: 'en' });
    expect(r).toMatchObject({ ok: false, reason: 'nothing-legal', message: 'It is not your turn.' });
  });
});

describe('legal moves in one line', () => {
  it('writes point bids as a range and long card lists as an example with a count', async () => {
    const { summarizeCommands } = await import('../../../engine/text/index.js');
    const bids: Action[] = [{ type: 'pass' }, ...[65, 66, 67, 68, 69].map((value): Action => ({ type: 'bid', value }))];
    expect(summarizeCommands(bids, 'saukopf', 'de')).toBe('weiter · grunz 65 … 69');
    const hand = ['EO', 'GO', 'HO', 'SO', 'EU', 'GU'] as const;
    const bury = hand.flatMap((a, i) => hand.slice(i + 1).map((b) => ({ type: 'bury', cards: [a, b] }) as const));
    expect(summarizeCommands(bury, 'sheepshead', 'en')).toBe('bury QC QS … (15 choices)');
    const plays = hand.map((card) => ({ type: 'play', card }) as const);
    expect(summarizeCommands([...plays, { type: 'kontra' }], 'schafkopf', 'de')).toBe(
      'EO · GO · HO · SO · EU · GU · Kontra',
    );
  });
});

describe('hidden actions in events', () => {
  it('a redacted burial or Trog names no card', () => {
    const names = ['Anna', 'Bert'];
    const event = (action: Action) => ({ type: 'ActionTaken', deal: 1, seat: 1, action }) as const;
    expect(renderEvent(event({ type: 'bury', cards: [] }), 'en', names, { variant: 'sheepshead' })).toBe('Bert: bury');
    expect(renderEvent(event({ type: 'bury', cards: ['S7', 'S8'] }), 'de', names, { variant: 'sheepshead' })).toBe(
      'Bert: vergraben 7D 8D',
    );
    expect(renderEvent(event({ type: 'trog', cards: [] }), 'de', names, { variant: 'saukopf' })).toBe('Bert: Trog');
    expect(renderEvent(event({ type: 'play', card: 'HZ' }), 'de', [], { variant: 'schafkopf' })).toBe('Platz 1: H10');
  });
});

describe('the rules events as chat lines', () => {
  it('renders DealAbandoned and DieRolled', () => {
    expect(renderEvent({ type: 'DealAbandoned', deal: 3, reason: 'table-closed' }, 'en')).toBe(
      'Deal 3 abandoned: the table was closed.',
    );
    const die: TableEvent = { type: 'DealNoted', deal: 1, note: { type: 'DieRolled', die: 4, seat: 1 } };
    expect(renderEvent(die, 'de', NAMES)).toBe('Gewürfelt: 4, Mitspieler ist Bert');
  });
});
