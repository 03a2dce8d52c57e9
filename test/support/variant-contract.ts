import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Audience,
  type Card,
  type TableEvent,
  type TableState,
  CARDS,
  Rng,
  checkDeal,
  decide,
  evolve,
  getVariant,
  money,
  moneyInvariant,
  playRandomDeal,
  redactEvent,
  replay,
  startDealFor,
  view,
} from '../../engine/index.js';
import { pickAction } from '../../engine/sim.js';
import { propertyRuns } from './runs.js';
import { asSeat } from '../../engine/seat.js';

export interface ContractOptions {
  /** Seats at the table. */
  readonly players: number;
  readonly preset?: string;
  readonly options?: unknown;
  /** fast-check runs (tables) on an everyday run, scaled by STAMMTISCH_PROPERTY_RUNS; each table plays `deals` deals. */
  readonly runs?: number;
  readonly deals?: number;
}

const CARD_SET = new Set<string>(CARDS);

/** Every card id in a JSON value (strings equal to a card id). */
function cardsIn(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (CARD_SET.has(value)) out.add(value);
  } else if (Array.isArray(value)) value.forEach((v) => cardsIn(v, out));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((v) => cardsIn(v, out));
  return out;
}

/**
 * Cards a seat may not see now: in other seats' hands and not visible to a spectator (open hands are public); seat -1
 * for an audience without a hand. The hands and the public cards are read once per state for all seats asked about
 * (each read is a view per seat: reading them again for every seat made the views most of this suite's time).
 */
function hiddenCards(state: TableState): (seat: number) => Set<string> {
  const deal = state.deal;
  if (deal === null || deal.over) return () => new Set();
  const publicCards = cardsIn(view(state, { kind: 'spectator' }).deal?.hands ?? []);
  const hands = trueHands(state);
  return (seat) => {
    const hidden = new Set<string>();
    hands.forEach((hand, i) => {
      if (deal.players[i] === seat) return;
      for (const c of hand) if (!publicCards.has(c)) hidden.add(c);
    });
    return hidden;
  };
}

/** The real hands of the running deal (test-only: each seat's own view shows its own hand). */
function trueHands(state: TableState): (readonly Card[])[] {
  const deal = state.deal!;
  return deal.players.map((tableSeat) => view(state, { kind: 'seat', seat: tableSeat }).deal?.hands[tableSeat] ?? []);
}

type Json = Record<string, unknown>;

/**
 * `expect(list, message).toEqual([])` where the list is nearly always empty: the assertion runs only when it is not (it
 * then fails as before). Vitest's expect() on every event and step, for every seat, was a tenth of this suite's time.
 */
function expectNone(list: readonly string[], message: string): void {
  if (list.length > 0) expect(list, message).toEqual([]);
}

/** `expect(n, message).toBeGreaterThan(0)`, asserted only when it fails (see expectNone). */
function expectSome(n: number, message: string): void {
  if (n <= 0) expect(n, message).toBeGreaterThan(0);
}

/**
 * Strip what legitimately names cards that may lie in other hands: the contract (a called card) and bids. Only the
 * objects it strips a field from are copied (shallowly); the rest is shared with `v`, which stays as it was (a deep
 * copy of every view and event was a sixth of this suite's time).
 */
function scannable(v: unknown): unknown {
  const copy: Json = { ...(v as Json) };
  if (copy.deal) {
    const { contract: _contract, auction: _auction, ...deal } = copy.deal as Json;
    if (deal.extra) {
      const { calledCard: _calledCard, ...extra } = deal.extra as Json;
      deal.extra = extra;
    }
    copy.deal = deal;
  }
  delete copy.options;
  // A bid, call or announcement names a card publicly (the called card), not where it lies.
  const action = copy.action as Json | undefined;
  if (copy.type === 'ActionTaken' && action && ['bid', 'call', 'announce'].includes(String(action.type))) {
    const { card: _card, ...rest } = action;
    copy.action = rest;
  }
  // Likewise a legal bid or call offered to a seat (Sheepshead: `call EA`) names the card to call, not where it lies.
  const legal = copy.legalActions as Json[] | undefined;
  if (Array.isArray(legal))
    copy.legalActions = legal.map((a) => {
      if (!['bid', 'call', 'announce'].includes(String(a.type))) return a;
      const { card: _card, ...rest } = a;
      return rest;
    });
  const note = copy.note as Json | undefined;
  if (note?.type === 'ContractSet') {
    const { contract: _contract, ...rest } = note;
    copy.note = rest;
  }
  return copy;
}

/**
 * The property suite every variant must pass (STYLE.md 6), driven through the table Decider:
 * zero-sum money, card points, card conservation, legal actions until the deal ends,
 * replay of the event log, and no hidden card in any seat's view or events.
 */
export function variantContract(variantId: string, opts: ContractOptions): void {
  const label = `${variantId} ${opts.players} seats${opts.preset ? ` (${opts.preset})` : ''}`;
  const runs = opts.runs ?? 12;
  const deals = opts.deals ?? 3;

  describe(`variant contract: ${label}`, () => {
    it('random deals keep money zero-sum, card points and cards conserved (direct engine)', () => {
      const variant = getVariant(variantId)!;
      const options = variant.resolveOptions(opts.preset, opts.options ?? {}, opts.players);
      const players = variant.participants(options, opts.players, asSeat(opts.players - 1)).length;
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const rng = new Rng(seed);
          const deal = playRandomDeal(
            variant,
            options,
            players,
            asSeat(Math.abs(seed) % players),
            rng,
            undefined,
            true,
          );
          expect(checkDeal(variant, options, players, deal)).toEqual([]);
        }),
        { numRuns: propertyRuns(runs * 5) },
      );
    });

    it('tables driven through decide/evolve: legal actions, replay, redaction, totals', () => {
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const rng = new Rng(seed);
          const events: TableEvent[] = [];
          let state: TableState | null = null;
          const run = (cmd: Parameters<typeof decide>[0]): void => {
            const d = decide(cmd, state);
            if (!d.ok) throw new Error(`${cmd.type} rejected: ${JSON.stringify(d.error)}`);
            for (const e of d.events) {
              // Redaction: each seat's copy of the event shows none of the cards hidden from it.
              const next: TableState = evolve(state, e);
              if (state !== null) {
                const hiddenNext = hiddenCards(next);
                for (let seat = 0; seat < opts.players; seat++) {
                  // Cards still hidden once the event has happened (a played card is public from then on).
                  const hidden = hiddenNext(seat);
                  const seen = cardsIn(scannable(redactEvent(state, e, { kind: 'seat', seat: asSeat(seat) })));
                  // One assertion over the leaked cards, not one per card: vitest's expect() per card was most of the time.
                  if (e.type === 'DealStarted') {
                    const own = e.layout.hands[e.players.indexOf(asSeat(seat))] ?? [];
                    const others = e.layout.hands.flat().filter((c) => !own.includes(c));
                    expectNone(
                      others.filter((c) => seen.has(c)),
                      `seat ${seat} sees in DealStarted`,
                    );
                  } else if (!(e.type === 'ActionTaken' && e.seat === seat))
                    // (A seat's own action names only what it did itself, e.g. the card it gave back for a Hochzeit.)
                    expectNone(
                      [...hidden].filter((c) => seen.has(c)),
                      `seat ${seat} sees in ${e.type}`,
                    );
                }
              }
              state = next;
              events.push(e);
            }
          };
          run({
            type: 'OpenTable',
            variant: variantId,
            ...(opts.preset ? { preset: opts.preset } : {}),
            options: opts.options ?? {},
            seats: opts.players,
          });
          for (let d = 0; d < deals; d++) {
            run(startDealFor(state!, `${seed}:${d}`));
            for (let guard = 0; guard < 2000 && !state!.deal!.over; guard++) {
              const s: TableState = state!;
              const toAct = view(s, { kind: 'spectator' }).deal!.toAct;
              expectSome(toAct.length, 'someone must be to act until the deal ends');
              // Now and then a seat off turn uses an optional action (Klopfen, Kontra, Re, Huftritt…).
              let seat = toAct[rng.int(toAct.length)]!;
              if (rng.int(3) === 0) {
                const others = Array.from({ length: opts.players }, (_, i) => i).filter(
                  (i) =>
                    !toAct.includes(asSeat(i)) && view(s, { kind: 'seat', seat: asSeat(i) }).legalActions.length > 0,
                );
                if (others.length > 0) seat = asSeat(others[rng.int(others.length)]!);
              }
              for (const t of toAct)
                expectSome(
                  view(s, { kind: 'seat', seat: t }).legalActions.length,
                  `seat ${t} to act has legal actions`,
                );
              const seatView = view(s, { kind: 'seat', seat });
              // No other seat's hidden card in this seat's view.
              const hiddenNow = hiddenCards(s);
              const hidden = hiddenNow(seat);
              const seen = cardsIn(scannable(seatView));
              expectNone(
                [...hidden].filter((c) => seen.has(c)),
                `seat ${seat} view shows`,
              );
              // Spectators and the organiser (during the deal) see no hand at all.
              const hiddenFromAll = hiddenNow(-1);
              for (const other of [{ kind: 'spectator' }, { kind: 'organiser' }] as Audience[]) {
                const seenOther = cardsIn(scannable(view(s, other)));
                expectNone(
                  [...hiddenFromAll].filter((c) => seenOther.has(c)),
                  `${other.kind} view shows`,
                );
              }
              run({ type: 'Act', seat, action: pickAction(seatView.legalActions, rng) });
            }
            expect(state!.deal!.over).toBe(true);
            expect(money.isZero(moneyInvariant(state!))).toBe(true);
            const result = state!.lastResult!;
            if (result.thrownIn === undefined && !(result.details && 'pointsOutOfPlay' in result.details)) {
              const variant = getVariant(variantId)!;
              const sum = result.cardPoints.reduce((a, b) => a + b, 0);
              expect(sum).toBe(variant.totalPoints(state!.options, state!.deal!.players.length));
            }
          }
          // Replaying the event log reproduces the table exactly (compared through every audience's view).
          const replayed = replay(events)!;
          for (const audience of [
            { kind: 'organiser' },
            { kind: 'spectator' },
            ...Array.from({ length: opts.players }, (_, seat) => ({ kind: 'seat', seat })),
          ] as Audience[])
            expect(JSON.stringify(view(replayed, audience))).toBe(JSON.stringify(view(state!, audience)));
          expect(replayed.totals.map(money.format)).toEqual(state!.totals.map(money.format));
        }),
        { numRuns: propertyRuns(runs) },
      );
    });
  });
}
