import type { Field, Vocabulary } from '../actions.js';
import { type Card, SUITS, type Suit, parseCard } from '../cards/card.js';
import type { Action } from '../variant.js';

export type Parsed<T> = { ok: true; action: T } | { ok: false; message: string; field?: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validate an action from outside (JSON) against the variant's vocabulary and canonicalise its cards (`E10` → `EZ`,
 * `QC` → `EO`). An action type, game or choice the variant does not have is refused here, naming the variant
 * (`sheepshead has no knock action`, `schafkopf has no bid game 'x'`); unknown fields are rejected so that typos are not
 * silently ignored. Whether the action is legal now is the variant's `check`.
 */
export function parseAction(input: unknown, vocabulary: Vocabulary): Parsed<Action> {
  if (!isObject(input)) return { ok: false, message: 'an action must be an object with a type' };
  const type = input.type;
  const spec = typeof type === 'string' ? vocabulary.actions.get(type) : undefined;
  if (spec === undefined) {
    const message =
      typeof type === 'string' && /^[a-z-]{1,16}$/.test(type)
        ? `${vocabulary.variant} has no ${type} action (${vocabulary.types.join(', ')})`
        : `unknown action type ${JSON.stringify(type)}`;
    return { ok: false, message, field: 'type' };
  }
  for (const key of Object.keys(input)) {
    if (key !== 'type' && !spec.names.has(key))
      return { ok: false, message: `field ${key} is not part of a ${type} action`, field: key };
  }
  const out: Record<string, unknown> = { type };
  for (const [key, field] of spec.fields) {
    const value = input[key];
    if (value === undefined) continue;
    const checked = checkField(key, field, value);
    if (!checked.ok) return { ok: false, message: checked.message, field: key };
    if (field.kind === 'word' && !spec.words.get(key)?.has(checked.value as string))
      return {
        ok: false,
        message: `${vocabulary.variant} has no ${type} ${key} '${String(checked.value)}' (${field.words.join(', ')})`,
        field: key,
      };
    out[key] = checked.value;
  }
  for (const key of spec.required) {
    if (out[key] === undefined) return { ok: false, message: `a ${type} action needs ${key}`, field: key };
  }
  // Every field was checked against the variant's declaration of this type: the object is one of its actions.
  return { ok: true, action: out as Action };
}

type Checked = { ok: true; value: unknown } | { ok: false; message: string };

function checkField(key: string, field: Field, value: unknown): Checked {
  switch (field.kind) {
    case 'card': {
      const card = typeof value === 'string' ? parseCard(value) : undefined;
      return card === undefined
        ? { ok: false, message: `${key} is not a card: ${JSON.stringify(value)}` }
        : { ok: true, value: card };
    }
    case 'cards': {
      if (!Array.isArray(value) || value.length > 16) return { ok: false, message: 'cards must be an array of cards' };
      const cards: Card[] = [];
      for (const v of value) {
        const card = typeof v === 'string' ? parseCard(v) : undefined;
        if (card === undefined) return { ok: false, message: `not a card: ${JSON.stringify(v)}` };
        cards.push(card);
      }
      return { ok: true, value: cards };
    }
    case 'suit': {
      const suit = typeof value === 'string' ? value.toUpperCase() : '';
      return SUITS.includes(suit as Suit)
        ? { ok: true, value: suit }
        : { ok: false, message: 'suit must be E, G, H or S' };
    }
    case 'word':
      return typeof value === 'string' && /^[a-z0-9-]{1,32}$/.test(value)
        ? { ok: true, value }
        : { ok: false, message: `${key} must be a lower-case name` };
    case 'flag':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: `${key} must be true or false` };
    case 'points':
      return value === 'schwarz' || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1000)
        ? { ok: true, value }
        : { ok: false, message: 'value must be a whole number or "schwarz"' };
    default: {
      const never: never = field;
      return never;
    }
  }
}
