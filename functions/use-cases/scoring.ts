import { type RecordError, scoreRecord } from '../../engine/index.js';
import { AppError } from './errors.js';

/** What POST /v1/records/score answers: the engine's settlement of a record. */
export type ScoreResult = Exclude<ReturnType<typeof scoreRecord>, { readonly error: RecordError }>;

/** Settle a posted game record (docs: the record format); a bad record is a 422 naming the field or rule. */
export function score(record: unknown): ScoreResult {
  const out = scoreRecord(record);
  if (isError(out)) {
    const { error } = out;
    throw new AppError(422, error.code, error.message, {
      ...(error.field !== undefined ? { field: error.field } : {}),
      ...(error.rule !== undefined ? { rule: error.rule } : {}),
      ...(error.seat !== undefined ? { seat: error.seat } : {}),
      ...(error.index !== undefined ? { index: error.index } : {}),
    });
  }
  return out;
}

function isError(out: ReturnType<typeof scoreRecord>): out is { readonly error: RecordError } {
  return 'error' in out;
}
