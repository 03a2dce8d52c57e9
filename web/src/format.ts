import type { Action, ActionFields } from '@stammtisch/sdk';
import { cardName } from './cards.js';
import { i18n } from './i18n/index.js';

/** Exact amounts arrive as decimal strings ("-20", "6.67"): shown as they are, with a sign. */
export function amount(x: string | number): string {
  const s = String(x);
  return s.startsWith('-') || s === '0' ? s.replace('-', '−') : `+${s}`;
}

/**
 * A label for an action when the server's command text for it is not at hand (a push arrived before the view with
 * commands): the action's fields with card and suit names.
 */
export function actionLabel(action: Action): string {
  const a: ActionFields = action;
  const parts: string[] = [String(a.type)];
  for (const [k, v] of Object.entries(a)) {
    if (k === 'type' || v === undefined) continue;
    if (k === 'suit' && typeof v === 'string') parts.push(i18n.t(`suit.${v}`));
    else if ((k === 'card' || k === 'under') && typeof v === 'string') parts.push(cardName(v));
    else if (k === 'cards' && Array.isArray(v)) parts.push((v as string[]).map(cardName).join(', '));
    else if (v === true) parts.push(k);
    else parts.push(String(v));
  }
  return parts.join(' ');
}

/** The contract as words: the game's name, its suit or called card, Tout (names from the catalogue). */
export function contractLabel(c: { game: string; suit?: string; tout?: boolean; card?: string } | null): string {
  if (c === null) return '—';
  const game = i18n.t(`game.${c.game}`, { defaultValue: c.game.charAt(0).toUpperCase() + c.game.slice(1) });
  const extra = [
    ...(c.suit !== undefined ? [i18n.t(`suit.${c.suit}`)] : []),
    ...(c.card !== undefined ? [cardName(c.card)] : []),
  ];
  return `${game}${extra.length > 0 ? ` (${extra.join(', ')})` : ''}${c.tout === true ? ' Tout' : ''}`;
}
