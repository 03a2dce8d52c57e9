import ical, { ICalEventStatus } from 'ical-generator';
import { tournament as T } from '../../../engine/index.js';

/**
 * `calendar.ics`: one event per round with its start and end (actual where played, planned otherwise), in UTC.
 * Stable UIDs per round, so a subscribed calendar updates the rounds in place when times move.
 */
export function calendarIcs(state: T.TournamentState, opts: { url?: string; now: number }): string {
  const name = oneLine(state.config.name);
  const cal = ical({
    name,
    prodId: { company: 'stammtisch', product: 'tournaments', language: 'EN' },
    ...(opts.url !== undefined ? { url: opts.url } : {}),
  });
  for (const r of T.roundTimes(state)) {
    cal.createEvent({
      id: `${state.tournamentId}-round-${r.round}@stammtisch`,
      start: new Date(r.startsAt),
      end: new Date(r.endsAt),
      stamp: new Date(opts.now),
      summary: `${name}: round ${r.round} of ${state.config.rounds}`,
      description: `${state.config.variant}, ${state.config.dealsPerRound} deals per table (${r.status}).`,
      status: r.status === 'planned' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      ...(opts.url !== undefined ? { url: opts.url } : {}),
    });
  }
  return cal.toString();
}

/**
 * Text on one line: ical-generator writes the calendar's NAME / X-WR-CALNAME unescaped, so a CR or LF in a tournament
 * name would end the line and start properties (or a `BEGIN:VEVENT`) of the name's choosing. Control characters and
 * line separators become spaces.
 */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}
