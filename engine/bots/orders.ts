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

/** Compiled orders by options object (a table's options are one object for all its decisions), then by contract. */
const byOptions = new WeakMap<object, Map<string, CompiledOrder>>();
const withoutOptions = new Map<string, CompiledOrder>();

/** {@link trickOrderOf} compiled and cached. */
export function orderOf(variant: string, contract: Candidate | null, options: unknown): CompiledOrder {
  let cache = withoutOptions;
  if (typeof options === 'object' && options !== null) {
    const known = byOptions.get(options);
    if (known === undefined) byOptions.set(options, (cache = new Map()));
    else cache = known;
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
