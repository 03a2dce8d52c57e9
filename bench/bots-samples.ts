/**
 * How many sampled deals `strong` solves for a card decision, per trick and lead / follow: heuristic bots play seeded
 * deals, and at every card decision of a point game with a declaring party in the first four tricks `evaluateCards`
 * (engine/bots/strong.ts) is asked with the budget's work and its sample count recorded.
 *   npx tsx bench/bots-samples.ts [--only schafkopf:4] [--deals 12] [--budget 200] [--tune leafCards=24+leafTricks=2]
 * `--tune` sets `STRONG` tunings (engine/bots/strong.ts) for the run; the CPU time per decision is reported too.
 * Early decisions solve to the end from the first card, so the node budget buys few samples there (docs/bots.md
 * "The under card, equivalent cards, …").
 */
import { type Action, Rng, type Seat, asSeat, getVariant, money } from '../engine/index.js';
import { budgetForMs, getBot, seatObservation } from '../engine/bots/index.js';
import { knowledgeOf } from '../engine/bots/knowledge.js';
import { STRONG, evaluateCards } from '../engine/bots/strong.js';
import { arg, tablesArg } from './args.js';

const deals = Number(arg('deals', '12'));
const budget = budgetForMs(Number(arg('budget', '200')));
const heuristic = getBot('heuristic');
const tune = arg('tune', '');
for (const kv of tune === '' ? [] : tune.split('+')) {
  const [key = '', value] = kv.split('=');
  const t = STRONG as unknown as Record<string, number>;
  if (!(key in t) || !Number.isFinite(Number(value))) throw new Error(`--tune: no STRONG tuning ${kv}`);
  t[key] = Number(value);
}

for (const table of tablesArg('schafkopf:4,sheepshead:5')) {
  const variant = getVariant(table.id);
  if (variant === undefined) throw new Error(`no variant ${table.id}`);
  const n = table.seats;
  const options = variant.resolveOptions(undefined, {}, n);
  const byKey = new Map<string, number[]>();
  const cpuByKey = new Map<string, number[]>();
  for (let d = 0; d < deals; d++) {
    const rng = new Rng(`samples:${d}`);
    const dealer = asSeat(d % n);
    const layout = variant.deal(options, n, dealer, rng.shuffle(variant.deck(options, n)));
    const state = variant.start(options, n, dealer, layout, { bock: 1, pot: money.ZERO });
    const histories: { seat: Seat; action: Action }[][] = Array.from({ length: n }, () => []);
    for (let guard = 0; guard < 1_000; guard++) {
      const seat = variant.toAct(state)[0];
      if (seat === undefined) break;
      const legal = variant.legalActions(state, seat);
      const obs = seatObservation(variant, options, state, seat, histories[seat] as { seat: Seat; action: Action }[]);
      const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
      const k = knowledgeOf(obs);
      if (
        plays.length > 1 &&
        k.goal === 'points' &&
        obs.view.contract?.declarer !== undefined &&
        k.tricks.length <= 4
      ) {
        const t0 = process.cpuUsage();
        const e = evaluateCards(obs, plays, { rng: new Rng(`samples:${d}:${guard}`), budget }, k);
        const t1 = process.cpuUsage(t0);
        const key = `trick ${k.tricks.length} ${obs.view.trick.length === 0 ? 'lead' : 'follow'}`;
        if (e !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), e.samples]);
        cpuByKey.set(key, [...(cpuByKey.get(key) ?? []), (t1.user + t1.system) / 1000]);
      }
      const action = heuristic.decide(obs, legal, { rng: new Rng(`samples:${d}:${guard}:h`), budget });
      for (let s = 0; s < n; s++)
        (histories[s] as { seat: Seat; action: Action }[]).push({
          seat,
          action: variant.redactAction(state, seat, action, { kind: 'seat', seat: asSeat(s) }),
        });
      variant.apply(state, seat, action, true);
    }
  }
  console.log(`\n${table.id} ${n}: ${deals} deals, budget ${arg('budget', '200')} ms, samples solved per decision`);
  for (const [key, a] of [...byKey].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    a.sort((x, y) => x - y);
    const cpu = cpuByKey.get(key) ?? [];
    const mean = cpu.reduce((x, y) => x + y, 0) / Math.max(1, cpu.length);
    console.log(
      `${key.padEnd(16)} n=${a.length} median ${a[a.length >> 1]} min ${a[0]} max ${a[a.length - 1]}` +
        `  cpu mean ${mean.toFixed(1)} ms max ${Math.max(0, ...cpu).toFixed(1)} ms`,
    );
  }
}
