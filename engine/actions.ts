import type { Card, Suit } from './cards/card.js';

/**
 * Action vocabularies as data. Each variant declares its action types, their fields and the words a field may hold
 * (engine/variants/<variant>/vocabulary.ts); from that one declaration follow its TypeScript action union
 * ({@link ActionOf}), the parser that guards every move and record (engine/record/action.ts) and the `Action` schema of
 * openapi.yaml (scripts/openapi-actions.ts).
 */

/** What one field of an action holds. A field is required unless it is marked {@link optional}. */
export type Field =
  | { readonly kind: 'card'; readonly optional?: true; readonly redactable?: true }
  | { readonly kind: 'cards'; readonly optional?: true }
  | { readonly kind: 'suit'; readonly optional?: true }
  | { readonly kind: 'flag'; readonly optional?: true }
  /** A bid in Augen (a whole number) or `"schwarz"`. */
  | { readonly kind: 'points'; readonly optional?: true }
  /** One of a closed list of lower-case words (a game, a choice). */
  | { readonly kind: 'word'; readonly words: readonly string[]; readonly optional?: true };

export const card = { kind: 'card' } as const;
export const cards = { kind: 'cards' } as const;
export const suit = { kind: 'suit' } as const;
export const flag = { kind: 'flag' } as const;
export const points = { kind: 'points' } as const;
export const word = <const W extends readonly string[]>(words: W): { readonly kind: 'word'; readonly words: W } => ({
  kind: 'word',
  words,
});
export const optional = <const F extends Field>(f: F): F & { readonly optional: true } => ({ ...f, optional: true });
/** A card a view may leave out for an audience that may not see it (the card given back for a Hochzeit trump). */
export const redactable = <const F extends Field & { kind: 'card' }>(f: F): F & { readonly redactable: true } => ({
  ...f,
  redactable: true,
});

/** Whether `value` is one of `words` (a vocabulary's games or choices), narrowing its type. */
export function isWord<W extends string>(words: readonly W[], value: string): value is W {
  return (words as readonly string[]).includes(value);
}

/** One action type: what it means (for the API) and its fields. */
export interface ActionSpec {
  readonly doc: string;
  readonly fields?: { readonly [name: string]: Field };
}

/** A variant's vocabulary as its author writes it. */
export interface VocabularySpec {
  /** The variant id (`schafkopf`), used in the parser's messages. */
  readonly variant: string;
  readonly actions: { readonly [type: string]: ActionSpec };
  /** The names a contract's `game` may have in this variant. */
  readonly contractGames: readonly string[];
}

type ValueOf<F> = F extends { kind: 'card' }
  ? Card
  : F extends { kind: 'cards' }
    ? readonly Card[]
    : F extends { kind: 'suit' }
      ? Suit
      : F extends { kind: 'flag' }
        ? boolean
        : F extends { kind: 'points' }
          ? number | 'schwarz'
          : F extends { kind: 'word'; words: readonly (infer W)[] }
            ? W
            : never;
type FieldsOf<A> = A extends { fields: infer F } ? F : object;
/** Optional in the type: an optional field, and a redactable card (a client must send it; a view may leave it out). */
type MayLack<F> = F extends { optional: true } ? true : F extends { redactable: true } ? true : false;
type Present<F> = { readonly [K in keyof F as MayLack<F[K]> extends true ? never : K]: ValueOf<F[K]> };
type Absent<F> = { readonly [K in keyof F as MayLack<F[K]> extends true ? K : never]?: ValueOf<F[K]> };
type Flat<T> = { [K in keyof T]: T[K] } & unknown;

/** The action union a vocabulary declares: one member per action type, its fields typed by their kind. */
export type ActionOf<V extends VocabularySpec> = {
  [T in keyof V['actions'] & string]: Flat<
    { readonly type: T } & Present<FieldsOf<V['actions'][T]>> & Absent<FieldsOf<V['actions'][T]>>
  >;
}[keyof V['actions'] & string];

type KeysOf<U> = U extends unknown ? keyof U : never;

/**
 * A union of actions where every member also names the fields of the others as absent (`?: never`): generic code (bots,
 * the text commands) reads `a.game` or `a.card` of any action without narrowing by variant first.
 */
export type Exclusive<U, All = U> = U extends unknown
  ? Flat<U & { readonly [K in Exclude<KeysOf<All>, keyof U>]?: never }>
  : never;

/** The contract game names a vocabulary declares. */
export type ContractGameOf<V extends VocabularySpec> = V['contractGames'][number];

/** One action type, prepared for parsing: its field names in order, the required ones, the word sets. */
export interface CompiledAction {
  readonly doc: string;
  readonly fields: readonly (readonly [name: string, field: Field])[];
  readonly names: ReadonlySet<string>;
  readonly required: readonly string[];
  readonly words: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A vocabulary registered with its variant: the spec and the lookup tables the parser uses on every move. */
export interface Vocabulary<V extends VocabularySpec = VocabularySpec> {
  readonly spec: V;
  readonly variant: string;
  readonly types: readonly string[];
  readonly actions: ReadonlyMap<string, CompiledAction>;
  readonly contractGames: ReadonlySet<ContractGameOf<V>>;
}

/** Build a variant's vocabulary from its spec (once, at load time). */
export function defineVocabulary<const V extends VocabularySpec>(spec: V): Vocabulary<V> {
  const actions = new Map<string, CompiledAction>();
  for (const [type, action] of Object.entries(spec.actions)) {
    const fields = Object.entries(action.fields ?? {});
    actions.set(type, {
      doc: action.doc,
      fields,
      names: new Set(fields.map(([name]) => name)),
      required: fields.filter(([, f]) => f.optional !== true).map(([name]) => name),
      words: new Map(fields.flatMap(([name, f]) => (f.kind === 'word' ? [[name, new Set(f.words)] as const] : []))),
    });
  }
  return {
    spec,
    variant: spec.variant,
    types: Object.keys(spec.actions),
    actions,
    contractGames: new Set(spec.contractGames),
  };
}

/** A JSON Schema object (openapi.yaml's dialect: JSON Schema 2020-12). */
export type JsonSchema = { readonly [key: string]: unknown };

function fieldSchema(field: Field): JsonSchema {
  switch (field.kind) {
    case 'card':
      return field.redactable === true
        ? { type: 'string', description: 'absent where the audience may not see the card' }
        : { type: 'string' };
    case 'cards':
      return { type: 'array', items: { type: 'string' }, maxItems: 16 };
    case 'suit':
      return { type: 'string', enum: ['E', 'G', 'H', 'S'] };
    case 'flag':
      return { type: 'boolean' };
    case 'points':
      return { oneOf: [{ type: 'integer', minimum: 0, maximum: 1000 }, { const: 'schwarz' }] };
    case 'word':
      return { type: 'string', enum: [...field.words] };
    default: {
      const never: never = field;
      return never;
    }
  }
}

function shapeSchema(type: string, action: CompiledAction): JsonSchema {
  const properties: Record<string, JsonSchema> = { type: { const: type } };
  for (const [name, field] of action.fields) properties[name] = fieldSchema(field);
  // A redactable card is left out of views that may not see it: required of a client, optional in the schema.
  const required = [
    'type',
    ...action.fields.filter(([, f]) => f.optional !== true && !('redactable' in f)).map(([n]) => n),
  ];
  return { type: 'object', required, properties, additionalProperties: false };
}

/**
 * The JSON Schema of every action the given vocabularies declare (openapi.yaml `components.schemas.Action`): `oneOf`
 * one entry per action type; where variants give a type different fields or words, that entry is `anyOf` their shapes.
 * Each shape names the variants that have it.
 */
export function actionSchema(vocabularies: readonly Vocabulary[]): JsonSchema {
  const byType = new Map<string, { shape: JsonSchema; key: string; variants: string[]; docs: string[] }[]>();
  for (const vocabulary of vocabularies)
    for (const [type, action] of vocabulary.actions) {
      const shape = shapeSchema(type, action);
      const key = JSON.stringify(shape);
      const shapes = byType.get(type) ?? [];
      byType.set(type, shapes);
      const same = shapes.find((s) => s.key === key);
      const doc = `${vocabulary.variant}: ${action.doc}`;
      if (same === undefined) shapes.push({ shape, key, variants: [vocabulary.variant], docs: [doc] });
      else {
        same.variants.push(vocabulary.variant);
        same.docs.push(doc);
      }
    }
  const oneOf = [...byType].map(([type, shapes]) => {
    const entries = shapes.map((s) => ({
      title: `${type} (${s.variants.join(', ')})`,
      description: s.docs.join('; '),
      ...s.shape,
    }));
    return entries.length === 1 ? entries[0] : { title: type, anyOf: entries };
  });
  return {
    description:
      'One action (docs/RECORD.md "Actions"): one entry per action type, each shape naming the variants that ' +
      'have it. A table refuses an action, game or choice its variant does not have (422 `action/malformed`). Card ' +
      "spellings of docs/RECORD.md are accepted and answered canonical. Generated from the variants' vocabularies " +
      '(engine/variants/<variant>/vocabulary.ts) by `npm run openapi:actions`; test/functions/openapi-actions.test.ts ' +
      'fails when it drifts.',
    oneOf,
  };
}
