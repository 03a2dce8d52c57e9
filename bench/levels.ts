import { type Bot, getBot } from '../engine/bots/index.js';
import { AUCTION } from '../engine/bots/solver-inference.js';
import { LIKELIHOOD } from '../engine/bots/solver-likelihood.js';
import { STRONG } from '../engine/bots/strong.js';

/** The tunings of a `strong:<key>=<value>[+…]` level (none for `strong`), checked against the tuning tables. */
function tuningsOf(level: string): (readonly [Record<string, number>, string, number])[] {
  if (level === 'strong') return [];
  const tunings = [STRONG, LIKELIHOOD, AUCTION] as unknown as Record<string, number>[];
  return level
    .slice('strong:'.length)
    .split('+')
    .map((kv) => kv.split('='))
    .map(([key, value]) => {
      const t = key === undefined ? undefined : tunings.find((x) => key in x);
      if (key === undefined || t === undefined || value === undefined || !Number.isFinite(Number(value)))
        throw new Error(`${level}: no STRONG, LIKELIHOOD or AUCTION tuning ${key}`);
      return [t, key, Number(value)] as const;
    });
}

/** Run `f` with the tunings of a `strong:<key>=<value>[+…]` level set (`strong`: the defaults); restored after. */
export function withLevel<T>(level: string, f: () => T): T {
  const pairs = tuningsOf(level);
  const saved = pairs.map(([t, key]) => t[key] as number);
  for (const [t, key, value] of pairs) t[key] = value;
  try {
    return f();
  } finally {
    pairs.forEach(([t, key], i) => (t[key] = saved[i] as number));
  }
}

/**
 * `strong:<key>=<value>[+<key>=<value>…]`: strong with those tunings on the same positions — keys of `STRONG`
 * (engine/bots/strong.ts), `LIKELIHOOD` (solver-likelihood.ts) or `AUCTION` (solver-inference.ts), e.g.
 * `strong:playDraws=2+miss=0.1`.
 */
export function retuned(level: string): Bot {
  const strong = getBot('strong');
  tuningsOf(level);
  return { level, decide: (obs, legal, ctx) => withLevel(level, () => strong.decide(obs, legal, ctx)) };
}
