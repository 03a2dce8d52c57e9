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
  options?: unknown;
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
      ...(opts.options !== undefined ? { options: opts.options } : {}),
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

const START = Date.UTC(2026, 10, 28, 18, 0);

/** Registers `n` players (ids p00…), checks in all but the first `noShows`. */
export function registered(cfg: T.TournamentConfig, n: number, noShows: number): T.TournamentCommand[] {
  const ids = Array.from({ length: n }, (_, i) => `p${String(i).padStart(2, '0')}`);
  return [
    { type: 'CreateTournament', tournamentId: 'tt', config: cfg, commitment: 'c' },
    ...ids.map((playerId, i): T.TournamentCommand => ({
      type: 'RegisterPlayer',
      playerId,
      name: `Player ${i}`,
      via: 'organiser',
    })),
    ...ids.slice(noShows).map((playerId): T.TournamentCommand => ({ type: 'CheckIn', playerId })),
  ];
}

/** Plays every round to its end on the engine's tables; returns the final state, events and each table's decks. */
export function playAll(cfg: T.TournamentConfig, n: number, noShows: number, seed: string) {
  const { state: s0, events } = run(registered(cfg, n, noShows));
  let state = s0;
  const decks: Record<string, string[][]> = {};
  for (let round = 1; round <= cfg.rounds; round++) {
    state = step(state, { type: 'StartRound', round, drawSeed: `${seed}:${round}`, at: START + round }, events);
    const r = state.rounds[round - 1]!;
    for (const table of r.tables) {
      const played = playTableDeals({
        variant: cfg.variant,
        ...(cfg.preset !== undefined ? { preset: cfg.preset } : {}),
        seats: table.seats.length,
        deals: table.deals,
        dealSeed: (d) => `${seed}:${T.dealSeedLabel(round, table.table, d, cfg.duplicate)}`,
        actionSeed: `${seed}:${round}:${table.table}`,
      });
      decks[`${round}:${table.table}`] = played.decks;
      state = step(
        state,
        { type: 'FinishTable', round, table: table.table, deals: played.records, at: START + round * 1000 },
        events,
      );
    }
  }
  return { state, events, decks };
}
