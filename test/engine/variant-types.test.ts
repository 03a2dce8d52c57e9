import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AnyVariant,
  type Seat,
  asSeat,
  dealSeatOf,
  foundSeat,
  getVariant,
  listVariants,
  nextSeat,
  schafkopf,
  seatIn,
  seatsOf,
} from '../../engine/index.js';
import type { MkState } from '../../engine/variants/mehrkopf/state.js';
import type { SaContract, SaState } from '../../engine/variants/saukopf/state.js';
import type { SkState } from '../../engine/variants/schafkopf/state.js';
import type { ShState } from '../../engine/variants/sheepshead/state.js';

// No `any` at the Variant boundary: the registry holds variants with their option and state types erased to
// `unknown` (engine/variant.ts AnyVariant). These assertions are checked by `tsc` (expectTypeOf) and at run time.
describe('the erased variant the registry holds', () => {
  it('exposes options and deal state as unknown, never any', () => {
    expectTypeOf<ReturnType<AnyVariant['resolveOptions']>>().toBeUnknown();
    expectTypeOf<ReturnType<AnyVariant['start']>>().toBeUnknown();
    expectTypeOf<Parameters<AnyVariant['apply']>[0]>().toBeUnknown();
    expectTypeOf<ReturnType<AnyVariant['start']>>().not.toBeAny();
    expectTypeOf(getVariant('schafkopf')).toEqualTypeOf<AnyVariant | undefined>();
  });

  it('holds each concrete variant as it is, no cast needed', () => {
    const erased: AnyVariant = schafkopf;
    expect(getVariant('schafkopf')).toBe(erased);
    // Schafkopf first (the default a caller that names none gets: engine/registry.ts DEFAULT_VARIANT).
    expect(listVariants()[0]?.id).toBe('schafkopf');
  });

  it('registers every variant folder (engine/variants/<id>/index.ts), each once, under its folder name', () => {
    const root = fileURLToPath(new URL('../../engine/variants/', import.meta.url));
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'index.ts')))
      .map((d) => d.name);
    expect(folders.length).toBeGreaterThanOrEqual(4);
    expect(listVariants().map((v) => v.id)).toHaveLength(folders.length);
    expect([...listVariants().map((v) => v.id)].sort()).toEqual(folders.sort());
  });
});

// Seats are a closed type (engine/seat.ts): `-1` and computed numbers do not type-check as a seat, "nobody" is null.
// The `@ts-expect-error` lines fail `tsc` the day a plain number (or -1) passes for a seat again.
describe('the seat type', () => {
  const take = (s: Seat): Seat => s;
  const n: number = 2;

  it('refuses -1 and plain numbers; the helpers make seats', () => {
    // @ts-expect-error -1 is no seat: "nobody" is null
    take(-1);
    // @ts-expect-error a computed number (a count, a card index) is no seat
    take(n + 1);
    // Never called: only its types are checked.
    const legalFor = (state: SkState): unknown =>
      // @ts-expect-error a deal state is asked about a seat, not a number
      schafkopf.legalActions(state, n);
    void legalFor;
    expectTypeOf<Seat>().not.toEqualTypeOf<number>();
    expect(take(3)).toBe(3);
    expect(nextSeat(3, 4)).toBe(0);
    expect(nextSeat(1, 4, 3)).toBe(0);
    expect(asSeat(n)).toBe(2);
    expect(foundSeat(-1)).toBeNull();
    expect(seatsOf(3)).toEqual([0, 1, 2]);
    expect([seatIn(3, 4), seatIn(4, 4), seatIn(-1, 4), seatIn(1.5, 4), seatIn('1', 4)]).toEqual([
      3,
      null,
      null,
      null,
      null,
    ]);
  });

  it('says "nobody" with null in every variant state, never with -1', () => {
    expectTypeOf<SkState['partner']>().toEqualTypeOf<Seat | null>();
    expectTypeOf<SkState['kontra']>().toEqualTypeOf<Seat | null>();
    expectTypeOf<SaState['bestSeat']>().toEqualTypeOf<Seat | null>();
    expectTypeOf<SaState['contract']>().toEqualTypeOf<SaContract | null>();
    expectTypeOf<SaContract['declarer']>().toEqualTypeOf<Seat | null>();
    expectTypeOf<MkState['sitOut']>().toEqualTypeOf<Seat | null>();
    expectTypeOf<MkState['mussSeat']>().toEqualTypeOf<Seat | null>();
    expectTypeOf<ShState['picker']>().toEqualTypeOf<Seat | null>();
    expectTypeOf<ShState['crack']>().toEqualTypeOf<Seat | null>();
    expectTypeOf<ReturnType<typeof dealSeatOf>>().toEqualTypeOf<Seat | null>();
  });
});
