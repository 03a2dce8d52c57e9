/** Tournaments: config, the draw, scoring schemes, standings and the tournament Decider (pure, deterministic). */
export * from './config.js';
export * from './draw.js';
export * from './scoring.js';
export * from './tournament.js';
export * from './schedule.js';
export * from './live.js';
export * from './prizes.js';
export * from './series.js';
