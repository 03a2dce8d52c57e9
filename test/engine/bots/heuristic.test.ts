import { describe, expect, it } from 'vitest';
import { Rng, listVariants, parseCards } from '../../../engine/index.js';
import { budgetForMs, getBot, playBotDeal } from '../../../engine/bots/index.js';
import { duel } from '../../../engine/bots/duel.js';
import { formatDuel, timedDuel } from '../../../cli/duel.js';
import { asSeat } from '../../../engine/seat.js';

/** A fake clock that ticks one millisecond per reading: decisions are timed without sleeping. */
const ticking = (): (() => number) => {
  let t = 0;
  return () => t++;
};

describe('heuristic bot', () => {
  for (const variant of listVariants())
    for (const preset of Object.keys(variant.presets))
      for (let seats = variant.tableSeats.min; seats <= variant.tableSeats.max; seats++)
        it(`plays legal full deals: ${variant.id} ${preset} ${seats} seats`, () => {
          // prepare
          const options = variant.resolveOptions(preset, {}, seats);
          const players = variant.participants(options, seats, 0).length;
          const rng = new Rng(`${variant.id}:${preset}:${seats}`);
          const bots = Array.from({ length: players }, () => getBot('heuristic'));
          for (let d = 0; d < 3; d++) {
            const layout = variant.deal(
              options,
              players,
              asSeat(d % players),
              rng.shuffle(variant.deck(options, players)),
            );
            // act: playBotDeal checks every action with variant.check and throws on an illegal one
            const played = playBotDeal(variant, options, players, asSeat(d % players), layout, bots, () => ({
              rng,
              budget: budgetForMs(50),
            }));
            // assess
            expect(played.result.payout).toHaveLength(players);
            expect(played.decisions.length).toBeGreaterThan(0);
          }
        });
});

describe('duel', () => {
  it('prints both bots, the difference with a 95% CI, decision times and the contract mix', () => {
    const variant = listVariants().find((v) => v.id === 'schafkopf');
    if (variant === undefined) throw new Error('schafkopf not registered');
    const options = variant.resolveOptions(undefined, {}, 4);
    // Decision times are measured outside the engine (cli/duel.ts timedDuel), here on a fake clock.
    const report = timedDuel(
      { variant, options, players: 4, a: 'heuristic', b: 'random', deals: 3, seed: 7, budget: budgetForMs(50) },
      ticking(),
    );
    expect(report.hands).toBe(12);
    expect(report.diff.ci95).toBeGreaterThanOrEqual(0);
    // Zero-sum per hand: A's seat and B's seats together sum to nothing (no pot in Schafkopf Sauspiel tables).
    expect(report.resultA.mean + 3 * report.resultB.mean).toBeCloseTo(0, 6);
    const text = formatDuel(report);
    expect(text).toMatch(/^duel schafkopf 4 players: 3 deals × 4 rotations = 12 hands$/m);
    expect(text).toMatch(/^A heuristic +mean -?[\d.]+ ± [\d.]+ per hand \(95% CI\)$/m);
    expect(text).toMatch(/^A − B +-?[\d.]+ ± [\d.]+ per hand/m);
    expect(text).toMatch(/^decision ms heuristic +p50 [\d.]+ p99 [\d.]+ \(n=\d+\)$/m);
    expect(text).toMatch(/^contracts /m);
  });

  // Robust in a tiny duel: at 12 deals the interval excluded zero for each of seeds 1–6 (A − B ≈ 460–580 cents per
  // hand, half widths 160–355); larger duels belong in bench/bots.ts.
  it('heuristic beats random on 12 duplicate Schafkopf deals', () => {
    const variant = listVariants().find((v) => v.id === 'schafkopf');
    if (variant === undefined) throw new Error('schafkopf not registered');
    const report = duel({
      variant,
      options: variant.resolveOptions(undefined, {}, 4),
      players: 4,
      a: 'heuristic',
      b: 'random',
      deals: 12,
      seed: '3',
      budget: budgetForMs(50),
    });
    expect(report.diff.mean - report.diff.ci95).toBeGreaterThan(0);
  });
});

describe('Klopfen after the first four (the default preset)', () => {
  const variant = listVariants().find((v) => v.id === 'schafkopf');
  if (variant === undefined) throw new Error('schafkopf not registered');
  const options = variant.resolveOptions('sauspiel', {}, 4);
  // Dealer 3: seat 0 is forehand and gets the first packet of four (the deck is dealt four at a time from forehand).
  const deck = parseCards(
    'EO GO HO SO  EA E9 E8 E7  GA G9 G8 G7  SA S9 S8 S7  EU GU HU SU  EZ EK GZ GK  SZ SK HA HZ  HK H9 H8 H7',
  );

  for (const level of ['heuristic', 'strong'] as const)
    it(`${level}: every seat decides once, the four Ober knock; the deal finishes`, () => {
      const layout = variant.deal(options, 4, 3, deck);
      const rng = new Rng(`knock:${level}`);
      const bots = [0, 1, 2, 3].map(() => getBot(level));
      const played = playBotDeal(variant, options, 4, 3, layout, bots, () => ({
        rng,
        budget: { samples: 4, rollouts: 8, nodes: 5_000 },
      }));
      const knockPhase = played.decisions.slice(0, 4);
      expect(knockPhase.find((d) => d.seat === 0)?.action).toEqual({ type: 'knock' });
      // Every seat decides once, knock or no-knock, before anything else.
      expect(knockPhase.map((d) => d.seat).sort()).toEqual([0, 1, 2, 3]);
      for (const d of knockPhase) expect(['knock', 'choose']).toContain(d.action.type);
      expect(played.result.payout).toHaveLength(4);
    });
});
