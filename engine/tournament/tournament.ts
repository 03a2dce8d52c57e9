import { Rng } from '../cards/deck.js';
import { type EngineError, type ErrorCode, engineError } from '../errors.js';
import type { ResultJson } from '../game/table.js';
import { type Rational, ZERO, add, format, isZero, sum } from '../money/rational.js';
import { type TournamentConfig, dealsAtTable } from './config.js';
import { type DrawnSeat, type DrawnTable, type PlayerId, addMates, drawRound } from './draw.js';
import { type DealScore, scoreDeal } from './scoring.js';

/**
 * A tournament as a Decider (STYLE.md 1), like a table: `decide(command, state) → events`,
 * `evolve(state, event) → state`. Registration, check-in, the draws, rounds and the list. Time and randomness come
 * in as data on the commands (`at`, the round's draw seed), so the stream replays identically.
 */

export const TournamentErrors = {
  notFound: 'tournament/not_found',
  exists: 'tournament/exists',
  registrationClosed: 'tournament/registration_closed',
  duplicatePlayer: 'tournament/duplicate_player',
  unknownPlayer: 'tournament/unknown_player',
  withdrawn: 'tournament/player_withdrawn',
  ended: 'tournament/ended',
  roundOrder: 'tournament/round_order',
  roundRunning: 'tournament/round_running',
  tooFewPlayers: 'tournament/too_few_players',
  unknownTable: 'tournament/unknown_table',
  tableFinished: 'tournament/table_finished',
  badDeals: 'tournament/bad_deals',
} as const satisfies Record<string, ErrorCode>;

/** One finished deal as the table recorded it: the deal number, the table seats that played, the result. */
export interface DealRecord {
  readonly deal: number;
  readonly players: readonly number[];
  readonly dealer: number;
  readonly result: ResultJson;
}

export type TournamentCommand =
  | {
      readonly type: 'CreateTournament';
      readonly tournamentId: string;
      readonly config: TournamentConfig;
      /** sha256 of `<tournamentId>:<secret seed>`; the seed is revealed when the tournament ends. */
      readonly commitment: string;
    }
  | {
      readonly type: 'RegisterPlayer';
      readonly playerId: PlayerId;
      readonly name: string;
      readonly externalId?: string;
      readonly via: 'organiser' | 'invite';
    }
  | { readonly type: 'CheckIn'; readonly playerId: PlayerId }
  | { readonly type: 'Withdraw'; readonly playerId: PlayerId }
  /** Draw and start the next round (the scheduler sends it at the round's start time). */
  | { readonly type: 'StartRound'; readonly round: number; readonly drawSeed: string; readonly at: number }
  | {
      readonly type: 'FinishTable';
      readonly round: number;
      readonly table: number;
      readonly deals: readonly DealRecord[];
      readonly at: number;
    };

export interface StandingRow {
  readonly rank: number;
  readonly playerId: PlayerId;
  readonly name: string;
  /** Points per round (exact, as `"-3"`, `"5/2"`). */
  readonly rounds: readonly string[];
  readonly total: string;
  readonly deals: number;
  readonly gamesWon: number;
  readonly soliWon: number;
  readonly lot: number;
  readonly withdrawn: boolean;
}

export type TournamentEvent =
  | {
      readonly type: 'TournamentCreated';
      readonly tournamentId: string;
      readonly config: TournamentConfig;
      readonly commitment: string;
    }
  | {
      readonly type: 'PlayerRegistered';
      readonly playerId: PlayerId;
      readonly name: string;
      readonly externalId?: string;
      readonly via: 'organiser' | 'invite';
    }
  | { readonly type: 'CheckedIn'; readonly playerId: PlayerId }
  | { readonly type: 'Withdrawn'; readonly playerId: PlayerId }
  | {
      readonly type: 'RoundDrawn';
      readonly round: number;
      readonly tables: readonly DrawnTable[];
      /** Round 1 only: every registered player's lot number (the last tie-break; lower wins). */
      readonly lots?: Readonly<Record<PlayerId, number>>;
    }
  | {
      readonly type: 'RoundStarted';
      readonly round: number;
      readonly at: number;
      /** The table ids, by table number − 1 (`<tournamentId>r<round>t<table>`). */
      readonly tableIds: readonly string[];
    }
  | {
      readonly type: 'TableFinished';
      readonly round: number;
      readonly table: number;
      readonly deals: readonly DealRecord[];
      /** Tournament points per table seat (exact), derived from the deals. */
      readonly points: readonly string[];
      /**
       * The round plays duplicate deals: other tables play the same cards, so `deals` and `points` are published only
       * once the round has ended ({@link publishedEvent}).
       */
      readonly duplicate?: true;
      /** Published while the round runs: `deals` and `points` are left out (empty) until it ends. */
      readonly embargoed?: true;
    }
  | { readonly type: 'RoundEnded'; readonly round: number; readonly at: number; readonly zeroSum: boolean | null }
  | { readonly type: 'StandingsChanged'; readonly round: number; readonly standings: readonly StandingRow[] }
  | { readonly type: 'TournamentEnded'; readonly at: number };

export interface PlayerState {
  readonly playerId: PlayerId;
  readonly name: string;
  readonly externalId?: string;
  readonly checkedIn: boolean;
  readonly withdrawn: boolean;
}

export interface RoundState {
  readonly round: number;
  readonly tables: readonly DrawnTable[];
  readonly tableIds: readonly string[];
  readonly startedAt?: number;
  readonly endedAt?: number;
  /** Per table (index table − 1): the finished deals, or null while it plays. */
  readonly finished: readonly (readonly DealRecord[] | null)[];
  readonly zeroSum?: boolean | null;
}

export interface TournamentState {
  readonly tournamentId: string;
  readonly config: TournamentConfig;
  readonly commitment: string;
  /** Players by registration order. */
  readonly players: readonly PlayerState[];
  readonly lots: Readonly<Record<PlayerId, number>>;
  readonly rounds: readonly RoundState[];
  readonly mates: Readonly<Record<string, number>>;
  readonly ended: boolean;
  readonly endedAt?: number;
}

export type TournamentDecision =
  | { readonly ok: true; readonly events: readonly TournamentEvent[] }
  | { readonly ok: false; readonly error: EngineError };

const fail = (code: ErrorCode, message: string, field?: string): TournamentDecision => ({
  ok: false,
  error: engineError(code, message, field !== undefined ? { field } : {}),
});

/** `registration` until round 1 starts; `playing` while a round runs; `pause` between rounds; `ended`. */
export type Phase = 'registration' | 'playing' | 'pause' | 'ended';

export function phaseOf(state: TournamentState): Phase {
  if (state.ended) return 'ended';
  const last = state.rounds[state.rounds.length - 1];
  if (last === undefined) return 'registration';
  return last.endedAt === undefined ? 'playing' : 'pause';
}

/** The id of a round's table: deterministic, so creating it again after a crash finds the same table. */
export function tableIdFor(tournamentId: string, round: number, table: number): string {
  return `${tournamentId}r${round}t${table}`;
}

export function decideTournament(command: TournamentCommand, state: TournamentState | null): TournamentDecision {
  if (command.type === 'CreateTournament') {
    if (state !== null) return fail(TournamentErrors.exists, 'the tournament exists');
    return {
      ok: true,
      events: [
        {
          type: 'TournamentCreated',
          tournamentId: command.tournamentId,
          config: command.config,
          commitment: command.commitment,
        },
      ],
    };
  }
  if (state === null) return fail(TournamentErrors.notFound, 'no tournament');
  if (state.ended) return fail(TournamentErrors.ended, 'the tournament has ended');
  switch (command.type) {
    case 'RegisterPlayer': {
      if (phaseOf(state) !== 'registration')
        return fail(TournamentErrors.registrationClosed, 'registration closed when round 1 started');
      if (state.players.some((p) => p.playerId === command.playerId))
        return fail(TournamentErrors.duplicatePlayer, 'the player is registered', 'playerId');
      if (
        command.externalId !== undefined &&
        state.players.some((p) => p.externalId === command.externalId && !p.withdrawn)
      )
        return fail(TournamentErrors.duplicatePlayer, 'a player with this external id is registered', 'externalId');
      return {
        ok: true,
        events: [
          {
            type: 'PlayerRegistered',
            playerId: command.playerId,
            name: command.name,
            ...(command.externalId !== undefined ? { externalId: command.externalId } : {}),
            via: command.via,
          },
        ],
      };
    }
    case 'CheckIn': {
      const player = state.players.find((p) => p.playerId === command.playerId);
      if (player === undefined) return fail(TournamentErrors.unknownPlayer, 'no such player', 'playerId');
      if (player.withdrawn) return fail(TournamentErrors.withdrawn, 'the player has withdrawn', 'playerId');
      // Checking in twice is not an error and changes nothing.
      return { ok: true, events: player.checkedIn ? [] : [{ type: 'CheckedIn', playerId: command.playerId }] };
    }
    case 'Withdraw': {
      const player = state.players.find((p) => p.playerId === command.playerId);
      if (player === undefined) return fail(TournamentErrors.unknownPlayer, 'no such player', 'playerId');
      return { ok: true, events: player.withdrawn ? [] : [{ type: 'Withdrawn', playerId: command.playerId }] };
    }
    case 'StartRound':
      return decideStartRound(command, state);
    case 'FinishTable':
      return decideFinishTable(command, state);
    default: {
      const never: never = command;
      return fail(TournamentErrors.roundOrder, `unknown command ${(never as { type: string }).type}`);
    }
  }
}

/** Who is in a round's draw: not withdrawn, and checked in (or a no-show a bot plays for). */
export function drawEntrants(state: TournamentState): { playerId: PlayerId; bot: boolean }[] {
  return state.players
    .filter((p) => !p.withdrawn && (p.checkedIn || state.config.noShows === 'bot'))
    .map((p) => ({ playerId: p.playerId, bot: !p.checkedIn }));
}

function decideStartRound(
  command: Extract<TournamentCommand, { type: 'StartRound' }>,
  state: TournamentState,
): TournamentDecision {
  const phase = phaseOf(state);
  if (phase === 'playing') return fail(TournamentErrors.roundRunning, 'a round is running', 'round');
  if (command.round !== state.rounds.length + 1 || command.round > state.config.rounds)
    return fail(TournamentErrors.roundOrder, `the next round is ${state.rounds.length + 1}`, 'round');
  const entrants = drawEntrants(state);
  if (entrants.filter((e) => !e.bot).length < 1 || entrants.length < 2)
    return fail(TournamentErrors.tooFewPlayers, 'too few checked-in players for a draw');
  const tables = drawRound({
    seed: command.drawSeed,
    round: command.round,
    players: entrants,
    tableSize: state.config.tableSize,
    remainder: state.config.remainder,
    mates: state.mates,
    dealsAt: (seats) => dealsAtTable(state.config, seats),
  });
  const lots = command.round === 1 ? drawLots(command.drawSeed, state.players) : undefined;
  const tableIds = tables.map((t) => tableIdFor(state.tournamentId, command.round, t.table));
  return {
    ok: true,
    events: [
      { type: 'RoundDrawn', round: command.round, tables, ...(lots !== undefined ? { lots } : {}) },
      { type: 'RoundStarted', round: command.round, at: command.at, tableIds },
    ],
  };
}

/** Lot numbers 1..n for every registered player, a random permutation from the seed. */
function drawLots(seed: string, players: readonly PlayerState[]): Record<PlayerId, number> {
  const ids = players.map((p) => p.playerId).sort();
  const order = new Rng(`${seed}:lot`).shuffle(ids);
  return Object.fromEntries(order.map((id, i) => [id, i + 1]));
}

function decideFinishTable(
  command: Extract<TournamentCommand, { type: 'FinishTable' }>,
  state: TournamentState,
): TournamentDecision {
  const round = state.rounds[command.round - 1];
  if (round === undefined || round.endedAt !== undefined)
    return fail(TournamentErrors.roundOrder, `round ${command.round} is not running`, 'round');
  const table = round.tables[command.table - 1];
  if (table === undefined) return fail(TournamentErrors.unknownTable, `no table ${command.table}`, 'table');
  if (round.finished[command.table - 1] !== null)
    return fail(TournamentErrors.tableFinished, 'the table has finished', 'table');
  if (
    command.deals.length !== table.deals ||
    command.deals.some((d, i) => d.deal !== i + 1 || d.result.payout.length !== table.seats.length)
  )
    return fail(TournamentErrors.badDeals, `table ${command.table} plays deals 1..${table.deals}`, 'deals');
  const points = tablePoints(state.config, table, command.deals);
  const finished: TournamentEvent = {
    type: 'TableFinished',
    round: command.round,
    table: command.table,
    deals: command.deals,
    points: points.map(format),
    ...(state.config.duplicate ? { duplicate: true as const } : {}),
  };
  const next = evolveTournament(state, finished);
  const events: TournamentEvent[] = [finished];
  const after = next.rounds[command.round - 1];
  if (after !== undefined && after.finished.every((f) => f !== null)) {
    const zeroSum = isZeroSumScheme(state.config) ? roundZeroSum(next, command.round) : null;
    events.push({ type: 'RoundEnded', round: command.round, at: command.at, zeroSum });
    const ended = evolveTournament(next, events[events.length - 1] as TournamentEvent);
    events.push({ type: 'StandingsChanged', round: command.round, standings: standings(ended) });
    if (command.round === state.config.rounds) events.push({ type: 'TournamentEnded', at: command.at });
  }
  return { ok: true, events };
}

export function evolveTournament(state: TournamentState | null, event: TournamentEvent): TournamentState {
  switch (event.type) {
    case 'TournamentCreated':
      return {
        tournamentId: event.tournamentId,
        config: event.config,
        commitment: event.commitment,
        players: [],
        lots: {},
        rounds: [],
        mates: {},
        ended: false,
      };
    case 'PlayerRegistered': {
      const s = must(state);
      const player: PlayerState = {
        playerId: event.playerId,
        name: event.name,
        ...(event.externalId !== undefined ? { externalId: event.externalId } : {}),
        checkedIn: false,
        withdrawn: false,
      };
      return { ...s, players: [...s.players, player] };
    }
    case 'CheckedIn':
    case 'Withdrawn': {
      const s = must(state);
      const players = s.players.map((p) =>
        p.playerId !== event.playerId
          ? p
          : event.type === 'CheckedIn'
            ? { ...p, checkedIn: true }
            : { ...p, withdrawn: true },
      );
      return { ...s, players };
    }
    case 'RoundDrawn': {
      const s = must(state);
      const round: RoundState = {
        round: event.round,
        tables: event.tables,
        tableIds: [],
        finished: event.tables.map(() => null),
      };
      return {
        ...s,
        rounds: [...s.rounds, round],
        mates: addMates(s.mates, event.tables),
        ...(event.lots !== undefined ? { lots: event.lots } : {}),
      };
    }
    case 'RoundStarted':
      return updateRound(must(state), event.round, (r) => ({ ...r, tableIds: event.tableIds, startedAt: event.at }));
    case 'TableFinished':
      return updateRound(must(state), event.round, (r) => ({
        ...r,
        finished: r.finished.map((f, i) => (i === event.table - 1 ? event.deals : f)),
      }));
    case 'RoundEnded':
      return updateRound(must(state), event.round, (r) => ({ ...r, endedAt: event.at, zeroSum: event.zeroSum }));
    case 'StandingsChanged':
      // Derived: the standings follow from the finished tables.
      return must(state);
    case 'TournamentEnded':
      return { ...must(state), ended: true, endedAt: event.at };
    default: {
      const never: never = event;
      throw new Error(`unknown event ${(never as { type: string }).type}`);
    }
  }
}

/**
 * An event as it is published while `roundEnded(round)` says whether that round is over: a duplicate round's table
 * results (the contracts, the declarers — a secret partner among them —, card points and the table's points) would tell
 * the tables still playing the same deals how they lie, so they are embargoed until the round ends. Everyone gets the
 * same embargo, the organiser too: a duplicate tournament publishes a round when it is over.
 */
export function publishedEvent(
  event: TournamentEvent,
  roundEnded: (round: number) => boolean,
  viewer: Viewer = { kind: 'public' },
): TournamentEvent {
  if (event.type === 'PlayerRegistered' && event.externalId !== undefined && !seesExternalId(viewer, event.playerId)) {
    const { externalId: _hidden, ...rest } = event;
    return rest;
  }
  if (event.type !== 'TableFinished' || event.duplicate !== true || roundEnded(event.round)) return event;
  return { ...event, deals: [], points: [], embargoed: true };
}

/** Who reads the tournament: its organiser, a player (by token), or anyone. */
export type Viewer =
  | { readonly kind: 'organiser' }
  | { readonly kind: 'player'; readonly playerId: PlayerId }
  | { readonly kind: 'public' };

/** A player's `externalId` (an id in the organiser's own system) is for the organiser and the player only. */
export function seesExternalId(viewer: Viewer, playerId: PlayerId): boolean {
  return viewer.kind === 'organiser' || (viewer.kind === 'player' && viewer.playerId === playerId);
}

/**
 * The events of one commit as pushed the moment they are written (to the public WebSocket stream and webhooks): a
 * round is over when the commit ends it; no `externalId`.
 */
export function publishedCommitEvents(events: readonly TournamentEvent[]): TournamentEvent[] {
  const ended = new Set(events.flatMap((e) => (e.type === 'RoundEnded' ? [e.round] : [])));
  return events.map((e) => publishedEvent(e, (round) => ended.has(round)));
}

/** The state as published: a running duplicate round's finished tables count as still playing (see publishedEvent). */
export function publishedState(state: TournamentState): TournamentState {
  if (!state.config.duplicate || state.rounds.every((r) => r.endedAt !== undefined)) return state;
  return {
    ...state,
    rounds: state.rounds.map((r) => (r.endedAt !== undefined ? r : { ...r, finished: r.finished.map(() => null) })),
  };
}

function updateRound(state: TournamentState, round: number, f: (r: RoundState) => RoundState): TournamentState {
  return { ...state, rounds: state.rounds.map((r) => (r.round === round ? f(r) : r)) };
}

export function replayTournament(events: readonly TournamentEvent[]): TournamentState | null {
  return events.reduce<TournamentState | null>((s, e) => evolveTournament(s, e), null);
}

/** Each deal's score at a table (the table's score sheet rows). */
export function tableScores(config: TournamentConfig, table: DrawnTable, deals: readonly DealRecord[]): DealScore[] {
  return deals.map((d) => scoreDeal(config.scoring, d.result, table.seats.length, d.players));
}

/** A table's tournament points per seat, summed over its deals. */
export function tablePoints(config: TournamentConfig, table: DrawnTable, deals: readonly DealRecord[]): Rational[] {
  const totals: Rational[] = table.seats.map(() => ZERO);
  for (const score of tableScores(config, table, deals))
    score.points.forEach((p, seat) => (totals[seat] = add(totals[seat] ?? ZERO, p)));
  return totals;
}

export function isZeroSumScheme(config: TournamentConfig): boolean {
  return config.scoring.scheme === 'plus-minus' || config.scoring.scheme === 'money';
}

/**
 * Whether every table's list of a round sums to zero (bot fillers included: they are seats on the list).
 * Tables still playing count as zero. The tariff's Stock (pot) would break it; tournament presets have none.
 */
export function roundZeroSum(state: TournamentState, round: number): boolean {
  const r = state.rounds[round - 1];
  if (r === undefined) return true;
  return r.tables.every((t, i) => {
    const deals = r.finished[i];
    return deals === null || deals === undefined || isZero(sum(tablePoints(state.config, t, deals)));
  });
}

/** Seat of a player at a drawn table, or -1. */
export function seatOf(table: DrawnTable, playerId: PlayerId): number {
  return table.seats.findIndex((s: DrawnSeat) => s.kind === 'player' && s.playerId === playerId);
}

/**
 * The list: points (exact) per round and in total, games won, Soli won; ranked by points, then the configured
 * tie-breaks in order (`lot`: lower lot number first). Players who never played appear with zero.
 * Equal on every criterion ⇒ equal rank (only possible when `lot` is not a tie-break).
 */
export function standings(state: TournamentState): StandingRow[] {
  const { config } = state;
  const acc = new Map<PlayerId, { rounds: Rational[]; deals: number; won: number; soli: number }>();
  for (const p of state.players)
    acc.set(p.playerId, { rounds: Array.from({ length: config.rounds }, () => ZERO), deals: 0, won: 0, soli: 0 });
  for (const round of state.rounds) {
    round.tables.forEach((table, ti) => {
      const deals = round.finished[ti];
      if (deals === null || deals === undefined) return;
      const scores = tableScores(config, table, deals);
      table.seats.forEach((seat, s) => {
        if (seat.kind !== 'player') return;
        const a = acc.get(seat.playerId);
        if (a === undefined) return;
        scores.forEach((score, di) => {
          const played = deals[di]?.players.includes(s) ?? false;
          if (played) a.deals++;
          a.rounds[round.round - 1] = add(a.rounds[round.round - 1] ?? ZERO, score.points[s] ?? ZERO);
          if (score.winners.includes(s)) a.won++;
          if (score.soloWonBy === s) a.soli++;
        });
      });
    });
  }
  const rows = state.players.map((p) => {
    const a = acc.get(p.playerId) ?? { rounds: [], deals: 0, won: 0, soli: 0 };
    return { p, a, total: sum(a.rounds), lot: state.lots[p.playerId] ?? Number.MAX_SAFE_INTEGER };
  });
  const compare = (x: (typeof rows)[number], y: (typeof rows)[number]): number => {
    const byPoints = y.total.n * x.total.d - x.total.n * y.total.d;
    if (byPoints !== 0) return byPoints;
    for (const t of config.tieBreaks) {
      const d = t === 'soli' ? y.a.soli - x.a.soli : t === 'wins' ? y.a.won - x.a.won : x.lot - y.lot;
      if (d !== 0) return d;
    }
    return 0;
  };
  // Ties without a lot keep registration order for display; their rank is shared.
  const sorted = rows.map((r, i) => ({ r, i })).sort((x, y) => compare(x.r, y.r) || x.i - y.i);
  let rank = 0;
  return sorted.map(({ r }, i) => {
    const prev = sorted[i - 1];
    if (prev === undefined || compare(prev.r, r) !== 0) rank = i + 1;
    return {
      rank,
      playerId: r.p.playerId,
      name: r.p.name,
      rounds: r.a.rounds.map(format),
      total: format(r.total),
      deals: r.a.deals,
      gamesWon: r.a.won,
      soliWon: r.a.soli,
      lot: state.lots[r.p.playerId] ?? 0,
      withdrawn: r.p.withdrawn,
    };
  });
}

function must<T>(value: T | null): T {
  if (value === null) throw new Error('event out of order');
  return value;
}
