import { type Card, type OrderQuery, type Rank, type Suit, getVariant, listVariants } from '../../engine/index.js';
import { AppError } from './errors.js';

type Listed = ReturnType<typeof listVariants>[number];

/** A game the server hosts, as GET /v1/variants shows it. */
export interface VariantInfo {
  readonly id: Listed['id'];
  readonly title: Listed['title'];
  readonly tableSeats: Listed['tableSeats'];
  readonly defaultPreset: Listed['defaultPreset'];
  readonly presets: Readonly<
    Record<
      string,
      {
        readonly description: Listed['presets'][string]['description'];
        readonly options: Listed['presets'][string]['options'];
      }
    >
  >;
  readonly optionsSchema: Listed['optionsSchema'];
}

/** Every variant with its presets and options schema. */
export function variants(): VariantInfo[] {
  return listVariants().map((v) => ({
    id: v.id,
    title: v.title,
    tableSeats: v.tableSeats,
    defaultPreset: v.defaultPreset,
    presets: Object.fromEntries(
      Object.entries(v.presets).map(([name, p]) => [name, { description: p.description, options: p.options }]),
    ),
    optionsSchema: v.optionsSchema,
  }));
}

/** One variant, or 404. */
export function variant(id: string): VariantInfo {
  const found = variants().find((v) => v.id === id);
  if (found === undefined) throw new AppError(404, 'variant/not_found', `no variant ${id}`, { field: 'variantId' });
  return found;
}

/** A contract as far as it fixes the trick order (engine/variant.ts `OrderQuery`); null: before a contract is fixed. */
export interface OrderContract {
  readonly game: string;
  readonly suit?: Suit;
  /** A card id (Saukopf's Knorpel names one); one the variant does not use ranks as no card does. */
  readonly card?: string;
  readonly spiess?: boolean;
}

/** The order the cards of a contract rank in, as GET /v1/tables/{tableId}/trick-order shows it. */
export interface TrickOrderInfo {
  readonly variant: string;
  readonly contract: OrderContract | null;
  /** Trumps high → low. */
  readonly trumps: readonly Card[];
  /** Per suit, the plain (non-trump) ranks high → low. */
  readonly plain: Readonly<Record<Suit, readonly Rank[]>>;
}

/**
 * The trick order of `contract` under a table's `options`: the variant's own `trickOrder` (the order its rules play
 * by), so a client can sort a hand without restating the rules. Public rule data — the contract is the public one of
 * the view (or any the caller asks about), nothing of a hand. A game the variant does not know is its normal order.
 */
export function trickOrderFor(variantId: string, options: unknown, contract: OrderContract | null): TrickOrderInfo {
  const v = getVariant(variantId);
  if (v === undefined) throw new AppError(404, 'variant/not_found', `no variant ${variantId}`, { field: 'variantId' });
  const order = v.trickOrder(options as never, contract as OrderQuery | null);
  return { variant: variantId, contract, trumps: order.trumps, plain: order.plain };
}
