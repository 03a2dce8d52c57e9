import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/cards/deck.js';
import {
  type Action,
  type Audience,
  type Card,
  type Lang,
  type TableEvent,
  type TableState,
  asSeat,
  decide,
  evolve,
  legalCommands,
  listVariants,
  parseCommand,
  redactEvent,
  renderEvent,
  renderView,
  summarizeCommands,
  view,
} from '../../engine/index.js';
import type { Actor } from '../../functions/policy/access.js';
import type { Commit, TableMeta } from '../../functions/ports/table-store.js';
import type { Hook } from '../../functions/ports/webhooks.js';
import { type DealAction, observation } from '../../functions/use-cases/queries.js';
import { redactCommit } from '../../functions/use-cases/table-stream.js';
import { messagesFor } from '../../functions/use-cases/webhook-delivery.js';
import { eventFrames } from '../../functions/wire/frames.js';
import { type Script, type Step, knownCards, randomScript, redeal, replayScript } from '../support/redeal.js';
import { propertyRuns } from '../support/runs.js';

/**
 * Hidden information as a property: whatever an audience (a seat, a spectator) can observe must not change when the
 * cards it cannot see are re-dealt consistently with what it knows (test/support/redeal.ts). For random prefixes of a
 * first deal of every variant, table size and preset, each audience's artefacts are compared step by step between the
 * deal and a re-deal: the view with its legal actions (and their order), the events as redacted for it, the chat text
 * (view, commands, summary, the events as chat lines), the bot's observation, the WebSocket frames and webhook
 * deliveries the server would send it for the step, and at the end the answers to probing moves (the engine's refusal
 * and the `action/unclear` reading of chat text).
 */

const LANGS: readonly Lang[] = ['de', 'en'];
/** Chat texts an audience might send to probe: nonsense, a lone card, game words. */
const PROBE_TEXTS = ['xyz', 'EO', 'sau', 'knorpel', 'solo', 'bury', 'ass', 'spiel', 'HA', 'QC'];
/** Re-deals tried per audience before giving up on finding one consistent with what it saw. */
const TRIES = 12;

type Artefact = Record<string, unknown>;

/** The server's side of a step: the commit the step's events would be stored as (one per step, seq from 1). */
const TABLE_ID = 'T-redeal';
const NOW = Date.UTC(2026, 10, 28);
/** Every seat a human (so `your_turn` deliveries are made for each seat to act); hashes are not compared. */
function metaFor(script: Script): TableMeta {
  return {
    tableId: TABLE_ID,
    variant: script.variant,
    preset: script.preset,
    visibility: 'public',
    seats: Array.from({ length: script.seats }, (_, s) => ({ kind: 'human' as const, name: `p${s}`, tokenHash: 'h' })),
    organiserKeyHash: 'o',
    spectatorKeyHashes: [],
    createdAt: NOW,
    rev: 1,
  };
}
const HOOK: Hook = {
  hookId: 'wh-redeal',
  url: 'https://example.test/hook',
  events: ['*'],
  scope: { kind: 'table', tableId: TABLE_ID, principal: { kind: 'spectator' } },
  ownerHash: 'o',
  secrets: [],
  createdAt: NOW,
};

/** Everything `audience` observes after each step (the events of that step redacted as it receives them). */
function observe(script: Script, steps: readonly Step[], audience: Audience): Artefact[] {
  const out: Artefact[] = [];
  const dealActions: DealAction[] = [];
  const meta = metaFor(script);
  const actor: Actor = audience.kind === 'seat' ? { kind: 'seat', seat: audience.seat } : { kind: 'spectator' };
  let seq = 1;
  for (const step of steps) {
    // What the server sends this audience for the step: its WebSocket frames (functions/use-cases/fanout.ts builds
    // them the same way) and its webhook deliveries (payload bodies and delivery ids).
    const commit = { tableId: TABLE_ID, seq, events: step.events, base: 1, prevBase: 1 } as Commit;
    seq += step.events.length;
    const version = seq - 1;
    const frames = eventFrames(
      { tableId: TABLE_ID, version },
      redactCommit(step.before, commit, audience, step.after),
      view(step.after, audience),
    );
    const webhooks = messagesFor(HOOK, actor, meta, commit, step.before, NOW).map((d) => [d.deliveryId, d.body]);
    let state: TableState | null = step.before;
    const events: TableEvent[] = [];
    for (const e of step.events) {
      events.push(redactEvent(state, e, audience));
      if (e.type === 'ActionTaken') dealActions.push({ before: state, event: e });
      state = evolve(state, e);
    }
    const v = view(step.after, audience);
    const seat = audience.kind === 'seat' ? audience.seat : undefined;
    const text: Record<string, unknown> = {};
    for (const lang of LANGS) {
      text[`view.${lang}`] = renderView(v, { lang, ...(seat !== undefined ? { seat } : {}) });
      text[`commands.${lang}`] = legalCommands(v.legalActions, script.variant, lang);
      text[`summary.${lang}`] = summarizeCommands(v.legalActions, script.variant, lang);
      text[`events.${lang}`] = events.map((e) => renderEvent(e, lang));
    }
    const deal = step.after.deal;
    const seated = seat !== undefined && deal !== null && !deal.over && deal.players.includes(seat);
    out.push({
      view: v,
      events,
      frames,
      webhooks,
      text,
      ...(seated ? { observation: observation(step.after, seat, dealActions) } : {}),
    });
  }
  return out;
}

/** What the audience's seat is told when it tries actions of its choosing, and how its chat texts are read. */
function probe(script: Script, state: TableState, audience: Audience): Artefact {
  if (audience.kind !== 'seat') return {};
  const seat = audience.seat;
  const deck = [...script.deck].sort();
  const tries: Action[] = [
    ...deck.map((card): Action => ({ type: 'play', card })),
    ...deck.map((card): Action => ({ type: 'announce', game: 'knorpel', card })),
    ...deck.map((card): Action => ({ type: 'call', card })),
    ...deck.map((card): Action => ({ type: 'accept', card })),
    ...deck.slice(0, 6).map((card, i): Action => ({ type: 'bury', cards: [card, deck[i + 6] as Card] })),
  ];
  const refusals = tries.map((action) => {
    const d = decide({ type: 'Act', seat, action }, state);
    return d.ok ? 'accepted' : d.error;
  });
  const legal = view(state, audience).legalActions;
  const readings = PROBE_TEXTS.flatMap((text) =>
    LANGS.map((lang) => parseCommand(text, legal, { variant: script.variant, lang })),
  );
  return { refusals, readings };
}

/** Where the first artefact differs, as a path, for a readable failure. */
function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d !== undefined) return d;
    }
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 300)} ≠ ${JSON.stringify(b)?.slice(0, 300)}`;
}

interface Tally {
  audiences: number;
  redealt: number;
}

/** Check one script for every audience; counts the audiences for which a consistent re-deal was found. */
function checkScript(script: Script, seed: number, tally: Tally): void {
  const original = replayScript(script);
  if (!original.ok) throw new Error(`the script itself was refused at command ${original.at}`);
  const audiences: Audience[] = [
    ...Array.from({ length: script.seats }, (_, s): Audience => ({ kind: 'seat', seat: asSeat(s) })),
    { kind: 'spectator' },
  ];
  const rng = new Rng(`${seed}/redeal`);
  for (const audience of audiences) {
    const known = knownCards(script, original.steps, audience);
    // An audience that knows every card has nothing to re-deal; the vacuity check below counts the others.
    if (known.size === script.deck.length) continue;
    tally.audiences++;
    const seen = observe(script, original.steps, audience);
    const last = original.steps[original.steps.length - 1]?.after as TableState;
    const probed = probe(script, last, audience);
    for (let t = 0; t < TRIES; t++) {
      const other = redeal(script, known, rng);
      const replayed = replayScript(other);
      if (!replayed.ok) continue; // inconsistent with what the audience saw: some action would have been refused
      tally.redealt++;
      const who = audience.kind === 'seat' ? `seat ${audience.seat}` : 'spectator';
      const seenThere = observe(other, replayed.steps, audience);
      for (let i = 0; i < seen.length; i++) {
        const diff = firstDifference(seen[i], seenThere[i]);
        if (diff !== undefined)
          throw new Error(`${who} tells the deals apart after step ${i} (${label(script, other)}) at ${diff}`);
      }
      const probedThere = probe(other, replayed.steps[replayed.steps.length - 1]?.after as TableState, audience);
      const diff = firstDifference(probed, probedThere);
      if (diff !== undefined)
        throw new Error(`${who}'s probes tell the deals apart (${label(script, other)}) at ${diff}`);
      break;
    }
  }
}

function label(a: Script, b: Script): string {
  return `${a.variant}/${a.preset}/${a.seats} seats, ${a.acts.length} actions ${a.acts.map((x) => `${x.seat}:${JSON.stringify(x.action)}`).join(' ')}; deck ${a.deck.join(' ')} → ${b.deck.join(' ')}`;
}

/**
 * Counterexamples found once, run every time before the random ones (seed, cut, preset).
 * bug: Schafkopf 6 seats (bsv), a Sauspiel with Kontra and the declarer's own Re — the Re marked the partner as
 * revealed, so every seat's view listed the secret partner among the declarers.
 */
const EVERYDAY_SEED = 20261127;

const REGRESSIONS: Record<string, [number, number, string][]> = {
  'schafkopf/6': [[984509309, 225, 'bsv']],
};

describe('hidden information: re-dealing what an audience cannot see changes nothing it observes', () => {
  for (const variant of listVariants())
    for (let seats = variant.tableSeats.min; seats <= variant.tableSeats.max; seats++) {
      const presets = Object.keys(variant.presets).filter((p) => {
        try {
          variant.resolveOptions(p, {}, seats);
          return true;
        } catch {
          return false;
        }
      });
      if (presets.length === 0) continue;
      it(`${variant.id}, ${seats} seats`, () => {
        const tally: Tally = { audiences: 0, redealt: 0 };
        fc.assert(
          fc.property(
            fc.integer(),
            fc.integer({ min: 0, max: 999 }),
            fc.constantFrom(...presets),
            (seed, cut, preset) => {
              checkScript(randomScript(variant.id, preset, seats, seed, cut / 1000), seed, tally);
            },
          ),
          {
            numRuns: propertyRuns(6),
            examples: REGRESSIONS[`${variant.id}/${seats}`] ?? [],
            // `npm test` replays the same bounded sample every time (a failure is a change, not a lucky draw); the
            // long run (`npm run test:long`, STAMMTISCH_PROPERTY_RUNS) draws fresh deals to keep searching.
            ...(process.env.STAMMTISCH_PROPERTY_RUNS === undefined ? { seed: EVERYDAY_SEED } : {}),
          },
        );
        // The property must not hold vacuously: most audiences get a consistent re-deal to compare with.
        expect(tally.redealt).toBeGreaterThan(tally.audiences / 3);
      });
    }
});
