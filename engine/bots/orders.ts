import { getVariant } from '../registry.js';
import { type CompiledOrder, type TrickOrder, compileOrder } from '../tricks/order.js';
import type { Contract } from '../variant.js';

/**
 * A contract as the bots weigh it: a real {@link Contract}, or one they only imagine — a bid's game that is no
 * contract game (`muss`), a Sheepshead action standing for one (`pick`, `alone`), `normal` before the auction ends.
 * Its `game` is any name the bots' tables know; every real contract is one.
 */
export type Candidate = Omit<Contract, 'game'> & { readonly game: string };

/**
 * The trick order a contract is played in (the variant's normal order before a contract is fixed, and for a game it
 * does not know): the variant's own, from the registry (engine/variant.ts `Variant.trickOrder`) — the bots restate
 * none.
 */
export function trickOrderOf(variant: string, contract: Candidate | null, options: unknown): TrickOrder {
  const v = getVariant(variant);
  if (v === undefined) throw new RangeError(`no variant ${variant}`);
  return v.trickOrder(options, contract);
}

/**
 * Compiled orders by options object (a table's options are one object for all its decisions), then by contract. The
 * per-object map is shared by every options object of the same content: each load of a table's state parses its
 * options anew, and a 1,000-table soak held ~26,000 compiled copies of the same few orders (docs/performance.md "A
 * local soak"). The content map is bounded (house rules are the tables' own choice); past the bound an options object
 * gets a map of its own, as before.
 */
const byOptions = new WeakMap<object, Map<string, CompiledOrder>>();
const byContent = new Map<string, Map<string, CompiledOrder>>();
const MAX_CONTENTS = 256;
const withoutOptions = new Map<string, CompiledOrder>();

/** {@link trickOrderOf} compiled and cached. */
export function orderOf(variant: string, contract: Candidate | null, options: unknown): CompiledOrder {
  let cache = withoutOptions;
  if (typeof options === 'object' && options !== null) {
    let known = byOptions.get(options);
    if (known === undefined) {
      const content = JSON.stringify(options);
      known = byContent.get(content);
      if (known === undefined) {
        known = new Map();
        if (byContent.size < MAX_CONTENTS) byContent.set(content, known);
      }
      byOptions.set(options, known);
    }
    cache = known;
  }
  const c = contract;
  const key = `${variant}:${c?.game ?? ''}:${c?.suit ?? ''}:${c?.card ?? ''}:${c?.spiess === true ? 1 : 0}`;
  let order = cache.get(key);
  if (order === undefined) {
    order = compileOrder(trickOrderOf(variant, contract, options));
    cache.set(key, order);
  }
  return order;
}

const withUnder = new WeakMap<CompiledOrder, Map<number, CompiledOrder>>();

/**
 * Sheepshead's "unknown": the picker's set-aside under card plays as the called suit's lowest card, whatever its own
 * suit (engine/variants/sheepshead/rules.ts: led, it leads the called suit; it never takes a trick; it is the picker's
 * only card of that suit, so the follow rule forces it at the suit's first lead). `order` with `under` counted so —
 * the bots' orders otherwise rank it by its own suit, which misjudges the tricks it is in. Cached per order and card.
 */
export function withUnderCard(order: CompiledOrder, under: number, calledSuit: number): CompiledOrder {
  let byCard = withUnder.get(order);
  if (byCard === undefined) withUnder.set(order, (byCard = new Map()));
  const key = under * 8 + calledSuit;
  let out = byCard.get(key);
  if (out === undefined) {
    const effSuit = order.effSuit.slice();
    const power = order.power.slice();
    const trumpRank = order.trumpRank.slice();
    effSuit[under] = calledSuit;
    // Below every plain card (plain powers are 100 down to the suit's length; engine/tricks/order.ts).
    power[under] = 0;
    trumpRank[under] = 0;
    out = { source: order.source, effSuit, power, trumpRank };
    byCard.set(key, out);
  }
  return out;
}
