/**
 * Hochzeit (Schafkopf family): the offerer's only trump and the acceptor's `given` non-trump change hands face down,
 * each taking the other's place in the hand.
 */
export function exchangeHochzeit(
  hands: number[][],
  offerer: number,
  acceptor: number,
  trump: number,
  given: number,
): void {
  const from = hands[offerer] as number[];
  const to = hands[acceptor] as number[];
  from.splice(from.indexOf(trump), 1, given);
  to.splice(to.indexOf(given), 1, trump);
}
