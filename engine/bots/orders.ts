import { type Card, type Rank, SUITS, type Suit, cardOf } from '../cards/card.js';
import { type CompiledOrder, type TrickOrder, compileOrder, reverseOrder, samePlain } from '../tricks/order.js';
import type { Contract } from '../variant.js';

/**
 * A contract as the bots weigh it: a real {@link Contract}, or one they only imagine — a bid's game that is no
 * contract game (`muss`), a Sheepshead action standing for one (`pick`, `alone`), `normal` before the auction ends.
 * Its `game` is any name the bots' tables know; every real contract is one.
 */
export type Candidate = Omit<Contract, 'game'> & { readonly game: string };

/**
 * The trick order of each contract of the family, as the bots see it: plain data over the public
 * {@link TrickOrder}. test/engine/bots/orders.test.ts checks these against the engine's own trick winners, so a rules
 * change that is not mirrored here fails a test instead of silently weakening the bots.
 */
const OBER: readonly Card[] = SUITS.map((s) => cardOf(s, 'O'));
const UNTER: readonly Card[] = SUITS.map((s) => cardOf(s, 'U'));
const GEFREITE: readonly Card[] = SUITS.map((s) => cardOf(s, 'G'));
const row = (rank: Rank): Card[] => SUITS.map((s) => cardOf(s, rank));
const suitCards = (suit: Suit, ranks: readonly Rank[]): Card[] => ranks.map((r) => cardOf(suit, r));
const without = (ranks: readonly Rank[], drop: Rank): Rank[] => ranks.filter((r) => r !== drop);

const SK_PLAIN: readonly Rank[] = ['A', 'Z', 'K', '9', '8', '7'];
const SK_BETTEL: readonly Rank[] = ['A', 'K', 'O', 'U', 'Z', '9', '8', '7'];
const FULL: readonly Rank[] = ['A', 'Z', 'K', 'O', 'U', '9', '8', '7'];
const MK_PLAIN: readonly Rank[] = ['A', 'Z', 'S', 'K', '9', '8', '7', '6', 'P'];
const MK_BY_VALUE: readonly Rank[] = ['A', 'Z', 'S', 'K', 'O', 'U', 'G', '9', '8', '7', '6', 'P'];

const solo = (suit: Suit): TrickOrder => ({
  trumps: [...OBER, ...UNTER, ...suitCards(suit, SK_PLAIN)],
  plain: samePlain(SK_PLAIN),
});
const onlyTrumps = (trumps: readonly Card[], drop: Rank, ranks: readonly Rank[] = FULL): TrickOrder => ({
  trumps,
  plain: samePlain(without(ranks, drop)),
});
const colourWith = (top: readonly Card[], drop: Rank, suit: Suit): TrickOrder => ({
  trumps: [...top, ...suitCards(suit, without(FULL, drop))],
  plain: samePlain(without(FULL, drop)),
});

function schafkopf(c: Candidate, options: unknown): TrickOrder {
  const suit = c.suit ?? 'H';
  switch (c.game) {
    case 'solo':
      return solo(suit);
    case 'sie':
      return solo('H');
    case 'wenz':
      return onlyTrumps(UNTER, 'U');
    case 'geier':
      return onlyTrumps(OBER, 'O');
    case 'farbwenz':
      return colourWith(UNTER, 'U', suit);
    case 'farbgeier':
      return colourWith(OBER, 'O', suit);
    case 'bettel':
    case 'bettel-brett': {
      const bettel = (options as { bettel?: { order?: string } } | null)?.bettel?.order;
      return bettel === 'herz-trumps' ? solo('H') : { trumps: [], plain: samePlain(SK_BETTEL) };
    }
    default:
      return solo('H');
  }
}

function mehrkopf(c: Candidate): TrickOrder {
  const normal = (suit: Suit): TrickOrder => ({
    trumps: [...OBER, ...UNTER, ...GEFREITE, ...suitCards(suit, MK_PLAIN)],
    plain: samePlain(MK_PLAIN),
  });
  switch (c.game) {
    case 'solo':
    case 'farbspiel':
      return normal(c.suit ?? 'H');
    case 'geier':
      return onlyTrumps(OBER, 'O', MK_BY_VALUE);
    case 'wenz':
      return onlyTrumps(UNTER, 'U', MK_BY_VALUE);
    case 'niederer':
      return onlyTrumps(GEFREITE, 'G', MK_BY_VALUE);
    default:
      return normal('H');
  }
}

function saukopf(c: Candidate): TrickOrder {
  const keiler = (suit: Suit): TrickOrder => solo(suit);
  let base: TrickOrder;
  switch (c.game) {
    case 'keiler':
      base = keiler(c.suit ?? 'H');
      break;
    case 'eber':
      base = { trumps: OBER, plain: samePlain(['A', 'Z', 'K', 'U', '9', '8', '7']) };
      break;
    case 'wutz':
      base = { trumps: UNTER, plain: samePlain(['A', 'Z', 'K', 'O', '9', '8', '7']) };
      break;
    case 'ferkelparade':
      base = { trumps: [...row('9'), ...row('8'), ...row('7')], plain: samePlain(['A', 'Z', 'K', 'O', 'U']) };
      break;
    case 'knorpel':
      base = { trumps: c.card !== undefined ? [c.card] : [], plain: samePlain(FULL) };
      break;
    case 'schwarte':
      base = { trumps: [], plain: samePlain(FULL) };
      break;
    default:
      base = keiler('H');
  }
  return c.spiess === true ? reverseOrder(base) : base;
}

const SHEEPSHEAD: TrickOrder = {
  trumps: ['EO', 'GO', 'HO', 'SO', 'EU', 'GU', 'HU', 'SU', 'SA', 'SZ', 'SK', 'S9', 'S8', 'S7'],
  plain: samePlain(SK_PLAIN),
};

/** The trick order a contract is played in (the normal order before a contract is fixed). */
export function trickOrderOf(variant: string, contract: Candidate | null, options: unknown): TrickOrder {
  const c: Candidate = contract ?? { game: 'normal' };
  switch (variant) {
    case 'schafkopf':
      return schafkopf(c, options);
    case 'mehrkopf':
      return mehrkopf(c);
    case 'saukopf':
      return saukopf(c);
    case 'sheepshead':
      return SHEEPSHEAD;
    default:
      return solo('H');
  }
}

const cache = new Map<string, CompiledOrder>();

/** {@link trickOrderOf} compiled and cached. */
export function orderOf(variant: string, contract: Candidate | null, options: unknown): CompiledOrder {
  const bettel = (options as { bettel?: { order?: string } } | null)?.bettel?.order ?? '';
  const c = contract;
  const key = `${variant}:${c?.game ?? ''}:${c?.suit ?? ''}:${c?.card ?? ''}:${c?.spiess === true ? 1 : 0}:${bettel}`;
  let order = cache.get(key);
  if (order === undefined) {
    order = compileOrder(trickOrderOf(variant, contract, options));
    cache.set(key, order);
  }
  return order;
}
