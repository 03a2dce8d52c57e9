import { type Card, CARD_COUNT, indexOf } from '../../cards/card.js';

/**
 * Laufende (Schafkopf family): the unbroken run of trumps from the contract's highest trump held by one party — the
 * declarers or the defenders, either counts. Cards not in this deal are skipped; with `main` given, the run also ends
 * at the first trump that is not a main trump (Mehrkopf counts only Ober, Unter and Gefreite).
 */
export function laufende(
  hands: readonly (readonly number[])[],
  party: readonly boolean[],
  trumps: readonly Card[],
  main?: Uint8Array,
): number {
  // Owner party of every card in play: 1 = declarers, 2 = defenders, 0 = not in this deck.
  const owner = new Uint8Array(CARD_COUNT);
  for (let seat = 0; seat < hands.length; seat++) {
    const h = hands[seat] as readonly number[];
    const who = party[seat] ? 1 : 2;
    for (let i = 0; i < h.length; i++) owner[h[i] as number] = who;
  }
  let side = 0;
  let n = 0;
  for (let i = 0; i < trumps.length; i++) {
    const idx = indexOf(trumps[i] as Card);
    const who = owner[idx] as number;
    if (who === 0) continue;
    if (main !== undefined && main[idx] !== 1) break;
    if (side === 0) side = who;
    else if (who !== side) break;
    n++;
  }
  return n;
}
