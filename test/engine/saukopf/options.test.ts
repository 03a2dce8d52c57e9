import { describe, expect, it } from 'vitest';
import { OptionsError } from '../../../engine/index.js';
import { saukopf } from './helpers.js';

const resolve = (overrides: unknown, preset?: string, seats?: number) =>
  saukopf.resolveOptions(preset, overrides, seats);

function pathOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof OptionsError) return e.path;
    throw e;
  }
  return undefined;
}

describe('Saukopf options', () => {
  it('defaults follow seed 004: Spiel 5, Glücksschwein 4 from 4 Laufende, bids from 61, 3 Suchkarten, Stallgeruch from 75', () => {
    const o = resolve({});
    expect(o.tariff).toEqual({
      spiel: 5,
      glueckschwein: 4,
      ohne: 1,
      schneider: 1,
      schwarz: 1,
      saukopf: 1,
      hauer: 1,
      stallgeruch: 3,
    });
    expect(o.minBid).toBe(61);
    expect(o.glueckschweinFrom).toBe(4);
    expect(o.davonlaufenMin).toBe(3);
    expect(o.stallgeruchFrom).toBe(75);
    expect(o.huftritt).toEqual({ enabled: true, max: null, until: 'own-card' });
  });

  it('rejects unknown and bad options, naming the option path', () => {
    expect(pathOf(() => resolve({ tarif: {} }))).toBe('tarif');
    expect(pathOf(() => resolve({ tariff: { spiel: -1 } }))).toBe('tariff.spiel');
    expect(pathOf(() => resolve({ tariff: { glueckschwein: 6 } }))).toBe('tariff.glueckschwein');
    expect(pathOf(() => resolve({ huftritt: { max: 'lots' } }))).toBe('huftritt.max');
    expect(pathOf(() => resolve({ unreine: 'yes' }))).toBe('unreine');
    expect(pathOf(() => resolve({ huftritt: { until: 'never' } }))).toBe('huftritt.until');
    expect(pathOf(() => resolve({}, 'nope'))).toBe('preset');
  });

  it('is played by 3 or 4', () => {
    expect(pathOf(() => resolve({}, undefined, 5))).toBe('seats');
    expect(resolve({}, undefined, 3).minBid).toBe(61);
  });

  it('presets: saukopf (the seed) and zahm', () => {
    expect(Object.keys(saukopf.presets).sort()).toEqual(['saukopf', 'zahm']);
    expect(resolve({}, 'zahm')).toMatchObject({ unreine: false, huftritt: { max: 1 } });
  });
});
