import { type Action, Rng, type Seat, asSeat, getVariant, money } from '../engine/index.js';
import { budgetForMs, getBot } from '../engine/bots/index.js';
import { knowledgeOf } from '../engine/bots/knowledge.js';
import { evaluateCards } from '../engine/bots/strong.js';
import type { SeatObservation } from '../engine/bots/types.js';
const id = process.argv[2] ?? 'schafkopf'; const n = Number(process.argv[3] ?? 4);
const variant = getVariant(id)!; const options = variant.resolveOptions(undefined, {}, n);
const heuristic = getBot('heuristic'); const budget = budgetForMs(200);
const by = new Map<number, number[]>();
for (let d = 0; d < 12; d++) {
  const rng = new Rng(`probe:${d}`); const dealer = asSeat(d % n);
  const state = variant.start(options, n, dealer, variant.deal(options, n, dealer, rng.shuffle(variant.deck(options, n))), { bock: 1, pot: money.ZERO });
  const hist: { seat: Seat; action: Action }[][] = Array.from({ length: n }, () => []);
  for (let g = 0; g < 500; g++) {
    const seat = variant.toAct(state)[0]; if (seat === undefined) break;
    const legal = variant.legalActions(state, seat);
    const obs: SeatObservation = { variant: id, options, seat, view: variant.view(state, { kind: 'seat', seat }), history: hist[seat]! };
    const plays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
    const k = knowledgeOf(obs);
    if (plays.length > 1 && k.goal === 'points' && obs.view.contract?.declarer !== undefined && k.tricks.length <= 4) {
      const e = evaluateCards(obs, plays, { rng: new Rng(`p${d}:${g}`), budget });
      const t = k.tricks.length * 10 + (obs.view.trick.length === 0 ? 0 : 1);
      if (e) { const a = by.get(t) ?? []; a.push(e.samples); by.set(t, a); }
    }
    const a = heuristic.decide(obs, legal, { rng: new Rng(`h${d}:${g}`), budget });
    for (let s = 0; s < n; s++) hist[s]!.push({ seat, action: variant.redactAction(state, seat, a, { kind: 'seat', seat: asSeat(s) }) });
    variant.apply(state, seat, a, true);
  }
}
for (const [t, a] of [...by].sort((x, y) => x[0] - y[0])) { a.sort((x, y) => x - y); console.log(`trick ${Math.floor(t / 10)} ${t % 10 ? 'follow' : 'lead'}: n=${a.length} samples median ${a[a.length >> 1]} min ${a[0]} max ${a[a.length - 1]}`); }
