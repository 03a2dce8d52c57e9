import { describe, expect, it } from 'vitest';
import { OptionsError } from '../../../engine/index.js';
import { sh } from './helpers.js';

function error(preset: string | undefined, options: unknown, players = 5): OptionsError {
  try {
    sh.resolveOptions(preset, options, players);
  } catch (e) {
    if (e instanceof OptionsError) return e;
    throw e;
  }
  throw new Error('expected an OptionsError');
}

describe('options (docs/rules/README.md principle 3: typed, validated, defaults per player count)', () => {
  it('auto resolves per player count and the resolved options hold the concrete values', () => {
    const by = (n: number) => sh.resolveOptions(undefined, {}, n);
    expect([3, 4, 5, 6, 7].map((n) => by(n).partner)).toEqual([
      'alone',
      'alone',
      'called-ace',
      'jack-of-diamonds',
      'jack-of-diamonds',
    ]);
    expect([5, 6, 7].map((n) => by(n).secondPartner)).toEqual(['none', 'right', 'die']);
    expect(by(5).split).toBe('two-to-one');
    expect(by(6).split).toBe('equal');
    expect(by(5)).toMatchObject({
      buryCredit: 'always',
      schneider: { picker: 31, defenders: 30 },
      doubleOnBump: true,
      noPick: 'leaster',
      leaster: { mustTakeTrick: true, stake: 1, blind: 'ignored' },
      crack: { enabled: false },
      blitz: false,
    });
  });
  it('unknown options and bad values are rejected naming the option path', () => {
    expect(error(undefined, { partnr: 'alone' }).path).toBe('partnr');
    expect(error(undefined, { leaster: { stake: -1 } }).path).toBe('leaster.stake');
    expect(error(undefined, { noPick: 'moster' }).path).toBe('noPick');
    expect(error(undefined, { crack: { who: 'anyone' } }).path).toBe('crack.who');
    expect(error(undefined, { schneider: { picker: 61 } }).path).toBe('schneider.picker');
    expect(error(undefined, { jackOfDiamonds: { callUp: 'never' } }).path).toBe('jackOfDiamonds.callUp');
    expect(error('nope', {}).path).toBe('preset');
  });
  it('contradictions with the player count are rejected', () => {
    expect(error(undefined, { partner: 'called-ace' }, 3).path).toBe('partner');
    expect(error(undefined, { secondPartner: 'die' }, 5).path).toBe('secondPartner');
    expect(error(undefined, { secondPartner: 'right', partner: 'called-ace' }, 6).path).toBe('secondPartner');
  });
  it('every preset resolves for every player count it allows', () => {
    for (const preset of Object.keys(sh.presets))
      for (const n of [2, 3, 4, 5, 6, 7, 8]) expect(() => sh.resolveOptions(preset, {}, n)).not.toThrow();
  });
  it('the JSON schema documents every option with its default', () => {
    const resolved = sh.resolveOptions(undefined, {}, 5) as unknown as Record<string, unknown>;
    const props = (sh.optionsSchema as { properties: Record<string, { properties?: Record<string, unknown> }> })
      .properties;
    expect(Object.keys(props).sort()).toEqual(Object.keys(resolved).sort());
    for (const [key, value] of Object.entries(resolved))
      if (typeof value === 'object' && value !== null)
        expect(Object.keys(props[key]!.properties!).sort(), key).toEqual(Object.keys(value).sort());
  });
});
