// The tournament draw: time and repeated table-mates for 16…400 players over 3 rounds of tables of 4.
// Run: npx tsx bench/tournament-draw.ts
import { tournament as T } from '../engine/index.js';

for (const n of [16, 64, 200, 400]) {
  let mates: Record<string, number> = {};
  const players = Array.from({ length: n }, (_, i) => ({ playerId: `p${String(i).padStart(3, '0')}`, bot: false }));
  const t0 = performance.now();
  for (let round = 1; round <= 3; round++) {
    const tables = T.drawRound({
      seed: 'bench',
      round,
      players,
      tableSize: 4,
      remainder: 'larger-tables',
      mates,
      dealsAt: () => 32,
    });
    mates = T.addMates(mates, tables);
  }
  const repeats = Object.values(mates).filter((v) => v > 1).length;
  console.log(`${n} players, 3 rounds: ${(performance.now() - t0).toFixed(1)} ms, repeated pairs ${repeats}`);
}
