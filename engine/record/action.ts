import { type Card, SUITS, type Suit, parseCard } from '../cards/card.js';
import { ACTION_TYPES, type Action, type ActionType } from '../variant.js';

export type Parsed<T> = { ok: true; action: T } | { ok: false; message: string; field?: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validate an action from outside (JSON) and canonicalise its cards (`E10` → `EZ`, `QC` → `EO`).
 * Unknown fields are rejected so that typos are not silently ignored.
 */
export function parseAction(input: unknown): Parsed<Action> {
  if (!isObject(input)) return { ok: false, message: 'an action must be an object with a type' };
  const type = input.type;
  if (typeof type !== 'string' || !ACTION_TYPES.includes(type as ActionType))
    return { ok: false, message: `unknown action type ${JSON.stringify(type)}`, field: 'type' };
  const allowed = ALLOWED_FIELDS[type as ActionType];
  for (const key of Object.keys(input)) {
    if (key !== 'type' && !allowed.includes(key))
      return { ok: false, message: `field ${key} is not part of a ${type} action`, field: key };
  }
  const out: Record<string, unknown> = { type };
  for (const key of allowed) {
    const value = input[key];
    if (value === undefined) continue;
    const checked = checkField(key, value);
    if (!checked.ok) return { ok: false, message: checked.message, field: key };
    out[key] = checked.value;
  }
  for (const key of REQUIRED[type as ActionType] ?? []) {
    if (out[key] === undefined) return { ok: false, message: `a ${type} action needs ${key}`, field: key };
  }
  // Each field was checked against its action type above; the object is one member of the Action union.
  return { ok: true, action: out as Action };
}

const ALLOWED_FIELDS: Readonly<Record<ActionType, readonly string[]>> = {
  pass: [],
  bid: ['game', 'suit', 'tout', 'card', 'value'],
  knock: [],
  kontra: [],
  re: [],
  play: ['card'],
  accept: ['card'],
  announce: ['game', 'suit', 'card', 'spiess', 'tout'],
  choose: ['choice', 'card'],
  pick: [],
  bury: ['cards'],
  call: ['card', 'under'],
  alone: [],
  crack: [],
  recrack: [],
  blitz: ['cards'],
  huftritt: [],
  stallgeruch: [],
  trog: ['cards'],
};

const REQUIRED: Partial<Record<ActionType, readonly string[]>> = {
  play: ['card'],
  accept: ['card'],
  announce: ['game'],
  choose: ['choice'],
  bury: ['cards'],
  call: ['card'],
  blitz: ['cards'],
  trog: ['cards'],
};

type Checked = { ok: true; value: unknown } | { ok: false; message: string };

function checkField(key: string, value: unknown): Checked {
  switch (key) {
    case 'card':
    case 'under': {
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
    case 'game':
    case 'choice':
      return typeof value === 'string' && /^[a-z0-9-]{1,32}$/.test(value)
        ? { ok: true, value }
        : { ok: false, message: `${key} must be a lower-case name` };
    case 'tout':
    case 'spiess':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: `${key} must be true or false` };
    case 'value':
      return value === 'schwarz' || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1000)
        ? { ok: true, value }
        : { ok: false, message: 'value must be a whole number or "schwarz"' };
    default:
      return { ok: false, message: `unexpected field ${key}` };
  }
}
