import type { ActionType, AnyVariant } from './variant.js';
import { mehrkopf } from './variants/mehrkopf/index.js';
import { saukopf } from './variants/saukopf/index.js';
import { schafkopf } from './variants/schafkopf/index.js';
import { sheepshead } from './variants/sheepshead/index.js';

/** Every variant, by id, in catalogue order; fixed at load time (no mutable module state in the engine). */
const VARIANTS: ReadonlyMap<string, AnyVariant> = new Map(
  [schafkopf, saukopf, sheepshead, mehrkopf].map((variant): [string, AnyVariant] => [variant.id, variant]),
);
const LIST: readonly AnyVariant[] = Object.freeze([...VARIANTS.values()]);

/** The catalogue's first variant: the one a caller that names none gets (chat text, the CLI, the chat adapters). */
export const DEFAULT_VARIANT: AnyVariant = LIST[0] as AnyVariant;

export function getVariant(id: string): AnyVariant | undefined {
  return VARIANTS.get(id);
}

export function listVariants(): readonly AnyVariant[] {
  return LIST;
}

/** Every action type of the registered variants' vocabularies, each once, in catalogue order. */
export const ACTION_TYPES: readonly ActionType[] = Object.freeze([
  ...new Set(LIST.flatMap((variant) => variant.vocabulary.types as readonly ActionType[])),
]);
