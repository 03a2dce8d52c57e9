import type { TableEvent, TableState, tournament as T } from '../../engine/index.js';

/**
 * Schema versions of what the table stores keep: every stored commit carries the version of its events' shape, every
 * snapshot the version of the table state's shape. Readers turn older shapes into today's with upcasters, one step at
 * a time, so the code past the store only ever sees the current `TableEvent` and `TableState` (docs/storage.md).
 *
 * Items written before versions existed carry none: they are version 1.
 *
 * The seating (who sits where, token hashes) is a commit attribute, not an event (ports/table-store.ts `seating`):
 * commits stored before it moved into the stream carry none, and their table's seating is read from META's `seats`
 * until the first commit that carries one (use-cases/table-stream.ts `withSeating`; docs/storage.md, "Seating lives in
 * the stream"). That fallback is the upcast for those tables; the events' and snapshots' versions did not change.
 */

/** Turns a value stored at version `from` into the shape of version `from + 1`. */
export interface Upcaster {
  readonly from: number;
  /** One event (or one snapshot state) in, one out: a commit's events keep their count, so their seqs stay. */
  up(value: unknown): unknown;
}

/** The version a store writes today and the steps from every older version to it (`upcasters[i].from === i + 1`). */
export interface StoredShape {
  readonly version: number;
  readonly upcasters: readonly Upcaster[];
}

export interface StorageSchema {
  /** The shape of a stored event (`TableEvent`, engine/game/table.ts). */
  readonly events: StoredShape;
  /** The shape of a snapshot's table state (`TableState`, engine/game/table.ts); `null` (not opened) at every version. */
  readonly snapshot: StoredShape;
  /** The shape of a stored tournament event (`TournamentEvent`, engine/tournament/tournament.ts). */
  readonly tournamentEvents: StoredShape;
}

/**
 * Today's schema. To change a stored shape: raise the version and append the upcaster from the previous one
 * (docs/storage.md, "Adding an upcaster"); test/functions/table-store.contract.test.ts and the fixture streams of
 * test/fixtures/streams/ check that yesterday's items still read.
 */
export const STORAGE_SCHEMA: StorageSchema = {
  events: { version: 1, upcasters: [] },
  snapshot: { version: 1, upcasters: [] },
  tournamentEvents: { version: 1, upcasters: [] },
};

/** The version an item without one was written at. */
export const UNVERSIONED = 1;

/** A stored item this code cannot read: written by newer code, or a version no upcaster chain reaches. */
export class StoredShapeError extends Error {
  constructor(what: string, version: number, current: number) {
    super(`stored ${what} has schema version ${version}; this code reads versions 1 to ${current}`);
    this.name = 'StoredShapeError';
  }
}

/** Bring `value`, stored at `version` (undefined: unversioned), up to `shape.version`. */
export function upcast(shape: StoredShape, what: string, version: number | undefined, value: unknown): unknown {
  const from = version ?? UNVERSIONED;
  if (!Number.isInteger(from) || from < 1 || from > shape.version)
    throw new StoredShapeError(what, from, shape.version);
  let out = value;
  for (let v = from; v < shape.version; v++) {
    const step = shape.upcasters[v - 1];
    if (step?.from !== v) throw new StoredShapeError(what, v, shape.version);
    out = step.up(out);
  }
  return out;
}

/** Values stored at `version`, in today's shape (the same array when they are current). */
function upcastAll(
  shape: StoredShape,
  what: string,
  version: number | undefined,
  values: readonly unknown[],
): unknown[] {
  if ((version ?? UNVERSIONED) === shape.version) return values as unknown[];
  return values.map((e) => upcast(shape, what, version, e));
}

/** A commit's events as stored at `version`, in today's shape. */
export const upcastEvents = (schema: StorageSchema, version: number | undefined, events: readonly unknown[]) =>
  upcastAll(schema.events, 'event', version, events) as TableEvent[];

/** A tournament commit's events as stored at `version`, in today's shape. */
export const upcastTournamentEvents = (
  schema: StorageSchema,
  version: number | undefined,
  events: readonly unknown[],
) => upcastAll(schema.tournamentEvents, 'tournament event', version, events) as T.TournamentEvent[];

/** A snapshot as stored at `version`, its state in today's shape (`null`: the table was not opened yet). */
export function upcastSnapshot(
  schema: StorageSchema,
  version: number | undefined,
  snapshot: { readonly at: number; readonly state: unknown },
): { at: number; state: TableState | null } {
  return {
    at: snapshot.at,
    state:
      snapshot.state === null ? null : (upcast(schema.snapshot, 'snapshot', version, snapshot.state) as TableState),
  };
}
