import {
  Rng,
  type TableEvent,
  type TableState,
  decide,
  evolve,
  shuffledDeckFor,
  tournament as T,
  view,
} from '../../engine/index.js';
import { pickAction } from '../../engine/sim.js';

/**
 * Plays a whole tournament table on the engine's table Decider (no server): the deals shuffled from the given seeds,
 * random legal actions (no doublings), seat 0 deals first. Returns what the table records per deal.
 */
export function playTableDeals(opts: {
  variant: string;
  preset?: string;
  seats: number;
  deals: number;
  dealSeed: (deal: number) => string;
  actionSeed: string;
}): { records: T.DealRecord[]; decks: string[][] } {
  const rng = new Rng(opts.actionSeed);
  let state: TableState | null = null;
  const apply = (events: readonly TableEvent[]): void => {
    for (const e of events) state = evolve(state, e);
  };
  const open = decide(
    {
      type: 'OpenTable',
      variant: opts.variant,
      ...(opts.preset ? { preset: opts.preset } : {}),
      seats: opts.seats,
      dealer: 0,
    },
    null,
  );
  if (!open.ok) throw new Error(open.error.message);
  apply(open.events);
  const records: T.DealRecord[] = [];
  const decks: string[][] = [];
  for (let d = 1; d <= opts.deals; d++) {
    const s0 = state as unknown as TableState;
    const deck = shuffledDeckFor(s0, opts.dealSeed(d));
    decks.push([...deck]);
    const started = decide({ type: 'StartDeal', deck }, s0);
    if (!started.ok) throw new Error(started.error.message);
    apply(started.events);
    let ended = started.events.find((e) => e.type === 'DealEnded');
    const dealStarted = started.events.find((e) => e.type === 'DealStarted');
    if (dealStarted?.type !== 'DealStarted') throw new Error('no DealStarted');
    for (let guard = 0; ended === undefined && guard < 1000; guard++) {
      const s = state as unknown as TableState;
      const toAct = view(s, { kind: 'public' }).deal?.toAct ?? [];
      const seat = toAct[0];
      if (seat === undefined) throw new Error('nobody to act');
      const legal = view(s, { kind: 'seat', seat }).legalActions.filter(
        (a) => !['knock', 'kontra', 're'].includes(a.type),
      );
      const acted = decide({ type: 'Act', seat, action: pickAction(legal, rng) }, s);
      if (!acted.ok) throw new Error(acted.error.message);
      apply(acted.events);
      ended = acted.events.find((e) => e.type === 'DealEnded');
    }
    if (ended?.type !== 'DealEnded') throw new Error('deal did not end');
    records.push({ deal: d, players: dealStarted.players, dealer: dealStarted.dealer, result: ended.result });
  }
  return { records, decks };
}

/** A tournament state built from commands; throws on a refused command. */
export function run(commands: readonly T.TournamentCommand[]): {
  state: T.TournamentState;
  events: T.TournamentEvent[];
} {
  let state: T.TournamentState | null = null;
  const events: T.TournamentEvent[] = [];
  for (const c of commands) state = step(state, c, events);
  if (state === null) throw new Error('no tournament');
  return { state, events };
}

export function step(
  state: T.TournamentState | null,
  command: T.TournamentCommand,
  into: T.TournamentEvent[] = [],
): T.TournamentState {
  const d = T.decideTournament(command, state);
  if (!d.ok) throw new Error(`${command.type}: ${d.error.code} ${d.error.message}`);
  let s = state;
  for (const e of d.events) {
    s = T.evolveTournament(s, e);
    into.push(e);
  }
  if (s === null) throw new Error('no state');
  return s;
}
