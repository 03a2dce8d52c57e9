import { OptionsError, type Preset } from '../variant.js';

/**
 * What every variant's options share: presets as partial option objects deep-merged over the defaults, with unknown
 * keys rejected (a typo is an error, never silently ignored), and the small value checks that name the option path.
 */

/** Every key optional, recursively; arrays are replaced whole, never merged. */
export type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K];
};

export interface MergeRules {
  /** Option paths that may be absent from the defaults but are allowed (Schafkopf's optional tariffs). */
  readonly open?: readonly string[];
  /** The path named when the whole overrides value is not an object ('' or 'options'). */
  readonly rootPath?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep-merge `over` into `base`, rejecting keys that `base` does not have (typos are errors, not ignored). */
export function mergeOptions(base: unknown, over: unknown, rules: MergeRules = {}, path = ''): unknown {
  if (over === undefined) return base;
  if (isObject(base)) {
    if (!isObject(over))
      throw new OptionsError(path || (rules.rootPath ?? ''), `${path || 'options'} must be an object`);
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) {
      const p = path ? `${path}.${k}` : k;
      if (k in base) out[k] = mergeOptions(base[k], v, rules, p);
      else if (rules.open?.includes(p)) out[k] = v;
      else throw new OptionsError(p, `unknown option ${p}`);
    }
    return out;
  }
  return over;
}

/** The preset `name` (throws naming `preset` when there is none). */
export function presetOf<P>(presets: Readonly<Record<string, Preset<P>>>, name: string): Preset<P> {
  const p = presets[name];
  if (p === undefined) throw new OptionsError('preset', `unknown preset ${name}`);
  return p;
}

/** Defaults, then the preset, then the caller's overrides; the result still needs the variant's validation. */
export function mergePreset(
  defaults: unknown,
  preset: Preset<unknown>,
  overrides: unknown,
  rules?: MergeRules,
): unknown {
  return mergeOptions(mergeOptions(defaults, preset.options, rules), overrides ?? {}, rules);
}

export function nonNegInt(path: string, v: unknown): void {
  if (!Number.isSafeInteger(v) || (v as number) < 0) throw new OptionsError(path, `${path} must be a whole number ≥ 0`);
}

export function oneOf(path: string, v: unknown, values: readonly unknown[]): void {
  if (!values.includes(v))
    throw new OptionsError(path, `${path} must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
}

export function bool(path: string, v: unknown): void {
  if (typeof v !== 'boolean') throw new OptionsError(path, `${path} must be true or false`);
}

/** A whole number in `min`…`max`; `wording` is how the range is said in the message. */
export function intIn(path: string, v: unknown, min: number, max: number, wording = `${min}…${max}`): void {
  if (!Number.isSafeInteger(v) || (v as number) < min || (v as number) > max)
    throw new OptionsError(path, `${path} must be a whole number ${wording}`);
}
