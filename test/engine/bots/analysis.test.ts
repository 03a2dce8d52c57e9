import { describe, expect, it } from 'vitest';
import { type Action, Rng, type Seat, getVariant, money } from '../../../engine/index.js';
import { analyseDeal, analysisText, budgetForMs, getBot, playBotDeal } from '../../../engine/bots/index.js';
import { asSeat } from '../../../engine/seat.js';

const variant = getVariant('schafkopf');
if (variant === undefined) throw new Error('schafkopf not registered');
const options = variant.resolveOptions(undefined, {}, 4);
const context = { bock: 1, pot: money.ZERO };

/** Heuristic bots play a deal from a seeded shuffle; its actions by deal seat. */
function playedDeal(seed: number) {
  const layout = variant!.deal(options, 4, asSeat(3), new Rng(seed).shuffle(variant!.deck(options, 4)));
  const bot = getBot('heuristic');
  const played = playBotDeal(variant!, options, 4, asSeat(3), layout, [bot, bot, bot, bot], (s) => ({
    rng: new Rng(`${seed}:${s}`),
    budget: budgetForMs(10),
  }));
  const actions: { seat: Seat; action: Action }[] = played.decisions.map((d) => ({ seat: d.seat, action: d.action }));
  return { layout, actions };
}

describe('deal analysis', () => {
  it('values every legal card of each card decision, the chosen one included, and ranks the mistakes', () => {
    // prepare: a played-out Sauspiel (the first seed whose deal is not thrown in)
    let deal: ReturnType<typeof playedDeal> | undefined;
    for (let seed = 1; deal === undefined; seed++) {
      const d = playedDeal(seed);
      if (d.actions.some((a) => a.action.type === 'play')) deal = d;
    }
    const input = {
      variant,
      options,
      players: 4,
      dealer: asSeat(3),
      layout: deal.layout,
      context,
      actions: deal.actions,
    };
    // act
    const analysis = analyseDeal(input, budgetForMs(10), 'test');
    // assess
    const cards = analysis.decisions.filter((d) => d.kind === 'card');
    expect(cards.length).toBeGreaterThan(8);
    for (const d of cards) {
      const chosen = deal.actions[d.index]!;
      expect(chosen.seat).toBe(d.seat);
      expect(d.chosen).toEqual(chosen.action);
      expect(d.options.length).toBeGreaterThan(1);
      for (const o of d.options) if (o.action.type === 'play') expect(o.value).not.toBeNull();
      const sign = d.prefer === 'high' ? 1 : -1;
      const values = d.options.flatMap((o) => (o.value === null ? [] : [sign * o.value]));
      const mine = d.options.find((o) => JSON.stringify(o.action) === JSON.stringify(d.chosen))!.value!;
      const raw = Math.max(...values) - sign * mine;
      expect(d.loss === 0 || Math.abs(d.loss - raw) < 1e-9).toBe(true);
      expect(d.loss).toBeGreaterThanOrEqual(0);
    }
    const severities = analysis.mistakes.map((i) => analysis.decisions[i]!.severity);
    expect([...severities].sort((a, b) => b - a)).toEqual(severities);
    for (const i of analysis.mistakes) expect(analysis.decisions[i]!.loss).toBeGreaterThan(0);
    // the text view: one line per decision, the mistakes marked
    const text = analysisText(analysis).split('\n');
    expect(text).toHaveLength(analysis.decisions.length);
    expect(text.filter((l) => l.startsWith('!'))).toHaveLength(analysis.mistakes.length);
    // the same deal, seed and budget give the same analysis
    expect(analyseDeal(input, budgetForMs(10), 'test')).toEqual(analysis);
  });

  it('refuses a record whose actions are not legal on the layout', () => {
    const deal = playedDeal(2);
    const actions = [...deal.actions];
    actions[0] = { seat: asSeat((actions[0]!.seat + 1) % 4), action: actions[0]!.action };
    expect(() =>
      analyseDeal(
        { variant, options, players: 4, dealer: asSeat(3), layout: deal.layout, context, actions },
        budgetForMs(5),
        'x',
      ),
    ).toThrow(/not legal/);
  });
});
