import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AnyVariant, getVariant, listVariants, schafkopf } from '../../engine/index.js';

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
    expect(listVariants().map((v) => v.id)).toEqual(['schafkopf', 'saukopf', 'sheepshead', 'mehrkopf']);
  });
});
