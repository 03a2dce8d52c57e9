// Driver for ILadis/sheepshead (4-player Schafkopf, plain JS; no licence file, so it is not vendored: bench/peers.ts
// extracts it from a local clone at run time). Random full deals through the peer's own engine: its phases (deal,
// auction, tricks, aftermath scoring), its Ruleset for the legal bids and cards of each turn, and its random bot
// `Brainless` choosing among them. The bot is asked once per decision (the peer's `Bot` wrapper would ask every
// bot's brain on every event, four times the work), with no think time.

/** @param {string} dir the peer's checkout */
export async function load(dir) {
  const { Game } = await import(new URL('game.mjs', `file://${dir}/`).href);
  const { Player } = await import(new URL('player.mjs', `file://${dir}/`).href);
  const { Brainless } = await import(new URL('bot/brainless.mjs', `file://${dir}/`).href);
  const brain = new Brainless(Math.random);
  /** Play `n` deals (a deal nobody bids on counts, as ours do); resolves to the number played. */
  async function play(n) {
    const game = new Game();
    let games = 0;
    game.onjoin = (index) => new Player(`P${index}`, index);
    game.onbid = (player, rules) => brain.onbid(game, player, rules);
    game.onplay = (player, rules) => brain.onplay(game, player, rules);
    game.onproceed = () => ++games < n;
    await game.run();
    return games;
  }
  return { play };
}
