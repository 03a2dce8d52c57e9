import { dealsAtTable } from './config.js';
import { type TournamentState, phaseOf } from './tournament.js';

/** When rounds start: round 1 at `startsAt`, every later round a pause after the previous one ended. */

export interface RoundTime {
  readonly round: number;
  readonly startsAt: number;
  readonly endsAt: number;
  /** `played`/`playing`: the start (and end) are what happened; `planned`: projected from the config. */
  readonly status: 'played' | 'playing' | 'planned';
}

const MINUTE = 60_000;

/** The time the next round is due to start (draw and tables), or undefined while a round runs or after the end. */
export function nextRoundDue(state: TournamentState): { round: number; at: number } | undefined {
  const phase = phaseOf(state);
  if (phase === 'ended' || phase === 'playing') return undefined;
  const round = state.rounds.length + 1;
  if (round > state.config.rounds) return undefined;
  // The organiser moved this round's start (postponed): that time stands.
  if (state.postponed?.round === round) return { round, at: state.postponed.startsAt };
  const last = state.rounds[state.rounds.length - 1];
  if (last === undefined) return { round, at: state.config.startsAt };
  return { round, at: (last.endedAt ?? 0) + state.config.pauseMinutes * MINUTE };
}

/**
 * Every round's start and end: actual where it happened, otherwise planned from the round length (the deals of the
 * largest table × `minutesPerDeal`) and the pause. For the calendar and the tournament view.
 */
export function roundTimes(state: TournamentState): RoundTime[] {
  const { config } = state;
  const largest = config.remainder === 'larger-tables' ? config.tableSize + 1 : config.tableSize;
  const length = dealsAtTable(config, largest) * config.minutesPerDeal * MINUTE;
  const out: RoundTime[] = [];
  let nextStart = config.startsAt;
  for (let round = 1; round <= config.rounds; round++) {
    const r = state.rounds[round - 1];
    const moved = state.postponed?.round === round ? state.postponed.startsAt : undefined;
    const startsAt = r?.startedAt ?? moved ?? nextStart;
    const endsAt = r?.endedAt ?? Math.max(startsAt + length, 0);
    const status = r?.endedAt !== undefined ? 'played' : r?.startedAt !== undefined ? 'playing' : 'planned';
    out.push({ round, startsAt, endsAt, status });
    nextStart = endsAt + config.pauseMinutes * MINUTE;
  }
  return out;
}
