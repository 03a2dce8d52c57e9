import { i18n } from './i18n/index.js';

/** A card's display name in the current language: `EO` → "Eichel-Ober" / "queen of clubs" (docs/RECORD.md ids). */
export function cardName(card: string): string {
  const suit = card[0] ?? '';
  const rank = card.slice(1);
  return i18n.t('card', { suit: i18n.t(`suit.${suit}`), rank: i18n.t(`rank.${rank}`) });
}

const SYMBOL: Record<string, string> = { E: '♣', G: '♠', H: '♥', S: '♦' };
const RANK: Record<string, string> = { Z: '10' };

/** The card's face as text: rank and suit symbol (the accessible name is the full name). */
export function CardFace({ card }: { card: string }) {
  const suit = card[0] ?? '';
  const rank = card.slice(1);
  return (
    <span class={`face suit-${suit}`} aria-hidden="true">
      <span class="rank">{RANK[rank] ?? rank}</span>
      <span class="sym">{SYMBOL[suit] ?? suit}</span>
    </span>
  );
}

/** A card shown (not playable): an image role with the card's name. */
export function Card({ card }: { card: string }) {
  return (
    <span class="card" role="img" aria-label={cardName(card)} title={cardName(card)}>
      <CardFace card={card} />
    </span>
  );
}
