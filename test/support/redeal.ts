/**
 * Re-dealing the cards an audience cannot see, consistently with what it knows (test/engine/hidden-information
 * .property.test.ts). A script is a table's first deal: the shuffled deck and the actions taken. What an audience
 * knows is read from the rules, not from the engine's views or redaction (those are what the property checks):
 *
 * - a seat knows the hand it was dealt (both packets), every card of a blind it picks up (seven-handed Sheepshead: the
 *   picker the first two, the partner the die names the last two);
 * - everybody knows every played card, every card turned up (`CardRevealed`), the face-up stacks, Saukopf's open cards
 *   and every card an action names in the open (a Knorpel's trump, a called ace, a Muss-Spiel's card);
 * - Schafkopf's open games show the declarer's hand (a Sie at once, a Bettel Brett after the first trick);
 * - a card an action lays away, shows privately or hands over (bury, Trog, a blitz's queens, a face-down `under`, a
 *   Hochzeit's returned card) is known to the seat that acted and, for the Hochzeit, to the seat that offered it.
 *
 * A re-deal permutes every other card of the deck at random (across hands, the blind and face-down stacks, so who holds
 * which hidden card changes) and applies the same permutation to the cards inside the actions. It is consistent with
 * what the audience saw exactly when every action stays legal (a rejected action would have been observed): voids
 * shown by play, a Suchkarte behind a Sauerei and the like rule a re-deal out that way.
 */
import { Rng } from '../../engine/cards/deck.js';
import {
  type Action,
  type Audience,
  type Card,
  type Layout,
  type Seat,
  type TableCommand,
  type TableEvent,
  type TableState,
  asSeat,
  decide,
  evolve,
  getVariant,
} from '../../engine/index.js';
import { pickAction } from '../../engine/sim.js';

/** One table's first deal: how it was opened, its deck and die, and the actions taken (table seats). */
export interface Script {
  readonly variant: string;
  readonly preset: string;
  readonly seats: number;
  readonly deck: readonly Card[];
  readonly die?: number;
  readonly acts: readonly { readonly seat: Seat; readonly action: Action }[];
}

/** A step of a replayed script: the state before, the command, and the state and events after. */
export interface Step {
  readonly before: TableState | null;
  readonly command: TableCommand;
  readonly events: readonly TableEvent[];
  readonly after: TableState;
}

/** The table events of every step, or the index of the first command the engine refused. */
export type Replay =
  { readonly ok: true; readonly steps: readonly Step[] } | { readonly ok: false; readonly at: number };

/** Open the table, deal, and act the script's actions one by one. */
export function replayScript(script: Script): Replay {
  const commands: TableCommand[] = [
    { type: 'OpenTable', variant: script.variant, preset: script.preset, seats: script.seats },
    { type: 'StartDeal', deck: script.deck, ...(script.die !== undefined ? { die: script.die } : {}) },
    ...script.acts.map((a): TableCommand => ({ type: 'Act', seat: a.seat, action: a.action })),
  ];
  const steps: Step[] = [];
  let state: TableState | null = null;
  for (const [i, command] of commands.entries()) {
    const d = decide(command, state);
    if (!d.ok) return { ok: false, at: i };
    const before = state;
    for (const e of d.events) state = evolve(state, e);
    steps.push({ before, command, events: d.events, after: state as TableState });
  }
  return { ok: true, steps };
}

/**
 * A random first deal of `variant` at a table of `seats` with `preset`, stopped before the action that would end it
 * (`cut` ∈ [0, 1) picks how far): the deal is still running, so no result opens the hands. Off-turn options (Kontra,
 * knocks) are taken now and then, as a player may.
 */
export function randomScript(variant: string, preset: string, seats: number, seed: number, cut: number): Script {
  const v = getVariant(variant);
  if (v === undefined) throw new Error(`unknown variant ${variant}`);
  const rng = new Rng(seed);
  let state = must(apply(null, { type: 'OpenTable', variant, preset, seats }));
  const players = v.participants(state.options, seats, state.dealer).length;
  const deck = rng.shuffle(v.deck(state.options, players));
  const die = v.rollsDie?.(state.options, players) === true ? 1 + rng.int(6) : undefined;
  state = must(apply(state, { type: 'StartDeal', deck, ...(die !== undefined ? { die } : {}) }));
  const acts: { seat: Seat; action: Action }[] = [];
  for (let guard = 0; guard < 2000; guard++) {
    const deal = state.deal;
    if (deal === null || deal.over) break;
    const toAct = v.toAct(deal.state);
    const offTurn = deal.players.map((_, i) => asSeat(i)).filter((s) => v.legalActions(deal.state, s).length > 0);
    const pool = rng.int(5) === 0 && offTurn.length > 0 ? offTurn : toAct;
    const dealSeat = pool[rng.int(pool.length)] as Seat;
    const action = pickAction(v.legalActions(deal.state, dealSeat), rng);
    const seat = deal.players[dealSeat] as Seat;
    acts.push({ seat, action });
    state = must(apply(state, { type: 'Act', seat, action }));
  }
  // Stop before the last action: the deal is running at the end of the prefix.
  const keep = Math.min(acts.length - 1, Math.floor(cut * acts.length));
  return {
    variant,
    preset,
    seats,
    deck,
    ...(die !== undefined ? { die } : {}),
    acts: acts.slice(0, Math.max(0, keep)),
  };
}

function apply(state: TableState | null, command: TableCommand): TableState | null {
  const d = decide(command, state);
  if (!d.ok) throw new Error(`${command.type} refused: ${d.error.message}`);
  return d.events.reduce<TableState | null>((s, e) => evolve(s, e), state);
}

function must<T>(value: T | null): T {
  if (value === null) throw new Error('no table');
  return value;
}

/** The cards `audience` (a table seat or a spectator) knows after the script, by the rules (see the module comment). */
export function knownCards(script: Script, steps: readonly Step[], audience: Audience): Set<Card> {
  const known = new Set<Card>();
  const add = (cards: readonly Card[] | undefined): void => cards?.forEach((c) => known.add(c));
  const me = audience.kind === 'seat' ? audience.seat : null;
  let players: readonly Seat[] = [];
  let layout: Layout | undefined;
  const offerers = new Set<Seat>();
  for (const step of steps)
    for (const e of step.events) {
      if (e.type === 'DealStarted') {
        players = e.players;
        layout = e.layout;
        const mine = me === null ? -1 : players.indexOf(me);
        if (mine >= 0) add(layout.hands[mine]);
        layout.faceUp?.forEach(add);
        // A blind dealt face up (Saukopf's Dreihaxer: engine/variant.ts `openBlind`); every other lies face down.
        if (getVariant(script.variant)?.openBlind === true) add(layout.blind);
      } else if (e.type === 'DealNoted') {
        if (e.note.type === 'CardRevealed') known.add(e.note.card);
        if (e.note.type === 'TrickTaken') add(e.note.cards.map((c) => c.card));
        if (e.note.type === 'CardsDealt' && players[e.note.seat] === me) add(e.note.cards);
        // Seven-handed Sheepshead: the die names the partner who takes the blind's last two cards.
        if (e.note.type === 'DieRolled' && players[e.note.seat] === me) add(layout?.blind.slice(2));
      } else if (e.type === 'ActionTaken') {
        const a = e.action;
        const mineAct = e.seat === me;
        if (a.game === 'hochzeit') offerers.add(e.seat);
        switch (a.type) {
          case 'bury':
          case 'trog':
          case 'blitz':
            // Laid away, or shown to the table's other seats only as "a blitz" (which pair is the actor's to know).
            if (mineAct) add(a.cards);
            break;
          case 'accept':
            if (a.card !== undefined && (mineAct || (me !== null && offerers.has(me)))) known.add(a.card);
            break;
          case 'call':
            known.add(a.card);
            if (a.under !== undefined && mineAct) known.add(a.under);
            break;
          case 'pick':
            // The picker takes the blind; seven-handed, only its first two cards.
            if (mineAct) add(layout?.blind.slice(0, players.length === 7 ? 2 : undefined));
            break;
          default:
            // Every other card an action names is named in the open (play, Knorpel, Muss-Spiel).
            for (const c of cardsIn(a)) known.add(c);
        }
      }
    }
  // Schafkopf's open games: a Sie is shown at once, a Bettel Brett declarer lays his hand open after the first trick.
  const notes = steps.flatMap((s) => s.events).flatMap((e) => (e.type === 'DealNoted' ? [e.note] : []));
  const contract = notes.flatMap((n) => (n.type === 'ContractSet' ? [n.contract] : [])).pop();
  const tricks = notes.filter((n) => n.type === 'TrickTaken').length;
  if (script.variant === 'schafkopf' && contract?.declarer !== undefined && layout !== undefined)
    if (contract.game === 'sie' || (contract.game === 'bettel-brett' && tricks >= 1))
      add(layout.hands[contract.declarer]);
  return known;
}

/** Every card an action names, in any field. */
function cardsIn(action: Action): Card[] {
  const out: Card[] = [];
  for (const value of Object.values(action))
    if (typeof value === 'string' && value.length === 2 && /^[EGHS]/.test(value)) out.push(value as Card);
    else if (Array.isArray(value)) for (const c of value as unknown[]) if (typeof c === 'string') out.push(c as Card);
  return out.filter((c) => /^[EGHS][AZSKOUG9876P]$/.test(c));
}

/** The script with every card outside `known` permuted at random (the same permutation inside the actions). */
export function redeal(script: Script, known: ReadonlySet<Card>, rng: Rng): Script {
  const hidden = script.deck.filter((c) => !known.has(c));
  const shuffled = rng.shuffle(hidden);
  const map = new Map<Card, Card>(hidden.map((c, i) => [c, shuffled[i] as Card]));
  const m = (c: Card): Card => map.get(c) ?? c;
  const mapAction = (a: Action): Action => {
    const out: Record<string, unknown> = {};
    for (const [k, value] of Object.entries(a))
      out[k] = k === 'card' || k === 'under' ? m(value as Card) : k === 'cards' ? (value as Card[]).map(m) : value;
    return out as unknown as Action;
  };
  return {
    ...script,
    deck: script.deck.map(m),
    acts: script.acts.map((x) => ({ seat: x.seat, action: mapAction(x.action) })),
  };
}
