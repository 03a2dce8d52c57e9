/**
 * `stammtisch parse --variant V [--lang de|en] [--legal JSON] "text"`: read a chat command (docs/chat-commands.md).
 * With `--legal` (a JSON array, e.g. `legalActions` from GET /v1/tables/{id}/view) the text is read against exactly
 * those actions, as the server does. Without it, against everything the variant can offer (collected from random
 * deals, plus burials and Trog pairs of the cards the text names): a card that several kinds of action could name
 * (Mehrkopf's `EO`: a play or a Muss-Spiel) is then reported as ambiguous.
 */
import {
  type Action,
  type AnyVariant,
  type Lang,
  cardsNamed,
  DEFAULT_VARIANT,
  getVariant,
  labelAction,
  listVariants,
  parseAction,
  parseCommand,
  seatsOf,
} from '../engine/index.js';
import { walkRandomDeals } from '../engine/sim.js';

const USAGE = 'usage: stammtisch parse --variant ID [--lang de|en] [--legal JSON] "text"';

/** Every distinct action without a card list that random deals of every preset and table size offer. */
function vocabulary(variant: AnyVariant): Action[] {
  const seen = new Map<string, Action>();
  walkRandomDeals(variant, 8, 'vocabulary', {
    before: ({ state, parts }) => {
      for (const seat of seatsOf(parts))
        for (const a of variant.legalActions(state, seat)) if (!('cards' in a)) seen.set(JSON.stringify(a), a);
    },
  });
  return [...seen.values()];
}

export function parseCli(args: string[]): number {
  let variantId = DEFAULT_VARIANT.id;
  let lang: Lang | undefined;
  let legalJson: string | undefined;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--variant') variantId = args[++i] ?? '';
    else if (a === '--lang') lang = args[++i] as Lang;
    else if (a === '--legal') legalJson = args[++i];
    else words.push(a);
  }
  const variant = getVariant(variantId);
  if (variant === undefined) {
    console.error(
      `unknown variant ${variantId}; known: ${listVariants()
        .map((v) => v.id)
        .join(', ')}`,
    );
    return 2;
  }
  if (lang !== undefined && lang !== 'de' && lang !== 'en') {
    console.error('--lang is de or en');
    return 2;
  }
  const text = words.join(' ');
  if (text.trim() === '') {
    console.error(USAGE);
    return 2;
  }
  let legal: Action[];
  if (legalJson !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(legalJson);
    } catch {
      console.error('--legal must be a JSON array of actions');
      return 2;
    }
    if (!Array.isArray(parsed)) {
      console.error('--legal must be a JSON array of actions');
      return 2;
    }
    legal = [];
    for (const item of parsed) {
      const p = parseAction(item, variant.vocabulary);
      if (!p.ok) {
        console.error(`--legal: ${p.message}`);
        return 2;
      }
      legal.push(p.action);
    }
  } else {
    legal = vocabulary(variant);
    const cards = cardsNamed(text, variant.id);
    if (cards.length >= 2) legal.push({ type: 'bury', cards }, { type: 'trog', cards }, { type: 'blitz', cards });
  }
  const read = parseCommand(text, legal, { variant: variant.id, ...(lang !== undefined ? { lang } : {}) });
  if (read.ok) {
    console.log(
      JSON.stringify({
        action: read.action,
        command: read.command,
        en: labelAction(read.action, variant.id, 'en'),
        de: labelAction(read.action, variant.id, 'de'),
      }),
    );
    return 0;
  }
  console.log(
    JSON.stringify({
      error: { code: 'action/unclear', reason: read.reason, message: read.message },
      candidates: read.candidates.length < legal.length ? read.candidates : undefined,
    }),
  );
  return 1;
}
