import { tournament as T } from '../../engine/index.js';
import { sha256 } from '../crypto/secrets.js';
import type { DueWork } from '../ports/due-work.js';
import type { TournamentCommit, TournamentMeta } from '../ports/tournament-store.js';
import { JOB_CHECK, JOB_START, type SpecSeat, checkJob, startJob } from './deps.js';
import { currentHolder, takeOver } from './seats.js';
import { derivedSeed, playerToken } from './secrets.js';
import type { TournamentContext } from './writer.js';

/**
 * The rounds as the server runs them on its own: a round's start (draw, then its tables opened), the look at a
 * running round's tables (due work, and the table-closed signal), a seat a player left filled by a bot, a closed table
 * finished on the list, and what follows a round's end (the next start, duplicate deals unsealed). Every step is
 * idempotent: due work is delivered at least once and re-drives whatever a crash cut short.
 */

/** Run a due job (the scheduler calls this). */
export async function runJob(ctx: TournamentContext, job: DueWork): Promise<void> {
  const payload = (job.payload ?? {}) as { tournamentId?: unknown; round?: unknown };
  const tournamentId = String(payload.tournamentId);
  const round = Number(payload.round);
  if (job.kind === JOB_START) await startRound(ctx, tournamentId, round);
  else if (job.kind === JOB_CHECK) await checkRound(ctx, tournamentId, round);
}

/**
 * Start round `round` if it is due: draw, then open its tables. Idempotent: a round that has started only gets
 * its tables opened (again; opening is idempotent), an ended one nothing.
 */
export async function startRound(ctx: TournamentContext, tournamentId: string, round: number): Promise<void> {
  const meta = await ctx.deps.store.getMeta(tournamentId);
  if (meta === undefined) return;
  let loaded = await ctx.writer.load(tournamentId);
  if (loaded.state.rounds.length < round) {
    const due = T.nextRoundDue(loaded.state);
    if (due === undefined || due.round !== round) return;
    if (due.at > ctx.deps.now()) {
      // Too early (the pause was lengthened, a clock skew): come back then.
      await ctx.deps.due.schedule(startJob(tournamentId, round, due.at));
      return;
    }
    const refused = await ctx.writer.tryExecute(tournamentId, (s) =>
      s.rounds.length >= round
        ? undefined
        : {
            type: 'StartRound',
            round,
            drawSeed: derivedSeed(meta.secret, T.drawSeedLabel(round)),
            at: ctx.deps.now(),
          },
    );
    // Too few players checked in: the round cannot be drawn yet; look again in a minute (a check-in lets it start).
    if (refused !== undefined) {
      await ctx.deps.due.schedule(startJob(tournamentId, round, ctx.deps.now() + 60_000));
      return;
    }
    loaded = await ctx.writer.load(tournamentId);
  }
  const r = loaded.state.rounds[round - 1];
  if (r === undefined || r.endedAt !== undefined) return;
  await openTables(ctx, meta, loaded.state, r);
  await ctx.deps.due.schedule(checkJob(tournamentId, round, ctx.deps.now() + ctx.checkEveryMs));
}

async function openTables(
  ctx: TournamentContext,
  meta: TournamentMeta,
  state: T.TournamentState,
  round: T.RoundState,
): Promise<void> {
  const names = new Map(state.players.map((p) => [p.playerId, p.name]));
  for (const table of round.tables) {
    const tableId = round.tableIds[table.table - 1];
    // A live table is played with real cards: no online table; its sheet is entered by hand.
    if (tableId === undefined || round.finished[table.table - 1] !== null || round.live.includes(table.table)) continue;
    const seats = table.seats.map((s, i): SpecSeat => {
      if (s.kind === 'filler') return { kind: 'bot', name: `Bot ${i + 1}` };
      const name = names.get(s.playerId) ?? s.playerId;
      if (s.bot) return { kind: 'bot', name: `${name} (bot)` };
      return { kind: 'human', name, tokenHash: sha256(playerToken(meta.tokenKey, meta.tournamentId, s.playerId)) };
    });
    const { config } = state;
    await ctx.deps.tables.open({
      tableId,
      tournamentId: meta.tournamentId,
      variant: config.variant,
      ...(config.preset !== undefined ? { preset: config.preset } : {}),
      ...(config.options !== undefined ? { options: config.options } : {}),
      seats,
      dealer: 0,
      maxDeals: table.deals,
      // Twice the deals: a thrown-in deal dealt again (Schafkopf `redeal.counts: false`) takes the next seed, so
      // every deal of the table still comes from the tournament seed (beyond that the table draws its own).
      dealSeeds: Array.from({ length: 2 * table.deals }, (_, d) =>
        derivedSeed(meta.secret, T.dealSeedLabel(round.round, table.table, d + 1, config.duplicate)),
      ),
      ...(config.clock !== undefined ? { clock: config.clock } : {}),
      organiserKeyHash: meta.organiserKeyHash,
      sealRecords: config.duplicate,
    });
  }
}

/** Look at a running round's tables: every closed one is finished on the list; the round ends after the last. */
export async function checkRound(ctx: TournamentContext, tournamentId: string, round: number): Promise<void> {
  const loaded = await ctx.writer.load(tournamentId);
  const r = loaded.state.rounds[round - 1];
  if (r === undefined) return;
  if (r.endedAt !== undefined) {
    // The round ended (perhaps just before a crash that lost the follow-ups): unseal, make sure the next start is due.
    await unsealRound(ctx, loaded.state, round);
    const due = T.nextRoundDue(loaded.state);
    if (due !== undefined) await ctx.deps.due.schedule(startJob(tournamentId, due.round, due.at));
    return;
  }
  for (const table of r.tables) {
    if (r.finished[table.table - 1] !== null || r.live.includes(table.table)) continue;
    const tableId = r.tableIds[table.table - 1];
    if (tableId === undefined) continue;
    await fillOpenSeats(ctx, tournamentId, round, table.table, tableId);
    await finishTable(ctx, tournamentId, round, table.table, tableId);
  }
  const after = (await ctx.writer.load(tournamentId)).state.rounds[round - 1];
  if (after !== undefined && after.endedAt === undefined)
    await ctx.deps.due.schedule(checkJob(tournamentId, round, ctx.deps.now() + ctx.checkEveryMs));
}

/**
 * A tournament table closed or a seat was freed (the commit hook): a closed table is finished on the list (with
 * the deals it played, however many); a freed seat gets a bot at once, so the round never waits for a seat.
 */
export async function tableClosed(ctx: TournamentContext, tableId: string): Promise<void> {
  const m = /^(u[a-z0-9]+)r(\d+)t(\d+)$/.exec(tableId);
  if (m === null) return;
  const [, tournamentId, round, table] = m;
  if (tournamentId === undefined || round === undefined || table === undefined) return;
  if ((await ctx.deps.store.getMeta(tournamentId)) === undefined) return;
  await fillOpenSeats(ctx, tournamentId, Number(round), Number(table), tableId);
  await finishTable(ctx, tournamentId, Number(round), Number(table), tableId);
}

/** A seat a player freed (left the table) at a running round's table: a bot plays it from the current deal on. */
async function fillOpenSeats(
  ctx: TournamentContext,
  tournamentId: string,
  round: number,
  table: number,
  tableId: string,
): Promise<void> {
  const open = await ctx.deps.tables.openSeats(tableId);
  if (open.length === 0) return;
  const { state } = await ctx.writer.load(tournamentId);
  const r = state.rounds[round - 1];
  const drawn = r?.tables[table - 1];
  if (r === undefined || drawn === undefined || r.endedAt !== undefined || r.finished[table - 1] !== null) return;
  if ((await ctx.deps.tables.toAct(tableId)).closed) return;
  for (const seat of open) {
    const holder = currentHolder(state.config, r, drawn, seat);
    const owner = drawn.seats[seat]?.kind === 'player' ? (drawn.seats[seat] as { playerId: string }).playerId : null;
    const botOwner = drawn.seats[seat]?.kind !== 'player' || (drawn.seats[seat] as { bot: boolean }).bot;
    if (holder === null && !botOwner && !r.takeovers.some((t) => t.table === table && t.seat === seat)) continue;
    if (holder === null) {
      // A bot's takeover is recorded already (a withdrawal, a crash before the bot sat down): seat the bot.
      await ctx.deps.tables.replaceSeat(tableId, seat, { kind: 'bot' });
      continue;
    }
    // A human substitute's seat is being handed over (leave, then join): not ours to fill.
    if (holder !== owner) continue;
    await takeOver(
      ctx,
      tournamentId,
      round,
      table,
      seat,
      { kind: 'bot' },
      owner,
      { kind: 'player', playerId: holder },
      'left the table',
    );
  }
}

async function finishTable(
  ctx: TournamentContext,
  tournamentId: string,
  round: number,
  table: number,
  tableId: string,
): Promise<void> {
  const deals = await ctx.deps.tables.finished(tableId);
  if (deals === undefined) return;
  await ctx.writer.tryExecute(tournamentId, (s) => {
    const r = s.rounds[round - 1];
    if (r === undefined || r.endedAt !== undefined || r.finished[table - 1] !== null) return undefined;
    if (r.tableIds[table - 1] !== tableId) return undefined;
    return { type: 'FinishTable', round, table, deals, at: ctx.deps.now() };
  });
}

/**
 * What follows a written commit (functions/tournaments/writer.ts): after a round ended, its duplicate deals unsealed
 * and the next round's start scheduled.
 */
export async function afterCommit(
  ctx: TournamentContext,
  meta: TournamentMeta,
  commit: TournamentCommit,
): Promise<void> {
  for (const e of commit.events)
    if (e.type === 'RoundEnded') {
      const { state } = await ctx.writer.load(meta.tournamentId);
      await unsealRound(ctx, state, e.round);
      const due = T.nextRoundDue(state);
      if (due !== undefined) await ctx.deps.due.schedule(startJob(meta.tournamentId, due.round, due.at));
    }
}

async function unsealRound(ctx: TournamentContext, state: T.TournamentState, round: number): Promise<void> {
  if (!state.config.duplicate) return;
  for (const tableId of state.rounds[round - 1]?.tableIds ?? []) await ctx.deps.tables.unseal(tableId);
}
