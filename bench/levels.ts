import { type Bot, getBot } from '../engine/bots/index.js';
import { AUCTION } from '../engine/bots/solver-inference.js';
import { LIKELIHOOD } from '../engine/bots/solver-likelihood.js';
import { STRONG } from '../engine/bots/strong.js';

/**
 * `strong:<key>=<value>[+<key>=<value>…]`: strong with those tunings on the same positions — keys of `STRONG`
 * (engine/bots/strong.ts), `LIKELIHOOD` (solver-likelihood.ts) or `AUCTION` (solver-inference.ts), e.g.
 * `strong:playDraws=2+miss=0.1`.
 */
export function retuned(level: string): Bot {
  const strong = getBot('strong');
  const tunings = [STRONG, LIKELIHOOD, AUCTION] as unknown as Record<string, number>[];
  const pairs = level
    .slice('strong:'.length)
    .split('+')
    .map((kv) => kv.split('='))
    .map(([key, value]) => {
      const t = key === undefined ? undefined : tunings.find((x) => key in x);
      if (key === undefined || t === undefined || value === undefined || !Number.isFinite(Number(value)))
        throw new Error(`${level}: no STRONG, LIKELIHOOD or AUCTION tuning ${key}`);
      return [t, key, Number(value)] as const;
    });
  return {
    level,
    decide: (obs, legal, ctx) => {
      const saved = pairs.map(([t, key]) => t[key] as number);
      for (const [t, key, value] of pairs) t[key] = value;
      try {
        return strong.decide(obs, legal, ctx);
      } finally {
        pairs.forEach(([t, key], i) => (t[key] = saved[i] as number));
      }
    },
  };
}
