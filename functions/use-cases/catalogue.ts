import { listVariants } from '../../engine/index.js';
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
