import type { AnyVariant } from './variant.js';

const variants = new Map<string, AnyVariant>();

/** Make a variant available by its id (each variant module registers itself from engine/index.ts). */
export function registerVariant(variant: AnyVariant): void {
  variants.set(variant.id, variant);
}

export function getVariant(id: string): AnyVariant | undefined {
  return variants.get(id);
}

export function listVariants(): readonly AnyVariant[] {
  return [...variants.values()];
}
