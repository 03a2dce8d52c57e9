import { type Card, RANKS, SUITS, rankOf, suitOf } from '../cards/card.js';
import type { TableEvent, TableView } from '../game/table.js';
import { DEFAULT_VARIANT, getVariant } from '../registry.js';
import { samePlain } from '../tricks/order.js';
import type { Action, AnyVariant, Contract, DealNote, Seat } from '../variant.js';
import { gameLabel, labelAction, summarizeCommands } from './actions.js';
import { cardCode, styleOf } from './cards.js';
import type { Lang } from './words.js';
import { asSeat } from '../seat.js';

/** Display names by table seat; a missing name is written `Platz 2` / `seat 2`. */
export type Names = readonly (string | null | undefined)[];

export function nameOf(names: Names | undefined, seat: Seat, lang: Lang): string {
  const name = names?.[seat];
  return name !== undefined && name !== null && name !== '' ? name : lang === 'de' ? `Platz ${seat}` : `seat ${seat}`;
}

/** Options a hand is shown with when the caller has none: the variant's default preset's. */
const defaults = new Map<string, unknown>();
function defaultOptions(variant: AnyVariant): unknown {
  if (!defaults.has(variant.id))
    defaults.set(variant.id, variant.resolveOptions(variant.defaultPreset, {}, variant.tableSeats.min));
  return defaults.get(variant.id);
}

/**
 * A hand in the contract's order: trumps high → low, then each suit high → low — the variant's own trick order
 * (engine/variant.ts `Variant.trickOrder`; before a contract is fixed its normal order: Ober, Unter, Herz; Sheepshead
 * Q, J, ♦). `options` are the table's (default: the variant's default preset). Returns the groups.
 */
export function sortHand(
  cards: readonly Card[],
  variant: string,
  contract: Contract | null,
  options?: unknown,
): Card[][] {
  const v = getVariant(variant);
  const order = v?.trickOrder(options ?? defaultOptions(v), contract) ?? { trumps: [], plain: samePlain(RANKS) };
  const trumps = order.trumps;
  const trumpSet = new Set(trumps);
  const groups: Card[][] = [cards.filter((c) => trumpSet.has(c)).sort((a, b) => trumps.indexOf(a) - trumps.indexOf(b))];
  for (const suit of SUITS) {
    const plain = order.plain[suit];
    groups.push(
      cards
        .filter((c) => !trumpSet.has(c) && suitOf(c) === suit)
        .sort((a, b) => plain.indexOf(rankOf(a)) - plain.indexOf(rankOf(b))),
    );
  }
  return groups.filter((g) => g.length > 0);
}

/**
 * A contract as chat text: `Herz-Solo Tout (Anna)`, `Eichel-Keiler am Spieß, 75 (Bert)`; a variant with its own
 * contract names (engine/variant.ts `VariantWords.contractNames`) by those: `called ace AH (Anna)`.
 */
export function contractText(contract: Contract, variant: string, lang: Lang, names?: Names): string {
  let text: string;
  const style = styleOf(variant);
  const named = getVariant(variant)?.words?.contractNames;
  if (named !== undefined) {
    text = named[lang][contract.game] ?? contract.game;
    if (contract.card !== undefined) text += ` ${cardCode(contract.card, style)}`;
  } else {
    // Labelled as the bid (Saukopf: the announcement, am Spieß, to its bid) that makes it.
    const spiess = contract.spiess === true;
    text = gameLabel(contract.game, contract.suit, contract.card, contract.tout === true, spiess, lang, style);
    if (contract.bid !== undefined) text += `, ${contract.bid === 'schwarz' ? 'Schwarz' : contract.bid}`;
  }
  if (contract.declarer !== undefined) text += ` (${nameOf(names, contract.declarer, lang)})`;
  return text;
}

const T = {
  de: {
    deal: 'Spiel',
    dealer: 'Geber',
    game: 'Gespielt',
    bids: 'Gebote',
    doublings: 'Doppelt',
    table: 'Tisch',
    lastTrick: 'Letzter Stich',
    hand: 'Dein Blatt',
    yourTurn: 'Du bist dran',
    turn: 'Am Zug',
    may: 'Möglich',
    waiting: 'Warten auf den nächsten Geber',
    result: 'Ergebnis',
    totals: 'Stand',
    closed: 'Der Tisch ist geschlossen.',
    points: 'Augen',
    won: 'gewonnen',
    lost: 'verloren',
    thrownIn: 'eingeworfen',
    knockPhase: (n: number) => `Klopfen nach den ersten ${n} Karten: alle entscheiden zugleich`,
    knocked: 'geklopft',
    abandoned: 'Abgebrochen: der Tisch wurde mitten im Spiel geschlossen (keine Auszahlung).',
  },
  en: {
    deal: 'Deal',
    dealer: 'dealer',
    game: 'Game',
    bids: 'Bids',
    doublings: 'Doubled',
    table: 'Table',
    lastTrick: 'Last trick',
    hand: 'Your hand',
    yourTurn: 'Your turn',
    turn: 'To act',
    may: 'You may',
    waiting: 'Waiting for the next deal',
    result: 'Result',
    totals: 'Totals',
    closed: 'The table is closed.',
    points: 'points',
    won: 'won',
    lost: 'lost',
    thrownIn: 'thrown in',
    knockPhase: (n: number) => `Knocking after the first ${n} cards: every seat decides at once`,
    knocked: 'knocked',
    abandoned: 'Abandoned: the table was closed in the middle of the deal (no payout).',
  },
} as const;

/** A money amount with its sign, in the language's decimal style: `+1,5` / `+1.5`. */
function signed(n: number, lang: Lang): string {
  const text = `${n > 0 ? '+' : ''}${n}`;
  return lang === 'de' ? text.replace('.', ',') : text;
}

export interface RenderOptions {
  readonly lang: Lang;
  /** The table seat looking (its hand and turn are shown); absent for spectators. */
  readonly seat?: Seat;
  /** Display names by table seat. */
  readonly names?: Names;
}

/**
 * A seat's view as compact chat text: the game, the bids or the contract, the trick on the table, the hand in the
 * contract's trump order, whose turn it is and the legal moves written as commands.
 * @example renderView(view(state, { kind: 'seat', seat: 0 }), { lang: 'de', seat: 0, names: ['Anna', 'Bert', …] })
 */
export function renderView(view: TableView, options: RenderOptions): string {
  const { lang, seat, names } = options;
  const t = T[lang];
  const name = (s: Seat): string => nameOf(names, s, lang);
  const style = styleOf(view.variant);
  const code = (c: Card): string => cardCode(c, style);
  const title = getVariant(view.variant)?.title ?? view.variant;
  const lines: string[] = [];
  const deal = view.deal;
  if (view.closed) lines.push(t.closed);
  if (deal === null) {
    lines.push(`${title} · ${t.waiting} (${t.dealer}: ${name(view.dealer)})`);
  } else {
    lines.push(`${title} · ${t.deal} ${deal.no} · ${t.dealer}: ${name(deal.dealer)}`);
    if (deal.phase === 'abandoned') lines.push(t.abandoned);
    if (deal.phase === 'knock') {
      // Klopfen after the first packet: the seats hold part of their hands; the knocks so far are public.
      const knocks = deal.doublings.filter((d) => d.type === 'knock').map((d) => name(d.seat));
      lines.push(
        t.knockPhase(Math.max(...deal.handCounts)) + (knocks.length > 0 ? ` · ${t.knocked}: ${knocks.join(', ')}` : ''),
      );
    } else if (deal.contract !== null) {
      let line = `${t.game}: ${contractText(deal.contract, view.variant, lang, names)}`;
      if (deal.doublings.length > 0)
        line += ` · ${deal.doublings.map((d) => `${doublingWord(d.type, view.variant, lang)} (${name(d.seat)})`).join(', ')}`;
      lines.push(line);
    } else if (deal.auction.length > 0)
      lines.push(
        `${t.bids}: ${deal.auction.map((a) => `${name(a.seat)} ${labelAction(a.action, view.variant, lang)}`).join(' · ')}`,
      );
    if (deal.trick.length > 0)
      lines.push(`${t.table}: ${deal.trick.map((c) => `${name(c.seat)} ${code(c.card)}`).join(' · ')}`);
    else if (deal.lastTrick !== null && deal.lastTrick.length > 0)
      lines.push(`${t.lastTrick}: ${deal.lastTrick.map((c) => `${name(c.seat)} ${code(c.card)}`).join(' · ')}`);
    const hand = seat !== undefined ? deal.hands[seat] : null;
    if (hand !== null && hand !== undefined && hand.length > 0)
      lines.push(
        `${t.hand}: ${sortHand(hand, view.variant, deal.contract, view.options)
          .map((g) => g.map(code).join(' '))
          .join(' | ')}`,
      );
    // Plays in the order the hand is shown.
    const order = (hand ?? []).length > 0 ? sortHand(hand ?? [], view.variant, deal.contract, view.options).flat() : [];
    const rank = (a: Action): number => (a.type === 'play' ? order.indexOf(a.card) : -1);
    const legal = [...view.legalActions].sort((a, b) =>
      a.type === 'play' && b.type === 'play' ? rank(a) - rank(b) : 0,
    );
    const moves = summarizeCommands(legal, view.variant, lang, 48);
    if (seat !== undefined && deal.toAct.includes(seat)) lines.push(`${t.yourTurn}: ${moves}`);
    else {
      if (deal.toAct.length > 0) lines.push(`${t.turn}: ${deal.toAct.map(name).join(', ')}`);
      // Optional moves off turn (Kontra, klopfen).
      if (seat !== undefined && view.legalActions.length > 0) lines.push(`${t.may}: ${moves}`);
    }
  }
  const result = view.lastResult;
  if (result !== null && (deal === null || deal.toAct.length === 0))
    lines.push(resultLine(result, view.variant, lang, names));
  if (view.dealNo > 0 || deal !== null)
    lines.push(
      `${t.totals}: ${view.totals.map((v, s) => `${name(asSeat(s))} ${signed(decimal(v), lang)}`).join(', ')}`,
    );
  return lines.join('\n');
}

/** An exact total (`3/2`, `-7`) as a number rounded to cents, for reading only. */
function decimal(fraction: string): number {
  const [n, d] = fraction.split('/');
  return Math.round((Number(n) / Number(d ?? 1)) * 100) / 100;
}

const SIMPLE: ReadonlySet<string> = new Set(['knock', 'kontra', 're', 'crack', 'recrack', 'huftritt', 'stallgeruch']);

/** A doubling as the view lists it (`kontra`, `huftritt`, `blitz` …) in chat words. */
function doublingWord(type: string, variant: string, lang: Lang): string {
  return SIMPLE.has(type) ? labelAction({ type } as Action, variant, lang) : type;
}

function resultLine(
  result: NonNullable<TableView['lastResult']>,
  variant: string,
  lang: Lang,
  names: Names | undefined,
): string {
  const t = T[lang];
  const head =
    result.contract === null
      ? t.thrownIn
      : `${contractText(result.contract, variant, lang, names)} ${result.won ? t.won : t.lost}` +
        (result.declarers.length > 0 && result.cardPoints.length > 0
          ? `, ${result.declarers.reduce((sum: number, s) => sum + (result.cardPoints[s] ?? 0), 0)} ${t.points}`
          : '');
  const pay = result.payout.map((v, s) => `${nameOf(names, asSeat(s), lang)} ${signed(v, lang)}`).join(', ');
  return `${t.result}: ${head}; ${pay}`;
}

/** Anything the event stream carries; table events get their own line, others a generic one. */
export type RenderableEvent = TableEvent | { readonly type: string };

export interface EventOptions {
  /** The table's variant (card style, labels); default the catalogue's first (engine/registry.ts `DEFAULT_VARIANT`). */
  readonly variant?: string;
}

/**
 * One short line for an event: `Anna: Herz-Solo`, `Bert: EO`, `Stich an Carla (21 Augen)`.
 * @example renderEvent({ type: 'ActionTaken', deal: 1, seat: 0, action: { type: 'play', card: 'EO' } }, 'en', ['Anna']) === 'Anna: EO'
 */
export function renderEvent(event: RenderableEvent, lang: Lang, names?: Names, options: EventOptions = {}): string {
  const e = event as TableEvent;
  const de = lang === 'de';
  const name = (s: Seat): string => nameOf(names, s, lang);
  switch (e.type) {
    case 'TableOpened': {
      const variant = getVariant(e.variant)?.title ?? e.variant;
      return de
        ? `Neuer Tisch: ${variant} (${e.preset}), ${e.seats} Plätze`
        : `New table: ${variant} (${e.preset}), ${e.seats} seats`;
    }
    case 'DealStarted': {
      const bock = e.bock > 1 ? ` Bock ×${e.bock}.` : '';
      return de ? `Spiel ${e.deal}: ${name(e.dealer)} gibt.${bock}` : `Deal ${e.deal}: ${name(e.dealer)} deals.${bock}`;
    }
    case 'ActionTaken':
      return `${name(e.seat)}: ${labelAction(e.action, options.variant ?? DEFAULT_VARIANT.id, lang)}`;
    case 'DealNoted':
      return noteLine(e.note, lang, names, options.variant ?? DEFAULT_VARIANT.id);
    case 'DealEnded':
      return `${de ? 'Spiel' : 'Deal'} ${e.deal}: ${resultLine(e.result, options.variant ?? DEFAULT_VARIANT.id, lang, names)}`;
    case 'DealAbandoned':
      return de
        ? `Spiel ${e.deal} abgebrochen: der Tisch wurde geschlossen.`
        : `Deal ${e.deal} abandoned: the table was closed.`;
    case 'TableClosed':
      return de ? 'Der Tisch ist geschlossen.' : 'The table is closed.';
    default:
      return (event as { type: string }).type;
  }
}

function noteLine(note: DealNote, lang: Lang, names: Names | undefined, variant: string): string {
  const de = lang === 'de';
  const name = (s: Seat): string => nameOf(names, s, lang);
  switch (note.type) {
    case 'TrickTaken':
      return de
        ? `Stich an ${name(note.winner)} (${note.points} Augen)`
        : `${name(note.winner)} takes the trick (${note.points} points)`;
    case 'ContractSet':
      return `${de ? 'Gespielt wird' : 'Game'}: ${contractText(note.contract, variant, lang, names)}`;
    case 'CardRevealed':
      return `${name(note.seat)} ${de ? 'zeigt' : 'shows'} ${cardCode(note.card, styleOf(variant))}`;
    case 'DealOver':
      return de ? 'Das Spiel ist aus.' : 'The deal is over.';
    case 'CardsDealt': {
      // Another seat's packet arrives redacted (no cards): only its own seat reads them.
      const cards = note.cards.map((c) => cardCode(c, styleOf(variant))).join(' ');
      if (cards === '')
        return de ? `${name(note.seat)} bekommt die übrigen Karten` : `${name(note.seat)} gets the other cards`;
      return de ? `${name(note.seat)} bekommt ${cards}` : `${name(note.seat)} gets ${cards}`;
    }
    case 'DieRolled':
      return de
        ? `Gewürfelt: ${note.die}, Mitspieler ist ${name(note.seat)}`
        : `Die rolled: ${note.die}, partner is ${name(note.seat)}`;
    default: {
      const never: never = note;
      return (never as { type: string }).type;
    }
  }
}
