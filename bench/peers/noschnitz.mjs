// Driver for jacobdixon/noschnitz (5-handed Sheepshead, call an ace; plain JS, no licence file, so it is not
// vendored: bench/peers.ts extracts it from a local clone at run time). Random full hands through the peer's own
// engine (src/engine.js): freshHand (shuffle, deal, sort), a random pick or pass per seat, a random bury of two of the
// eight cards, a random call among callOptions (or alone; an under call designates a random card), assignPartner,
// legalPlays each turn with a random card, applyPlay, resolveTrick and scoreHand. The peer has no bury or pick move
// generator, so those are drawn directly (less work than ours, which lists every legal bury).

/** @param {string} dir the peer's checkout */
export async function load(dir) {
  const e = await import(new URL('src/engine.js', `file://${dir}/`).href);
  const rand = Math.random;
  const pickOne = (xs) => xs[Math.floor(rand() * xs.length)];
  let scores = [0, 0, 0, 0, 0];

  function hand(dealer, doubler) {
    let g = e.freshHand(dealer, scores, 1, doubler);
    while (g.passes < 5) {
      const idx = g.pickTurn;
      if (rand() < 0.5) {
        g = { ...g, passes: g.passes + 1, pickTurn: (idx + 1) % 5 };
        continue;
      }
      const eight = [...g.hands[idx], ...g.blind];
      const i = Math.floor(rand() * 8);
      let j = Math.floor(rand() * 7);
      if (j >= i) j++;
      const buried = [eight[i], eight[j]];
      const kept = eight.filter((_, k) => k !== i && k !== j);
      const options = e.callOptions(kept, buried);
      const call = options.length === 0 || rand() < 1 / (options.length + 1) ? null : pickOne(options);
      const under = call !== null && call.kind === 'under';
      const hands = g.hands.map((h, k) => (k === idx ? e.sortHand(kept) : h));
      g = {
        ...g,
        picker: idx,
        hands,
        buried,
        calledSuit: call === null ? null : call.suit,
        calledRank: call === null ? null : call.rank,
        calledUnder: under,
        underCard: under ? pickOne(kept) : null,
        phase: 'playing',
        trick: [],
        turn: g.leader,
      };
      g = e.assignPartner(g);
      while (g.phase === 'playing') {
        while (g.trick.length < 5) g = e.applyPlay(g, g.turn, pickOne(e.legalPlays(g, g.turn)));
        g = e.resolveTrick(g);
      }
      scores = g.scores;
      return 1;
    }
    return 2; // thrown in: the next hand is doubled
  }

  /** Play `n` hands (a thrown-in hand counts, as ours do); resolves to the number played. */
  async function play(n) {
    let doubler = 1;
    for (let i = 0; i < n; i++) doubler = hand(i % 5, doubler) === 2 ? Math.min(doubler * 2, 8) : 1;
    return n;
  }
  return { play };
}
