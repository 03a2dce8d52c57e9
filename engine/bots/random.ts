import { pickAction } from '../sim.js';
import type { Bot } from './types.js';

/** Today's bot: a random action type, then a random action of that type (engine/sim.ts `pickAction`). */
export const randomBot: Bot = { level: 'random', decide: (_obs, legal, ctx) => pickAction(legal, ctx.rng) };
