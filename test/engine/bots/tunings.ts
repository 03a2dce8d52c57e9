import { STRONG } from '../../../engine/bots/strong.js';

/** `run` with `STRONG` tunings set (engine/bots/strong.ts); they are restored after. */
export function withTunings<T>(tunings: Record<string, number>, run: () => T): T {
  const t = STRONG as unknown as Record<string, number>;
  const saved = Object.keys(tunings).map((key) => [key, t[key] as number] as const);
  try {
    Object.assign(t, tunings);
    return run();
  } finally {
    for (const [key, value] of saved) t[key] = value;
  }
}
