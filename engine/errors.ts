/**
 * Engine errors carry namespaced, stable codes (STYLE.md 7) that the API returns in problem+json bodies.
 * `rule` names the rule that forbids an action; `field` names the offending input field.
 */
export interface EngineError {
  readonly code: string;
  readonly message: string;
  readonly rule?: string;
  readonly field?: string;
  readonly seat?: number;
}

export const ErrorCodes = {
  unknownVariant: 'table/unknown_variant',
  unknownPreset: 'table/unknown_preset',
  badOptions: 'table/bad_options',
  badSeats: 'table/bad_seat_count',
  tableClosed: 'table/closed',
  dealInProgress: 'deal/in_progress',
  noDeal: 'deal/not_started',
  dealOver: 'deal/over',
  badDeck: 'deal/bad_deck',
  badSeat: 'action/bad_seat',
  notYourTurn: 'action/not_your_turn',
  badAction: 'action/malformed',
  illegal: 'action/illegal',
} as const;

export function engineError(code: string, message: string, extra: Partial<EngineError> = {}): EngineError {
  return { code, message, ...extra };
}
