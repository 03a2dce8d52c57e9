import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ACTION_TYPES, type Action, listVariants, parseAction, scoreRecord } from '../../engine/index.js';
import { mehrkopfVocabulary } from '../../engine/variants/mehrkopf/vocabulary.js';
import { saukopfVocabulary } from '../../engine/variants/saukopf/vocabulary.js';
import { schafkopfVocabulary } from '../../engine/variants/schafkopf/vocabulary.js';
import { sheepsheadVocabulary } from '../../engine/variants/sheepshead/vocabulary.js';
import { actionsOf } from '../support/legal-actions.js';

// Each variant declares its actions as data (engine/variants/<variant>/vocabulary.ts); the parser guards every move
// and record with the table's vocabulary.

describe('parseAction against a variant’s vocabulary', () => {
  it('refuses an action type the variant does not have, naming the variant', () => {
    expect(parseAction({ type: 'knock' }, sheepsheadVocabulary)).toEqual({
      ok: false,
      message: 'sheepshead has no knock action (pass, pick, blitz, bury, call, alone, crack, recrack, choose, play)',
      field: 'type',
    });
    expect(parseAction({ type: 'pick' }, schafkopfVocabulary)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^schafkopf has no pick action/),
      field: 'type',
    });
    expect(parseAction({ type: 42 }, schafkopfVocabulary)).toEqual({
      ok: false,
      message: 'unknown action type 42',
      field: 'type',
    });
  });

  it('refuses a game or choice the variant does not have, naming the variant and field', () => {
    expect(parseAction({ type: 'bid', game: 'sauerei' }, schafkopfVocabulary)).toEqual({
      ok: false,
      message:
        "schafkopf has no bid game 'sauerei' (sauspiel, solo, wenz, geier, farbwenz, farbgeier, bettel, bettel-brett, sie, hochzeit)",
      field: 'game',
    });
    // The Ramsch is a contract, not a bid: it follows when all pass.
    expect(parseAction({ type: 'bid', game: 'ramsch' }, mehrkopfVocabulary)).toMatchObject({
      ok: false,
      field: 'game',
    });
    expect(parseAction({ type: 'choose', choice: 'trick-17' }, sheepsheadVocabulary)).toMatchObject({
      ok: false,
      field: 'choice',
    });
    expect(parseAction({ type: 'choose', choice: 'no-knock' }, mehrkopfVocabulary)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^mehrkopf has no choose choice 'no-knock'/),
    });
  });

  it('refuses a field the variant’s action does not carry, and a missing one', () => {
    expect(parseAction({ type: 'bid', value: 61 }, schafkopfVocabulary)).toEqual({
      ok: false,
      message: 'field value is not part of a bid action',
      field: 'value',
    });
    expect(parseAction({ type: 'announce', game: 'keiler', tout: true }, saukopfVocabulary)).toMatchObject({
      ok: false,
      field: 'tout',
    });
    expect(parseAction({ type: 'bid' }, saukopfVocabulary)).toEqual({
      ok: false,
      message: 'a bid action needs value',
      field: 'value',
    });
  });

  it('canonicalises cards and suits and keeps the declared fields only', () => {
    expect(parseAction({ type: 'call', card: 'AC', under: '7H' }, sheepsheadVocabulary)).toEqual({
      ok: true,
      action: { type: 'call', card: 'EA', under: 'H7' },
    });
    expect(parseAction({ type: 'bid', game: 'solo', suit: 'h', tout: true }, schafkopfVocabulary)).toEqual({
      ok: true,
      action: { type: 'bid', game: 'solo', suit: 'H', tout: true },
    });
  });
});

describe('the registered vocabularies', () => {
  it('every variant carries its vocabulary; ACTION_TYPES is their union', () => {
    const types = new Set(listVariants().flatMap((v) => v.vocabulary.types));
    expect(listVariants().map((v) => v.vocabulary.variant)).toEqual(listVariants().map((v) => v.id));
    expect([...ACTION_TYPES].sort()).toEqual([...types].sort());
  });

  for (const variant of listVariants())
    it(`${variant.id}: every action its rules offer parses under its vocabulary to itself, and no other action`, () => {
      const { offered } = actionsOf(variant);
      // Not a vacuous walk: every card of the deck is offered as a play, and more than plays (a pass, a bid) besides.
      // A floor by the deck, not a fixed number: a short-deck variant offers fewer than 40 distinct actions in all.
      const seats = variant.usualSeats ?? variant.tableSeats.min;
      const deck = variant.deck(variant.resolveOptions(undefined, {}, seats), seats);
      const plays = new Set(offered.flatMap((a) => (a.type === 'play' ? [a.card] : [])));
      expect(deck.filter((card) => !plays.has(card))).toEqual([]);
      expect(offered.length).toBeGreaterThan(Math.min(40, deck.length));
      for (const action of offered) {
        expect(parseAction(JSON.parse(JSON.stringify(action)), variant.vocabulary)).toEqual({ ok: true, action });
      }
      // Every other variant's own types are refused at parse, naming this variant.
      for (const type of ACTION_TYPES.filter((t) => !variant.vocabulary.types.includes(t)))
        expect(parseAction({ type } satisfies Partial<Action>, variant.vocabulary)).toMatchObject({
          ok: false,
          field: 'type',
          message: expect.stringContaining(`${variant.id} has no ${type} action`),
        });
    });
});

describe('the record parser reads a record against its variant’s vocabulary', () => {
  const record = JSON.parse(
    readFileSync(new URL('../fixtures/mehrkopf/illegal-3-normal-game.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

  it('an action of another variant is an error naming the variant, the index and the field', () => {
    expect(scoreRecord({ ...record, actions: [{ seat: 0, type: 'knock' }] })).toEqual({
      error: {
        code: 'action/malformed',
        message: 'mehrkopf has no knock action (pass, bid, choose, announce, accept, play)',
        index: 0,
        seat: 0,
        field: 'type',
      },
    });
  });

  it('a contract game of another variant is record/contract naming contract.game', () => {
    expect(scoreRecord({ ...record, contract: { declarer: 0, game: 'sauerei', suit: 'E' } })).toEqual({
      error: {
        code: 'record/contract',
        message:
          "mehrkopf has no contract game 'sauerei' (sauspiel, farbspiel, hochzeit, solo, geier, wenz, niederer, sie, ramsch)",
        field: 'contract.game',
      },
    });
  });

  it('each field of the contract is read by its kind; a wrong one is record/contract naming the field', () => {
    const bad: [Record<string, unknown>, string, string][] = [
      [{ declarer: 3, game: 'solo', suit: 'E' }, 'declarer', 'contract.declarer must be a seat 0..2'],
      [{ declarer: '0', game: 'solo', suit: 'E' }, 'declarer', 'contract.declarer must be a seat 0..2'],
      [{ declarer: 0, game: 'solo', suit: 'X' }, 'suit', 'contract.suit must be one of E, G, H, S'],
      [{ declarer: 0, game: 'solo', suit: 'E', card: 'XX' }, 'card', 'contract.card: not a card: "XX"'],
      [{ declarer: 0, game: 'solo', suit: 'E', tout: 'yes' }, 'tout', 'contract.tout must be true or false'],
      [{ declarer: 0, game: 'solo', suit: 'E', spiess: 1 }, 'spiess', 'contract.spiess must be true or false'],
      [
        { declarer: 0, game: 'solo', suit: 'E', bid: '61' },
        'bid',
        'contract.bid must be a number of Augen or "schwarz"',
      ],
    ];
    for (const [contract, field, message] of bad)
      expect(scoreRecord({ ...record, contract })).toEqual({
        error: { code: 'record/contract', message, field: `contract.${field}` },
      });
  });

  it('a well-formed contract reaches the variant, which judges whether it can be played', () => {
    expect(scoreRecord(record)).toMatchObject({
      error: { code: 'record/contract', rule: 'three players play solos only', field: 'contract' },
    });
    // A Farbsolo Eichel by seat 0 is a contract this table plays: the record is then a deal still to be played.
    expect(scoreRecord({ ...record, contract: { declarer: 0, game: 'solo', suit: 'E', tout: false } })).toMatchObject({
      complete: false,
    });
  });
});
