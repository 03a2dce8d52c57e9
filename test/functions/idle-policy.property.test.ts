import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type IdlePolicy, decideIdle } from '../../functions/use-cases/idle.js';

// The idle policy (functions/use-cases/idle.ts, docs/operations.md "Idle tables") as a pure function: it never closes a
// table before its limit, always closes it at the limit, and the time it asks to be looked at again is the earliest
// moment its answer can change (so a standing item that comes back then closes the table exactly on time).

const policy: IdlePolicy = { idleMs: 24 * 3_600_000, lobbyIdleMs: 3_600_000, unattendedMs: 30 * 60_000 };
const facts = fc.record({
  lastAt: fc.integer({ min: 0, max: 10 ** 9 }),
  lobby: fc.boolean(),
  unattended: fc.boolean(),
});

describe('decideIdle', () => {
  it('closes exactly when a limit has passed, and names the rule', () => {
    fc.assert(
      fc.property(
        facts,
        fc.integer({ min: 0, max: 2 * 10 ** 8 }),
        fc.option(fc.integer({ min: 0, max: 10 ** 8 }), { nil: undefined }),
        (f, elapsed, sinceAgo) => {
          const now = f.lastAt + elapsed;
          const since = sinceAgo === undefined ? undefined : now - sinceAgo;
          const d = decideIdle(f, now, policy, since);
          const idleLimit = f.lobby ? policy.lobbyIdleMs : policy.idleMs;
          const unattendedFor = f.unattended && !f.lobby ? now - Math.min(since ?? now, now) : -1;
          if (elapsed >= idleLimit) expect(d).toEqual({ close: f.lobby ? 'lobby-idle' : 'idle' });
          else if (unattendedFor >= policy.unattendedMs) expect(d).toEqual({ close: 'unattended' });
          else {
            expect('checkAt' in d).toBe(true);
            if (!('checkAt' in d)) return;
            expect(d.checkAt).toBeGreaterThan(now);
            // Looked at again at checkAt with nothing changed, it closes: no check is wasted, none comes too late.
            const again = decideIdle(f, d.checkAt, policy, d.unattendedSince);
            expect('close' in again).toBe(true);
          }
        },
      ),
    );
  });

  it('a lobby is never closed as unattended; an attended table forgets when it was unattended', () => {
    expect(decideIdle({ lastAt: 0, lobby: true, unattended: true }, 59 * 60_000, policy, 0)).toEqual({
      checkAt: 3_600_000,
    });
    expect(decideIdle({ lastAt: 0, lobby: false, unattended: false }, 40 * 60_000, policy, 0)).toEqual({
      checkAt: 24 * 3_600_000,
    });
    expect(decideIdle({ lastAt: 0, lobby: false, unattended: true }, 40 * 60_000, policy, 5 * 60_000)).toEqual({
      close: 'unattended',
    });
  });
});
