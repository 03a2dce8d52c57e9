import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Clock, LinePacer, cutBytes } from '../../adapters/irc/pacer.js';

/** A manual clock: timers fire when the test advances time. */
function manualClock(): Clock & { advance(ms: number): void } {
  let now = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = ++ids;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (next === undefined || next.at > end) break;
        timers.shift();
        now = next.at;
        next.fn();
      }
      now = end;
    },
  };
}

function paced(gapMs = 350) {
  const clock = manualClock();
  const sent: { at: number; target: string; line: string }[] = [];
  const pacer = new LinePacer((target, line) => sent.push({ at: clock.now(), target, line }), { gapMs, clock });
  return { clock, sent, pacer };
}

describe('IRC line pacer', () => {
  it('never sends two lines closer than the gap (ngircd lets three a second through)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            wait: fc.nat({ max: 800 }),
            target: fc.constantFrom('#a', 'sepp', 'jim'),
            priority: fc.constantFrom('urgent', 'normal', 'merge') as fc.Arbitrary<'urgent' | 'normal' | 'merge'>,
          }),
          { maxLength: 40 },
        ),
        (steps) => {
          const { clock, sent, pacer } = paced();
          steps.forEach((s, i) => {
            clock.advance(s.wait);
            pacer.say(s.target, `line ${i}`, s.priority);
          });
          clock.advance(60_000);
          expect(pacer.pending).toBe(0);
          for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(350);
          // Within any second at most three lines.
          for (const s of sent)
            expect(sent.filter((t) => t.at >= s.at && t.at < s.at + 1000).length).toBeLessThanOrEqual(3);
          // Nothing is lost: every line arrives (merged lines hold several).
          const all = sent.map((s) => s.line).join(' · ');
          steps.forEach((_, i) => expect(all).toMatch(new RegExp(`line ${i}( |$)`)));
        },
      ),
    );
  });

  it('an answer goes ahead of queued announcements, and announcements to one target merge into one line', () => {
    const { clock, sent, pacer } = paced();
    pacer.say('#a', 'bot-1: GA', 'merge');
    for (const line of ['bot-2: G7', 'bot-3: G10', 'Sepp: GK']) pacer.say('#a', line, 'merge');
    pacer.say('jim', 'Moves: 1) EO  2) GO', 'normal');
    pacer.say('sepp', 'Refused: not your turn', 'urgent');
    clock.advance(5_000);
    expect(sent.map((s) => [s.at, s.target, s.line])).toEqual([
      [0, '#a', 'bot-1: GA'],
      [350, 'sepp', 'Refused: not your turn'],
      [700, '#a', 'bot-2: G7 · bot-3: G10 · Sepp: GK'],
      [1050, 'jim', 'Moves: 1) EO  2) GO'],
    ]);
  });

  it('prompts are not merged, and a merged line stays within the byte limit', () => {
    const { clock, sent, pacer } = paced();
    pacer.say('x', 'first', 'normal');
    pacer.say('sepp', 'Your turn · Hand: QC JD', 'normal');
    pacer.say('sepp', 'Moves: 1) QC  2) JD', 'normal');
    for (let i = 0; i < 40; i++) pacer.say('#a', `bot-${i % 4}: Herz-Solo Tout und noch viel mehr ${i}`, 'merge');
    clock.advance(60_000);
    expect(sent.filter((s) => s.target === 'sepp').map((s) => s.line)).toEqual([
      'Your turn · Hand: QC JD',
      'Moves: 1) QC  2) JD',
    ]);
    for (const s of sent) expect(Buffer.byteLength(s.line)).toBeLessThanOrEqual(350);
    expect(sent.filter((s) => s.target === '#a').length).toBeLessThan(40);
  });

  it('cuts a long line at a byte limit without splitting a character', () => {
    const cut = cutBytes('ä'.repeat(300), 351);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(351);
    expect(cut.endsWith('…')).toBe(true);
    expect(cutBytes('short', 350)).toBe('short');
  });
});
