import { TRUMP } from '../tricks/order.js';
import type { Knowledge } from './knowledge.js';

/**
 * Inference from the card play for `strong`'s samples, beyond the voids of engine/bots/knowledge.ts: the seats that
 * cannot hold the called card. In a Schafkopf Sauspiel and a Sheepshead called-ace game the holder of the called
 * card must play it on the first lead of its suit (the engines enforce it: engine/variants/sheepshead/rules.ts, the
 * Schafkopf rules of the called Sau), so every seat that followed that first lead with another card of the suit
 * does not hold it. A called trump (jack of diamonds) has no such duty and tells nothing.
 * Returns a bit mask of seats; 0 when nothing is known.
 */
export function notHoldingPartnerCard(variant: string, k: Knowledge): number {
  const card = k.partnerCard;
  if (card === undefined || (variant !== 'schafkopf' && variant !== 'sheepshead')) return 0;
  const suit = k.order.effSuit[card] as number;
  if (suit < 0 || suit === TRUMP || k.hand.includes(card)) return 0;
  let mask = 0;
  for (const t of k.tricks) {
    const led = t[0];
    if (led === undefined || (k.order.effSuit[led.card] as number) !== suit) continue;
    // The first lead of the suit: whoever follows suit without the called card does not hold it.
    if (t.some((p) => p.card === card)) return 0;
    for (let i = 1; i < t.length; i++) {
      const p = t[i];
      if (p !== undefined && (k.order.effSuit[p.card] as number) === suit) mask |= 1 << p.seat;
    }
    return mask;
  }
  return 0;
}
