import { CARDS } from '../cards/card.js';
import type { Action, DealNote, Illegal, Seat } from '../variant.js';

/**
 * Building blocks every variant's rules share: interned (frozen, shared) action objects and seat lists, so that the
 * hot paths (legalActions, toAct, apply) need not allocate, and the one way to name a broken rule.
 */

/** `{ type: 'play', card }` per card index. */
export const PLAY: readonly Action[] = CARDS.map((card) => Object.freeze({ type: 'play', card }) as Action);
/** `{ type: 'accept', card }` per card index (Hochzeit: the card given back). */
export const ACCEPT: readonly Action[] = CARDS.map((card) => Object.freeze({ type: 'accept', card }) as Action);
export const PASS: Action = Object.freeze({ type: 'pass' });
export const NO_NOTES: readonly DealNote[] = Object.freeze([]);

/** One shared, frozen list per seat: toAct is called on every move and need not allocate. */
export const ONLY: readonly (readonly Seat[])[] = Array.from({ length: 8 }, (_, i) => Object.freeze([i]));
export const NOBODY: readonly Seat[] = Object.freeze([]);

/** An illegal move: a stable code, the rule that forbids it, and a message (the rule unless more specific). */
export const illegal = (code: string, rule: string, message: string = rule): Illegal => ({ code, rule, message });
