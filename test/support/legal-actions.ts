import { type Action, type AnyVariant, Rng, asSeat, money, seatsOf } from '../../engine/index.js';
import { pickAction } from '../../engine/sim.js';

/**
 * Every distinct action random deals of every preset and table size offer a seat (`offered`), and every applied action
 * as a spectator sees it (`seen`: redacted, e.g. a Hochzeit's card left out). A few deals per configuration.
 */
export function actionsOf(variant: AnyVariant, deals = 6): { offered: Action[]; seen: Action[] } {
  const offered = new Map<string, Action>();
  const seen = new Map<string, Action>();
  for (const preset of Object.keys(variant.presets))
    for (let players = variant.tableSeats.min; players <= variant.tableSeats.max; players++) {
      let options: unknown;
      try {
        options = variant.resolveOptions(preset, {}, players);
      } catch {
        continue;
      }
      const parts = variant.participants(options, players, asSeat(players - 1)).length;
      for (let deal = 0; deal < deals; deal++) {
        const rng = new Rng(`actions/${variant.id}/${preset}/${players}/${deal}`);
        const dealt = variant.deal(options, parts, asSeat(parts - 1), rng.shuffle(variant.deck(options, parts)));
        const layout = variant.rollsDie?.(options, parts) === true ? { ...dealt, die: 1 + rng.int(6) } : dealt;
        const state = variant.start(options, parts, asSeat(parts - 1), layout, { bock: 1, pot: money.ZERO });
        for (let guard = 0; guard < 1000 && !variant.isOver(state); guard++) {
          for (const seat of seatsOf(parts))
            for (const a of variant.legalActions(state, seat)) offered.set(JSON.stringify(a), a);
          const toAct = variant.toAct(state);
          const seat = asSeat(toAct[rng.int(toAct.length)] ?? 0);
          // A random type first, then a random action of it: rare types (a Hochzeit, a crack) come up too.
          const action = pickAction(variant.legalActions(state, seat), rng);
          variant.apply(state, seat, action, true);
          const redacted = variant.redactAction(state, seat, action, { kind: 'spectator' });
          seen.set(JSON.stringify(redacted), redacted);
        }
      }
    }
  return { offered: [...offered.values()], seen: [...seen.values()] };
}
