import { Rng } from '../cards/deck.js';
import { type EngineError, type ErrorCode, engineError } from '../errors.js';
import type { ResultJson } from '../game/table.js';
import { type Rational, ZERO, add, format, isZero, parse, sum } from '../money/rational.js';
import { type TournamentConfig, countsAsGame, dealsAtTable } from './config.js';
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
  roundStarted: 'tournament/round_started',
  notLive: 'tournament/not_live',
  badEntry: 'tournament/bad_entry',
  notZeroSum: 'tournament/not_zero_sum',
  notSeated: 'tournament/not_seated',
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
      /** Plays with real cards at a live table (a Spielliste entered by hand) rather than online. */
      readonly live?: boolean;
    }
  | { readonly type: 'CheckIn'; readonly playerId: PlayerId }
  | { readonly type: 'Withdraw'; readonly playerId: PlayerId; readonly by?: Actor; readonly reason?: string }
  /** Publish the next round's draw before its start (a seating plan to print); again = a re-draw (new seed). */
  | {
      readonly type: 'DrawRound';
      readonly round: number;
      readonly drawSeed: string;
      readonly by: Actor;
      readonly reason?: string;
    }
  /** Draw and start the next round (the scheduler sends it at the round's start time). */
  | { readonly type: 'StartRound'; readonly round: number; readonly drawSeed: string; readonly at: number }
  | {
      readonly type: 'FinishTable';
      readonly round: number;
      readonly table: number;
      readonly deals: readonly DealRecord[];
      readonly at: number;
      /** The table was closed before its last deal (the organiser finished it): the deals it did play count. */
      readonly early?: { readonly by: Actor; readonly reason?: string };
    }
  /** End the running round now: every unfinished table scores the deals it played (`tables`), the rest nothing. */
  | {
      readonly type: 'EndRound';
      readonly round: number;
      readonly tables: readonly { readonly table: number; readonly deals: readonly DealRecord[] }[];
      readonly at: number;
      readonly by: Actor;
      readonly reason?: string;
    }
  | { readonly type: 'CancelTournament'; readonly at: number; readonly by: Actor; readonly reason: string }
  /** Move the next round's start (round 1: the tournament's start) to `startsAt`. */
  | { readonly type: 'Postpone'; readonly startsAt: number; readonly by: Actor; readonly reason?: string }
  /**
   * Someone else plays a seat from deal `fromDeal` on: another player (a substitute), or a bot (`player` null).
   * The seat's deals from then on count for `creditTo` (null: for nobody, marked as played by a bot).
   */
  | {
      readonly type: 'TakeOverSeat';
      readonly round: number;
      readonly table: number;
      readonly seat: number;
      readonly fromDeal: number;
      readonly player: PlayerId | null;
      readonly creditTo: PlayerId | null;
      readonly by: Actor;
      readonly reason?: string;
    }
  /** A live table's deal as written on its Spielliste (entered again under the same number: a correction). */
  | {
      readonly type: 'EnterDeal';
      readonly round: number;
      readonly table: number;
      readonly deal: number;
      readonly record: DealRecord;
      readonly entry: LiveEntry;
      readonly by: Actor;
      readonly reason?: string;
    }
  /** A live table's sheet as per-player totals (zero-sum checked for zero-sum schemes). */
  | {
      readonly type: 'EnterTotals';
      readonly round: number;
      readonly table: number;
      readonly totals: readonly string[];
      readonly by: Actor;
      readonly reason?: string;
    }
  /** A live table hands in its sheet: it finishes with the deals (or totals) entered. */
  | {
      readonly type: 'SubmitSheet';
      readonly round: number;
      readonly table: number;
      readonly at: number;
      readonly by: Actor;
    }
  /** Change a finished table's deal result (or its entered totals) after the fact, with who and why. */
  | {
      readonly type: 'CorrectResult';
      readonly round: number;
      readonly table: number;
      readonly deal: number | null;
      readonly result?: ResultJson;
      readonly entry?: LiveEntry;
      readonly totals?: readonly string[];
      readonly by: Actor;
      readonly reason: string;
    };

/** Who did an intervention: the organiser, or a player (a table captain, a player freeing their seat). */
export type Actor =
  | { readonly kind: 'organiser' }
  | { readonly kind: 'player'; readonly playerId: PlayerId }
  | { readonly kind: 'system' };

/** A hand-entered deal as the Spielliste has it (engine/tournament/live.ts settles it by the table's tariff). */
export type LiveEntry =
  | {
      readonly kind: 'game';
      /** The contract game (`sauspiel`, `solo`, `wenz`, …); null: thrown in (all passed). */
      readonly game: string | null;
      readonly suit?: 'E' | 'G' | 'H' | 'S';
      readonly tout?: boolean;
      /** Table seats of the declaring side (1 for a solo, 2 for a Sauspiel: the caller first). */
      readonly declarers: readonly number[];
      readonly won: boolean;
      readonly schneider?: boolean;
      readonly schwarz?: boolean;
      /** Laufende as counted at the table; only paid ones (from the tariff's minimum) reach the sheet. */
      readonly laufende?: number;
      readonly knocks?: number;
      readonly kontra?: boolean;
      readonly re?: boolean;
      /** At a table one larger: the seat sitting out (the dealer). */
      readonly sitsOut?: number;
    }
  /** A deal entered as each seat's payout (any variant), zero-sum checked. */
  | { readonly kind: 'payout'; readonly payout: readonly number[]; readonly sitsOut?: number };

export interface StandingRow {
  /** The place; players who never played have none with `unplayed: "unranked"` (null). */
  readonly rank: number | null;
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
  /** Null for a player who never played a deal themselves (`unplayed: "unranked"`). */
  readonly ranked: boolean;
  /** Deals a bot played in this player's seat (a no-show, after leaving); credited only with `botCredit`. */
  readonly botDeals: number;
  /** Deals this player played as a substitute in someone else's seat (counted in `deals`). */
  readonly substituteDeals: number;
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
      readonly live?: boolean;
      /** Registered after round 1 started: plays from the next round drawn. */
      readonly walkIn?: boolean;
    }
  | { readonly type: 'CheckedIn'; readonly playerId: PlayerId }
  | { readonly type: 'Withdrawn'; readonly playerId: PlayerId; readonly by?: Actor; readonly reason?: string }
  /** The next round's draw, published before its start (re-drawn: `redraw` > 0, a new seed). */
  | {
      readonly type: 'DrawPublished';
      readonly round: number;
      readonly tables: readonly DrawnTable[];
      readonly live: readonly number[];
      readonly redraw: number;
      readonly by: Actor;
      readonly reason?: string;
      /** More tables of the same published draw (a large draw comes in parts, as RoundDrawn): appended to it. */
      readonly continued?: true;
    }
  | { readonly type: 'TournamentCancelled'; readonly at: number; readonly by: Actor; readonly reason: string }
  | {
      readonly type: 'TournamentPostponed';
      readonly round: number;
      readonly startsAt: number;
      readonly by: Actor;
      readonly reason?: string;
    }
  | {
      readonly type: 'SeatTakenOver';
      readonly round: number;
      readonly table: number;
      readonly seat: number;
      readonly fromDeal: number;
      readonly player: PlayerId | null;
      readonly creditTo: PlayerId | null;
      readonly by: Actor;
      readonly reason?: string;
    }
  | {
      readonly type: 'DealEntered';
      readonly round: number;
      readonly table: number;
      readonly record: DealRecord;
      readonly entry: LiveEntry;
      readonly by: Actor;
      /** Set when the deal had been entered before (a correction before the sheet was handed in). */
      readonly replaces?: true;
      readonly reason?: string;
    }
  | {
      readonly type: 'TotalsEntered';
      readonly round: number;
      readonly table: number;
      readonly totals: readonly string[];
      readonly by: Actor;
      readonly reason?: string;
    }
  | {
      readonly type: 'ResultCorrected';
      readonly round: number;
      readonly table: number;
      readonly deal: number | null;
      readonly before: ResultJson | readonly string[] | null;
      readonly result?: ResultJson;
      readonly entry?: LiveEntry;
      readonly totals?: readonly string[];
      readonly by: Actor;
      readonly reason: string;
    }
  | {
      readonly type: 'RoundEndedEarly';
      readonly round: number;
      readonly by: Actor;
      readonly reason?: string;
      /** Tables that had not finished, and how many of their deals went unplayed. */
      readonly tables: readonly { readonly table: number; readonly unplayed: number }[];
    }
  | {
      readonly type: 'RoundDrawn';
      readonly round: number;
      readonly tables: readonly DrawnTable[];
      /** Round 1 only: every registered player's lot number (the last tie-break; lower wins). */
      readonly lots?: Readonly<Record<PlayerId, number>>;
      /** Tables played with real cards (their sheets are entered by hand); absent = none. */
      readonly live?: readonly number[];
      /**
       * More tables of the same draw (a large draw comes as several events, each well under a push frame's and a
       * stored item's size limit): appended to the round drawn by the event before.
       */
      readonly continued?: true;
    }
  /** Round 1's lot numbers of a large tournament, in parts (small tournaments carry them in RoundDrawn). */
  | { readonly type: 'LotsDrawn'; readonly lots: Readonly<Record<PlayerId, number>> }
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
      /** Entered per-player totals of a live table (they stand instead of the deals). */
      readonly totals?: readonly string[];
      /** Deals of the table that were not played (closed early, the round ended): they score nothing. */
      readonly unplayed?: number;
      /** Finished before its last deal by an intervention. */
      readonly early?: { readonly by: Actor; readonly reason?: string };
      /**
       * The round plays duplicate deals: other tables play the same cards, so `deals` and `points` are published only
       * once the round has ended ({@link publishedEvent}).
       */
      readonly duplicate?: true;
      /** Published while the round runs: `deals` and `points` are left out (empty) until it ends. */
      readonly embargoed?: true;
    }
  | { readonly type: 'RoundEnded'; readonly round: number; readonly at: number; readonly zeroSum: boolean | null }
  | {
      readonly type: 'StandingsChanged';
      readonly round: number;
      /** The list, or a part of it: a long list comes as several events, `part` 1, 2, … after the first. */
      readonly standings: readonly StandingRow[];
      readonly part?: number;
    }
  | { readonly type: 'TournamentEnded'; readonly at: number };

/** The events that record an intervention (shown as such in the organiser's console and the stream). */
export const INTERVENTIONS = [
  'Withdrawn',
  'DrawPublished',
  'TournamentCancelled',
  'TournamentPostponed',
  'SeatTakenOver',
  'ResultCorrected',
  'RoundEndedEarly',
] as const;

export interface PlayerState {
  readonly playerId: PlayerId;
  readonly name: string;
  readonly externalId?: string;
  readonly checkedIn: boolean;
  readonly withdrawn: boolean;
  readonly live: boolean;
  readonly walkIn: boolean;
}

export interface Takeover {
  readonly table: number;
  readonly seat: number;
  readonly fromDeal: number;
  readonly player: PlayerId | null;
  readonly creditTo: PlayerId | null;
}

export interface Correction {
  readonly table: number;
  readonly deal: number | null;
  readonly by: Actor;
  readonly reason: string;
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
  /** Table numbers played with real cards. */
  readonly live: readonly number[];
  /** Per table (index table − 1): a live table's deals entered so far (by deal number − 1). */
  readonly entered: readonly (readonly (DealRecord | undefined)[])[];
  /** Per table: entered per-player totals (exact), standing instead of the deals. */
  readonly totals: readonly (readonly string[] | null)[];
  /** Per table: deals not played (0 when the table played them all). */
  readonly unplayed: readonly number[];
  readonly takeovers: readonly Takeover[];
  readonly corrections: readonly Correction[];
}

/** A draw published before its round starts. */
export interface PublishedDraw {
  readonly round: number;
  readonly tables: readonly DrawnTable[];
  readonly live: readonly number[];
  readonly redraw: number;
}

/**
 * The shape of {@link TournamentState} as stored in snapshots (functions/ports/tournament-store.ts): bump it when the
 * state's fields or `evolveTournament`'s meaning change, so stored snapshots of the old shape are ignored and the
 * stream is folded afresh.
 */
export const TOURNAMENT_STATE_VERSION = 1;

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
  readonly cancelled?: { readonly at: number; readonly reason: string };
  /** The next round's start moved by the organiser. */
  readonly postponed?: { readonly round: number; readonly startsAt: number };
  readonly draw?: PublishedDraw;
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
  // A result is corrected after the end too (the list is checked once it is printed); nothing else changes then.
  if (command.type === 'CorrectResult') return decideCorrection(command, state);
  if (state.ended) return fail(TournamentErrors.ended, 'the tournament has ended');
  switch (command.type) {
    case 'RegisterPlayer': {
      // Before round 1 anyone registers; later only the organiser (a walk-in: plays from the next round drawn).
      const walkIn = phaseOf(state) !== 'registration';
      if (walkIn && command.via !== 'organiser')
        return fail(TournamentErrors.registrationClosed, 'registration closed when round 1 started');
      if (walkIn && state.rounds.length >= state.config.rounds && phaseOf(state) === 'playing')
        return fail(TournamentErrors.registrationClosed, 'the last round is running');
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
            ...(command.live === true ? { live: true } : {}),
            ...(walkIn ? { walkIn: true } : {}),
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
      if (player.withdrawn) return { ok: true, events: [] };
      return {
        ok: true,
        events: [
          {
            type: 'Withdrawn',
            playerId: command.playerId,
            ...(command.by !== undefined ? { by: command.by } : {}),
            ...(command.reason !== undefined ? { reason: command.reason } : {}),
          },
        ],
      };
    }
    case 'DrawRound':
      return decideDrawRound(command, state);
    case 'StartRound':
      return decideStartRound(command, state);
    case 'FinishTable':
      return decideFinishTable(command, state);
    case 'EndRound':
      return decideEndRound(command, state);
    case 'CancelTournament':
      return {
        ok: true,
        events: [{ type: 'TournamentCancelled', at: command.at, by: command.by, reason: command.reason }],
      };
    case 'Postpone': {
      if (phaseOf(state) === 'playing')
        return fail(TournamentErrors.roundRunning, 'a round is running; end it first', 'startsAt');
      const round = state.rounds.length + 1;
      if (round > state.config.rounds) return fail(TournamentErrors.roundOrder, 'every round has been played');
      return {
        ok: true,
        events: [
          {
            type: 'TournamentPostponed',
            round,
            startsAt: command.startsAt,
            by: command.by,
            ...(command.reason !== undefined ? { reason: command.reason } : {}),
          },
        ],
      };
    }
    case 'TakeOverSeat':
      return decideTakeOver(command, state);
    case 'EnterDeal':
      return decideEnterDeal(command, state);
    case 'EnterTotals':
      return decideEnterTotals(command, state);
    case 'SubmitSheet':
      return decideSubmitSheet(command, state);
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

/**
 * The draw of a round: online and live players are drawn apart (a live table seats only players at the venue, an
 * online table only online players), online tables first; tables numbered on through both.
 */
export function drawTables(
  state: TournamentState,
  round: number,
  seed: string,
): { tables: DrawnTable[]; live: number[] } | undefined {
  const entrants = drawEntrants(state);
  if (entrants.filter((e) => !e.bot).length < 1 || entrants.length < 2) return undefined;
  const liveIds = new Set(state.players.filter((p) => p.live).map((p) => p.playerId));
  const draw = (players: typeof entrants, salt: string): DrawnTable[] =>
    players.length === 0
      ? []
      : drawRound({
          seed: `${seed}${salt}`,
          round,
          players,
          tableSize: state.config.tableSize,
          remainder: state.config.remainder,
          mates: state.mates,
          dealsAt: (seats) => dealsAtTable(state.config, seats),
        });
  const online = entrants.filter((e) => !liveIds.has(e.playerId));
  // Live tables have no bots: a no-show is not at the venue, so only checked-in live players are drawn there.
  const atVenue = entrants.filter((e) => liveIds.has(e.playerId) && !e.bot);
  // Same seed string as before live tables existed when nobody plays live: a tournament's draws replay unchanged.
  const first = draw(online, '');
  const second = draw(atVenue, ':live');
  const tables = [...first, ...second.map((t) => ({ ...t, table: t.table + first.length }))];
  return { tables, live: second.map((t) => t.table + first.length) };
}

function entrantsKey(tables: readonly DrawnTable[]): string {
  return tables
    .flatMap((t) => t.seats.map((s) => (s.kind === 'player' ? `${s.playerId}${s.bot ? '*' : ''}` : '')))
    .filter((x) => x !== '')
    .sort()
    .join(',');
}

function decideDrawRound(
  command: Extract<TournamentCommand, { type: 'DrawRound' }>,
  state: TournamentState,
): TournamentDecision {
  if (phaseOf(state) === 'playing')
    return fail(TournamentErrors.roundStarted, 'the round has started; it cannot be drawn again', 'round');
  if (command.round !== state.rounds.length + 1 || command.round > state.config.rounds)
    return fail(TournamentErrors.roundOrder, `the next round is ${state.rounds.length + 1}`, 'round');
  const drawn = drawTables(state, command.round, command.drawSeed);
  if (drawn === undefined) return fail(TournamentErrors.tooFewPlayers, 'too few checked-in players for a draw');
  const redraw = state.draw?.round === command.round ? state.draw.redraw + 1 : 0;
  // In parts like RoundDrawn (at most TABLES_PER_EVENT tables each), so every event fits a push frame and a large
  // commit is stored in parts.
  return {
    ok: true,
    events: chunk(drawn.tables, TABLES_PER_EVENT).map((part, i): TournamentEvent => ({
      type: 'DrawPublished',
      round: command.round,
      tables: part,
      live: i === 0 ? drawn.live : [],
      redraw,
      by: command.by,
      ...(command.reason !== undefined ? { reason: command.reason } : {}),
      ...(i > 0 ? { continued: true as const } : {}),
    })),
  };
}

function decideStartRound(
  command: Extract<TournamentCommand, { type: 'StartRound' }>,
  state: TournamentState,
): TournamentDecision {
  const phase = phaseOf(state);
  if (phase === 'playing') return fail(TournamentErrors.roundRunning, 'a round is running', 'round');
  if (command.round !== state.rounds.length + 1 || command.round > state.config.rounds)
    return fail(TournamentErrors.roundOrder, `the next round is ${state.rounds.length + 1}`, 'round');
  const drawn = drawTables(state, command.round, command.drawSeed);
  if (drawn === undefined) return fail(TournamentErrors.tooFewPlayers, 'too few checked-in players for a draw');
  // A published draw stands when the same players are still in it; otherwise (a check-in, a walk-in, a withdrawal
  // since) the round is drawn afresh at its start.
  const published = state.draw?.round === command.round ? state.draw : undefined;
  const { tables, live } =
    published !== undefined && entrantsKey(published.tables) === entrantsKey(drawn.tables) ? published : drawn;
  const lots = command.round === 1 ? drawLots(command.drawSeed, state.players) : undefined;
  const tableIds = tables.map((t) => tableIdFor(state.tournamentId, command.round, t.table));
  // A large draw is split into events of at most TABLES_PER_EVENT tables and LOTS_PER_EVENT lots, so every event stays
  // far below a WebSocket frame (128 KB) and the commit can be stored in parts (each item below 400 KB).
  const chunks = chunk(tables, TABLES_PER_EVENT);
  const lotParts = lots === undefined ? [] : chunk(Object.entries(lots), LOTS_PER_EVENT);
  const lotsInline = lotParts.length === 1 ? lots : undefined;
  return {
    ok: true,
    events: [
      ...chunks.map((part, i): TournamentEvent => ({
        type: 'RoundDrawn',
        round: command.round,
        tables: part,
        ...(i === 0 && lotsInline !== undefined ? { lots: lotsInline } : {}),
        ...(i === 0 && live.length > 0 ? { live } : {}),
        ...(i > 0 ? { continued: true as const } : {}),
      })),
      ...(lotParts.length > 1
        ? lotParts.map((part): TournamentEvent => ({ type: 'LotsDrawn', lots: Object.fromEntries(part) }))
        : []),
      { type: 'RoundStarted', round: command.round, at: command.at, tableIds },
    ],
  };
}

const TABLES_PER_EVENT = 250;
const LOTS_PER_EVENT = 2000;
const ROWS_PER_EVENT = 400;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out.length === 0 ? [[]] : out;
}

/** The list as StandingsChanged events of at most ROWS_PER_EVENT rows (`part` numbers the later ones). */
function standingsEvents(round: number, rows: readonly StandingRow[]): TournamentEvent[] {
  return chunk(rows, ROWS_PER_EVENT).map((part, i) => ({
    type: 'StandingsChanged',
    round,
    standings: part,
    ...(i > 0 ? { part: i } : {}),
  }));
}

/** Lot numbers 1..n for every registered player, a random permutation from the seed. */
function drawLots(seed: string, players: readonly PlayerState[]): Record<PlayerId, number> {
  const ids = players.map((p) => p.playerId).sort();
  const order = new Rng(`${seed}:lot`).shuffle(ids);
  return Object.fromEntries(order.map((id, i) => [id, i + 1]));
}

function runningRound(state: TournamentState, round: number): RoundState | TournamentDecision {
  const r = state.rounds[round - 1];
  if (r === undefined || r.endedAt !== undefined)
    return fail(TournamentErrors.roundOrder, `round ${round} is not running`, 'round');
  return r;
}

const isDecision = (x: RoundState | TournamentDecision): x is TournamentDecision => 'ok' in x;

/** The deals that are games of the round (a thrown-in deal dealt again is not: `countsAsGame`). */
function games(deals: readonly DealRecord[]): number {
  return deals.filter((d) => countsAsGame(d.result)).length;
}

function checkDeals(table: DrawnTable, deals: readonly DealRecord[], all: boolean): boolean {
  const n = games(deals);
  return (
    (all ? n === table.deals : n <= table.deals) &&
    deals.every((d, i) => d.deal === i + 1 && d.result.payout.length === table.seats.length)
  );
}

function finishedEvent(
  state: TournamentState,
  round: number,
  table: DrawnTable,
  deals: readonly DealRecord[],
  extra: { totals?: readonly string[]; early?: { by: Actor; reason?: string } },
): TournamentEvent {
  const totals = extra.totals?.map(parse);
  const points = totals ?? tablePoints(state.config, table, deals);
  const unplayed = totals !== undefined ? 0 : table.deals - games(deals);
  return {
    type: 'TableFinished',
    round,
    table: table.table,
    deals,
    points: points.map(format),
    ...(extra.totals !== undefined ? { totals: extra.totals } : {}),
    ...(unplayed > 0 ? { unplayed } : {}),
    ...(extra.early !== undefined ? { early: extra.early } : {}),
    ...(state.config.duplicate ? { duplicate: true as const } : {}),
  };
}

/** After a round's tables changed: the round's end, the list, the tournament's end when every table has finished. */
function closeRoundIfDone(
  state: TournamentState,
  round: number,
  at: number,
  events: TournamentEvent[],
): TournamentDecision {
  const next = events.reduce<TournamentState>((s, e) => evolveTournament(s, e), state);
  const after = next.rounds[round - 1];
  if (after !== undefined && after.finished.every((f) => f !== null)) {
    const zeroSum = isZeroSumScheme(state.config) ? roundZeroSum(next, round) : null;
    const ended: TournamentEvent = { type: 'RoundEnded', round, at, zeroSum };
    events.push(ended);
    events.push(...standingsEvents(round, standings(evolveTournament(next, ended))));
    if (round === state.config.rounds) events.push({ type: 'TournamentEnded', at });
  }
  return { ok: true, events };
}

function decideFinishTable(
  command: Extract<TournamentCommand, { type: 'FinishTable' }>,
  state: TournamentState,
): TournamentDecision {
  const round = runningRound(state, command.round);
  if (isDecision(round)) return round;
  const table = round.tables[command.table - 1];
  if (table === undefined) return fail(TournamentErrors.unknownTable, `no table ${command.table}`, 'table');
  if (round.finished[command.table - 1] !== null)
    return fail(TournamentErrors.tableFinished, 'the table has finished', 'table');
  if (round.live.includes(command.table))
    return fail(TournamentErrors.notLive, 'a live table finishes when its sheet is handed in', 'table');
  // A table closed before its last deal (the organiser finished it) scores the deals it played.
  if (!checkDeals(table, command.deals, false))
    return fail(TournamentErrors.badDeals, `table ${command.table} plays deals 1..${table.deals}`, 'deals');
  const early = command.early ?? (games(command.deals) < table.deals ? { by: { kind: 'system' as const } } : undefined);
  const events = [finishedEvent(state, command.round, table, command.deals, early !== undefined ? { early } : {})];
  return closeRoundIfDone(state, command.round, command.at, events);
}

function decideEndRound(
  command: Extract<TournamentCommand, { type: 'EndRound' }>,
  state: TournamentState,
): TournamentDecision {
  const round = runningRound(state, command.round);
  if (isDecision(round)) return round;
  const given = new Map(command.tables.map((t) => [t.table, t.deals]));
  const early = { by: command.by, ...(command.reason !== undefined ? { reason: command.reason } : {}) };
  const events: TournamentEvent[] = [];
  const cut: { table: number; unplayed: number }[] = [];
  for (const table of round.tables) {
    const ti = table.table - 1;
    if (round.finished[ti] !== null) continue;
    const live = round.live.includes(table.table);
    const totals = round.totals[ti] ?? undefined;
    // A live table scores what was entered so far (its totals when entered as totals); an online table the deals it
    // played (the service reads them from the table after closing it).
    const deals = live ? enteredDeals(round, table.table) : (given.get(table.table) ?? []);
    if (!checkDeals(table, deals, false))
      return fail(TournamentErrors.badDeals, `table ${table.table} plays deals 1..${table.deals}`, 'tables');
    const e = finishedEvent(state, command.round, table, deals, {
      early,
      ...(live && totals !== undefined ? { totals } : {}),
    });
    cut.push({ table: table.table, unplayed: e.type === 'TableFinished' ? (e.unplayed ?? 0) : 0 });
    events.push(e);
  }
  events.unshift({
    type: 'RoundEndedEarly',
    round: command.round,
    by: command.by,
    ...(command.reason !== undefined ? { reason: command.reason } : {}),
    tables: cut,
  });
  return closeRoundIfDone(state, command.round, command.at, events);
}

/** The deals a live table entered, in order, up to the first gap (a sheet is entered deal by deal). */
export function enteredDeals(round: RoundState, table: number): DealRecord[] {
  const out: DealRecord[] = [];
  for (const d of round.entered[table - 1] ?? []) {
    if (d === undefined) break;
    out.push(d);
  }
  return out;
}

function decideTakeOver(
  command: Extract<TournamentCommand, { type: 'TakeOverSeat' }>,
  state: TournamentState,
): TournamentDecision {
  const round = runningRound(state, command.round);
  if (isDecision(round)) return round;
  const table = round.tables[command.table - 1];
  if (table === undefined) return fail(TournamentErrors.unknownTable, `no table ${command.table}`, 'table');
  if (round.finished[command.table - 1] !== null)
    return fail(TournamentErrors.tableFinished, 'the table has finished', 'table');
  const seat = table.seats[command.seat];
  if (seat === undefined) return fail(TournamentErrors.notSeated, `no seat ${command.seat}`, 'seat');
  const known = (id: PlayerId | null): boolean => id === null || state.players.some((p) => p.playerId === id);
  if (!known(command.player)) return fail(TournamentErrors.unknownPlayer, 'no such player', 'substitute');
  if (!known(command.creditTo)) return fail(TournamentErrors.unknownPlayer, 'no such player', 'creditTo');
  if (command.player !== null && seatedIn(round, command.player))
    return fail(TournamentErrors.notSeated, 'the substitute plays at a table of this round', 'substitute');
  if (!Number.isInteger(command.fromDeal) || command.fromDeal < 1 || command.fromDeal > table.deals)
    return fail(TournamentErrors.badDeals, `fromDeal is 1..${table.deals}`, 'fromDeal');
  return {
    ok: true,
    events: [
      {
        type: 'SeatTakenOver',
        round: command.round,
        table: command.table,
        seat: command.seat,
        fromDeal: command.fromDeal,
        player: command.player,
        creditTo: command.creditTo,
        by: command.by,
        ...(command.reason !== undefined ? { reason: command.reason } : {}),
      },
    ],
  };
}

/** Whether a player sits at (or has taken over) a seat of the round. */
function seatedIn(round: RoundState, playerId: PlayerId): boolean {
  return round.tables.some((t) => seatOf(t, playerId) >= 0) || round.takeovers.some((t) => t.player === playerId);
}

/** A live table of a running round that has not handed in its sheet, and that `by` may enter for. */
function liveTable(
  state: TournamentState,
  roundNo: number,
  tableNo: number,
  by: Actor,
): { round: RoundState; table: DrawnTable } | TournamentDecision {
  const round = runningRound(state, roundNo);
  if (isDecision(round)) return round;
  const table = round.tables[tableNo - 1];
  if (table === undefined) return fail(TournamentErrors.unknownTable, `no table ${tableNo}`, 'table');
  if (!round.live.includes(tableNo)) return fail(TournamentErrors.notLive, 'the table plays online', 'table');
  if (round.finished[tableNo - 1] !== null)
    return fail(TournamentErrors.tableFinished, 'the sheet has been handed in; correct it instead', 'table');
  // The table captain is any player drawn to the table (the Spielliste is kept at the table).
  if (by.kind === 'player' && seatOf(table, by.playerId) < 0)
    return fail(TournamentErrors.notSeated, 'only the organiser or a player of the table enters its sheet');
  return { round, table };
}

function decideEnterDeal(
  command: Extract<TournamentCommand, { type: 'EnterDeal' }>,
  state: TournamentState,
): TournamentDecision {
  const at = liveTable(state, command.round, command.table, command.by);
  if ('ok' in at) return at;
  const { round, table } = at;
  const entered = round.entered[command.table - 1] ?? [];
  const next = enteredDeals(round, command.table).length + 1;
  if (command.deal < 1 || command.deal > Math.min(next, table.deals))
    return fail(TournamentErrors.badEntry, `the next deal to enter is ${next}`, 'deal');
  if (round.totals[command.table - 1] !== null)
    return fail(TournamentErrors.badEntry, 'the sheet was entered as totals', 'deal');
  const replaces = entered[command.deal - 1] !== undefined;
  return {
    ok: true,
    events: [
      {
        type: 'DealEntered',
        round: command.round,
        table: command.table,
        record: { ...command.record, deal: command.deal },
        entry: command.entry,
        by: command.by,
        ...(replaces ? { replaces: true as const } : {}),
        ...(command.reason !== undefined ? { reason: command.reason } : {}),
      },
    ],
  };
}

function checkTotals(
  state: TournamentState,
  table: DrawnTable,
  totals: readonly string[],
): TournamentDecision | undefined {
  if (totals.length !== table.seats.length)
    return fail(TournamentErrors.badEntry, `one total per seat (${table.seats.length})`, 'totals');
  let parsed: Rational[];
  try {
    parsed = totals.map(parse);
  } catch {
    return fail(TournamentErrors.badEntry, 'a total is a whole or exact number like "-30" or "5/2"', 'totals');
  }
  if (isZeroSumScheme(state.config) && !isZero(sum(parsed)))
    return fail(TournamentErrors.notZeroSum, `the totals add up to ${format(sum(parsed))}, not 0`, 'totals');
  return undefined;
}

function decideEnterTotals(
  command: Extract<TournamentCommand, { type: 'EnterTotals' }>,
  state: TournamentState,
): TournamentDecision {
  const at = liveTable(state, command.round, command.table, command.by);
  if ('ok' in at) return at;
  if (enteredDeals(at.round, command.table).length > 0)
    return fail(TournamentErrors.badEntry, 'the sheet was entered deal by deal', 'totals');
  const bad = checkTotals(state, at.table, command.totals);
  if (bad !== undefined) return bad;
  return {
    ok: true,
    events: [
      {
        type: 'TotalsEntered',
        round: command.round,
        table: command.table,
        totals: command.totals.map((t) => format(parse(t))),
        by: command.by,
        ...(command.reason !== undefined ? { reason: command.reason } : {}),
      },
    ],
  };
}

function decideSubmitSheet(
  command: Extract<TournamentCommand, { type: 'SubmitSheet' }>,
  state: TournamentState,
): TournamentDecision {
  const at = liveTable(state, command.round, command.table, command.by);
  if ('ok' in at) return at;
  const totals = at.round.totals[command.table - 1] ?? undefined;
  const deals = enteredDeals(at.round, command.table);
  if (totals === undefined && deals.length !== at.table.deals)
    return fail(
      TournamentErrors.badEntry,
      `${deals.length} of ${at.table.deals} deals entered; enter the rest, or the organiser ends the round`,
      'deals',
    );
  const events = [finishedEvent(state, command.round, at.table, deals, totals !== undefined ? { totals } : {})];
  return closeRoundIfDone(state, command.round, command.at, events);
}

function decideCorrection(
  command: Extract<TournamentCommand, { type: 'CorrectResult' }>,
  state: TournamentState,
): TournamentDecision {
  const round = state.rounds[command.round - 1];
  if (round === undefined) return fail(TournamentErrors.roundOrder, `no round ${command.round}`, 'round');
  const table = round.tables[command.table - 1];
  if (table === undefined) return fail(TournamentErrors.unknownTable, `no table ${command.table}`, 'table');
  const deals = round.finished[command.table - 1];
  if (deals === null || deals === undefined)
    return fail(TournamentErrors.roundRunning, 'the table is still playing; correct it once it has finished', 'table');
  const base = { type: 'ResultCorrected' as const, round: command.round, table: command.table, by: command.by };
  const events: TournamentEvent[] = [];
  if (command.deal === null) {
    const totals = command.totals;
    if (totals === undefined) return fail(TournamentErrors.badEntry, 'a correction of totals gives totals', 'totals');
    const bad = checkTotals(state, table, totals);
    if (bad !== undefined) return bad;
    const before = round.totals[command.table - 1] ?? tablePoints(state.config, table, deals).map(format);
    events.push({ ...base, deal: null, before, totals: totals.map((t) => format(parse(t))), reason: command.reason });
  } else {
    const old = deals[command.deal - 1];
    if (old === undefined) return fail(TournamentErrors.badDeals, `no deal ${command.deal} at this table`, 'deal');
    if (round.totals[command.table - 1] !== null)
      return fail(TournamentErrors.badEntry, 'the table was entered as totals; correct the totals', 'deal');
    const result = command.result;
    if (result === undefined || result.payout.length !== table.seats.length)
      return fail(TournamentErrors.badEntry, `a result with a payout per seat (${table.seats.length})`, 'result');
    events.push({
      ...base,
      deal: command.deal,
      before: old.result,
      result,
      ...(command.entry !== undefined ? { entry: command.entry } : {}),
      reason: command.reason,
    });
  }
  // A correction after the round ended changes the list: the standings follow at once.
  if (round.endedAt !== undefined) {
    const next = events.reduce<TournamentState>((s, e) => evolveTournament(s, e), state);
    events.push(...standingsEvents(command.round, standings(next)));
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
        live: event.live === true,
        walkIn: event.walkIn === true,
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
    case 'DrawPublished': {
      const s = must(state);
      if (event.continued === true && s.draw !== undefined)
        return { ...s, draw: { ...s.draw, tables: [...s.draw.tables, ...event.tables] } };
      return { ...s, draw: { round: event.round, tables: event.tables, live: event.live, redraw: event.redraw } };
    }
    case 'RoundDrawn': {
      const s = must(state);
      if (event.continued === true)
        return {
          ...updateRound(s, event.round, (r) => ({
            ...r,
            tables: [...r.tables, ...event.tables],
            finished: [...r.finished, ...event.tables.map(() => null)],
            entered: [...r.entered, ...event.tables.map(() => [])],
            totals: [...r.totals, ...event.tables.map(() => null)],
            unplayed: [...r.unplayed, ...event.tables.map(() => 0)],
          })),
          mates: addMates(s.mates, event.tables),
        };
      const round: RoundState = {
        round: event.round,
        tables: event.tables,
        tableIds: [],
        finished: event.tables.map(() => null),
        live: event.live ?? [],
        entered: event.tables.map(() => []),
        totals: event.tables.map(() => null),
        unplayed: event.tables.map(() => 0),
        takeovers: [],
        corrections: [],
      };
      const { draw: _published, ...rest } = s;
      return {
        ...rest,
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
        totals: r.totals.map((t, i) => (i === event.table - 1 && event.totals !== undefined ? event.totals : t)),
        unplayed: r.unplayed.map((u, i) => (i === event.table - 1 ? (event.unplayed ?? 0) : u)),
      }));
    case 'RoundEnded':
      return updateRound(must(state), event.round, (r) => ({ ...r, endedAt: event.at, zeroSum: event.zeroSum }));
    case 'RoundEndedEarly':
      // The tables' TableFinished events that follow carry what changes.
      return must(state);
    case 'LotsDrawn': {
      const s = must(state);
      return { ...s, lots: { ...s.lots, ...event.lots } };
    }
    case 'StandingsChanged':
      // Derived: the standings follow from the finished tables.
      return must(state);
    case 'TournamentEnded':
      return { ...must(state), ended: true, endedAt: event.at };
    case 'TournamentCancelled':
      return { ...must(state), ended: true, endedAt: event.at, cancelled: { at: event.at, reason: event.reason } };
    case 'TournamentPostponed':
      return { ...must(state), postponed: { round: event.round, startsAt: event.startsAt } };
    case 'SeatTakenOver':
      return updateRound(must(state), event.round, (r) => ({
        ...r,
        takeovers: [
          ...r.takeovers,
          {
            table: event.table,
            seat: event.seat,
            fromDeal: event.fromDeal,
            player: event.player,
            creditTo: event.creditTo,
          },
        ],
      }));
    case 'DealEntered':
      return updateRound(must(state), event.round, (r) => ({
        ...r,
        entered: r.entered.map((deals, i) => {
          if (i !== event.table - 1) return deals;
          const next = [...deals];
          next[event.record.deal - 1] = event.record;
          return next;
        }),
      }));
    case 'TotalsEntered':
      return updateRound(must(state), event.round, (r) => ({
        ...r,
        totals: r.totals.map((t, i) => (i === event.table - 1 ? event.totals : t)),
      }));
    case 'ResultCorrected':
      return updateRound(must(state), event.round, (r) => ({
        ...r,
        corrections: [...r.corrections, { table: event.table, deal: event.deal, by: event.by, reason: event.reason }],
        totals: r.totals.map((t, i) => (i === event.table - 1 && event.totals !== undefined ? event.totals : t)),
        finished: r.finished.map((f, i) =>
          i !== event.table - 1 || f === null || event.deal === null || event.result === undefined
            ? f
            : f.map((d) => (d.deal === event.deal ? { ...d, result: event.result as ResultJson } : d)),
        ),
      }));
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

/** A finished table's points per seat: its entered totals when the sheet was entered as totals, else its deals'. */
export function finishedPoints(state: TournamentState, round: RoundState, table: DrawnTable): Rational[] | null {
  const deals = round.finished[table.table - 1];
  if (deals === null || deals === undefined) return null;
  const totals = round.totals[table.table - 1];
  if (totals !== null && totals !== undefined) return totals.map(parse);
  return tablePoints(state.config, table, deals);
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
  return r.tables.every((t) => {
    const points = finishedPoints(state, r, t);
    return points === null || isZero(sum(points));
  });
}

/** Seat of a player at a drawn table, or -1. */
export function seatOf(table: DrawnTable, playerId: PlayerId): number {
  return table.seats.findIndex((s: DrawnSeat) => s.kind === 'player' && s.playerId === playerId);
}

/**
 * Who plays a seat at a deal and whom its points go to: the drawn player, a no-show's bot (credited only with
 * `botCredit`), a filler bot (nobody), or whoever took the seat over from an earlier deal on.
 */
export function seatAt(
  config: TournamentConfig,
  round: RoundState,
  table: DrawnTable,
  seat: number,
  deal: number,
): { readonly playedBy: PlayerId | null; readonly creditTo: PlayerId | null; readonly owner: PlayerId | null } {
  const drawn = table.seats[seat];
  const owner = drawn?.kind === 'player' ? drawn.playerId : null;
  let playedBy: PlayerId | null = drawn?.kind === 'player' && !drawn.bot ? drawn.playerId : null;
  let creditTo: PlayerId | null = playedBy ?? (owner !== null && config.botCredit ? owner : null);
  for (const t of round.takeovers)
    if (t.table === table.table && t.seat === seat && t.fromDeal <= deal) {
      playedBy = t.player;
      creditTo = t.player === null && t.creditTo === owner && !config.botCredit ? null : t.creditTo;
    }
  return { playedBy, creditTo, owner };
}

/** Each player's credited points per round (by round − 1) and the counts the list shows. */
interface Tally {
  rounds: Rational[];
  deals: number;
  won: number;
  soli: number;
  botDeals: number;
  substituteDeals: number;
  /** Points per (round, table), for the table prizes. */
  tables: Map<string, Rational>;
}

export function tallies(state: TournamentState): Map<PlayerId, Tally> {
  const { config } = state;
  const acc = new Map<PlayerId, Tally>();
  for (const p of state.players)
    acc.set(p.playerId, {
      rounds: Array.from({ length: config.rounds }, () => ZERO),
      deals: 0,
      won: 0,
      soli: 0,
      botDeals: 0,
      substituteDeals: 0,
      tables: new Map(),
    });
  const credit = (id: PlayerId | null, round: number, table: number, points: Rational): void => {
    const a = id === null ? undefined : acc.get(id);
    if (a === undefined) return;
    a.rounds[round - 1] = add(a.rounds[round - 1] ?? ZERO, points);
    const key = `${round}:${table}`;
    a.tables.set(key, add(a.tables.get(key) ?? ZERO, points));
  };
  for (const round of state.rounds) {
    round.tables.forEach((table, ti) => {
      const deals = round.finished[ti];
      if (deals === null || deals === undefined) return;
      const totals = round.totals[ti];
      if (totals !== null && totals !== undefined) {
        // A sheet entered as totals: each seat's total goes to its drawn player, who played every deal of it.
        table.seats.forEach((seat, s) => {
          if (seat.kind !== 'player') return;
          const a = acc.get(seat.playerId);
          if (a !== undefined) a.deals += table.deals;
          credit(seat.playerId, round.round, table.table, parse(totals[s] ?? '0'));
        });
        return;
      }
      const scores = tableScores(config, table, deals);
      scores.forEach((score, di) => {
        const record = deals[di];
        if (record === undefined) return;
        table.seats.forEach((_, s) => {
          const who = seatAt(config, round, table, s, record.deal);
          // A thrown-in deal dealt again is no game: nobody played it (it scores nothing either).
          const played = record.players.includes(s) && countsAsGame(record.result);
          const player = who.playedBy === null ? undefined : acc.get(who.playedBy);
          if (player !== undefined && played) {
            player.deals++;
            if (who.playedBy !== who.owner) player.substituteDeals++;
            if (score.winners.includes(s)) player.won++;
            if (score.soloWonBy === s) player.soli++;
          }
          const owner = who.owner === null ? undefined : acc.get(who.owner);
          if (owner !== undefined && who.playedBy === null && played) owner.botDeals++;
          credit(who.creditTo, round.round, table.table, score.points[s] ?? ZERO);
        });
      });
    });
  }
  return acc;
}

/**
 * The list: points (exact) per round and in total, games won, Soli won; ranked by points, then the configured
 * tie-breaks in order (`lot`: lower lot number first). Only what was credited counts (docs/tournaments.md "Honest
 * lists"): a player who never played a deal has no place (`unplayed: "unranked"`) or shares the last one (`"last"`).
 * Equal on every criterion ⇒ equal rank (only possible when `lot` is not a tie-break).
 */
export function standings(state: TournamentState): StandingRow[] {
  const { config } = state;
  const acc = tallies(state);
  const rows = state.players.map((p) => {
    const a = acc.get(p.playerId) ?? {
      rounds: [],
      deals: 0,
      won: 0,
      soli: 0,
      botDeals: 0,
      substituteDeals: 0,
      tables: new Map(),
    };
    return { p, a, total: sum(a.rounds), lot: state.lots[p.playerId] ?? Number.MAX_SAFE_INTEGER, played: a.deals > 0 };
  });
  const compare = (x: (typeof rows)[number], y: (typeof rows)[number]): number => {
    if (x.played !== y.played) return x.played ? -1 : 1;
    if (!x.played) return 0;
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
    const ranked = r.played || config.unplayed === 'last';
    return {
      rank: ranked ? rank : null,
      playerId: r.p.playerId,
      name: r.p.name,
      rounds: r.a.rounds.map(format),
      total: format(r.total),
      deals: r.a.deals,
      gamesWon: r.a.won,
      soliWon: r.a.soli,
      lot: state.lots[r.p.playerId] ?? 0,
      withdrawn: r.p.withdrawn,
      ranked,
      botDeals: r.a.botDeals,
      substituteDeals: r.a.substituteDeals,
    };
  });
}

function must<T>(value: T | null): T {
  if (value === null) throw new Error('event out of order');
  return value;
}
