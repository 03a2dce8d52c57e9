import { type TableState, asSeat, view } from '../../engine/index.js';
import type { Commit, TableMeta } from '../ports/table-store.js';

/**
 * Whose turn it is and until when: the seats a deal waits for, the ones the server plays, the turn deadline. Read by
 * the progress pass (progress.ts), the view (queries.ts) and the fan-out (fanout.ts); it imports no use case.
 */

/** The seats the running deal waits for. */
export function seatsToAct(state: TableState): readonly number[] {
  const deal = state.deal;
  if (state.closed || deal === null || deal.over) return [];
  return view(state, { kind: 'spectator' }).deal?.toAct ?? [];
}

/** Whether the server plays this seat without waiting: a bot seat, or a seat marked absent. */
export function serverPlays(meta: TableMeta, state: TableState, seat: number): boolean {
  return meta.seats[seat]?.kind === 'bot' || (state.absent?.includes(asSeat(seat)) ?? false);
}

/**
 * The turn deadline at a table's head: the head commit's time + `turnSeconds`, when a clocked seat the server does not
 * play is to act (the clock restarts with every commit). Undefined without a clock or when nobody waits.
 */
export function turnDeadline(meta: TableMeta, state: TableState, head: Commit): number | undefined {
  if (meta.clock === undefined) return undefined;
  const waiting = seatsToAct(state).filter((s) => !serverPlays(meta, state, s));
  return waiting.length === 0 ? undefined : head.at + meta.clock.turnSeconds * 1000;
}
