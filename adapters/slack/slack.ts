import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Lang } from '../../sdk/index.js';
import type { ChatGame, Move, Reply } from '../core/game.js';
import { MAX_BODY_BYTES, readCapped, tooLarge } from '../core/body-limit.js';

/** Slack rejects nothing older than this itself; we refuse requests whose timestamp is further off (replays). */
export const REPLAY_WINDOW_SECONDS = 5 * 60;

export { MAX_BODY_BYTES } from '../core/body-limit.js';

export interface SlackOptions {
  /** The app's signing secret (Basic Information → App Credentials). */
  readonly signingSecret: string;
  readonly game: ChatGame;
  /**
   * Language when nothing says otherwise (Slack sends no locale with slash commands): a German command word (`neu`,
   * `mitspielen`, `spiel`, `blatt`) answers its writer in German; channel lines use the channel's language (the one
   * the table was started in, or `lang de|en`).
   */
  readonly lang?: Lang;
  /** Epoch millis; tests inject a clock. */
  readonly now?: () => number;
  /** POST a JSON message to a `response_url` (default: fetch). */
  readonly post?: (url: string, body: unknown) => Promise<void>;
  /** Hosts a response_url may point at (default: hooks.slack.com only — never follow a URL anywhere else). */
  readonly responseHosts?: readonly string[];
  /** The body limit ({@link MAX_BODY_BYTES} by default). */
  readonly maxBodyBytes?: number;
}

/**
 * Slack's request signing (api.slack.com/authentication/verifying-requests-from-slack): `v0=` + hex
 * HMAC-SHA256(signing secret, `v0:{X-Slack-Request-Timestamp}:{raw body}`), compared in constant time; requests
 * more than five minutes off are refused as replays.
 */
export function verifySlack(
  secret: string,
  headers: Headers,
  body: string,
  nowMs: number,
): 'ok' | 'stale' | 'bad_signature' {
  const ts = headers.get('x-slack-request-timestamp');
  const sig = headers.get('x-slack-signature');
  if (ts === null || sig === null || !/^\d+$/.test(ts)) return 'bad_signature';
  if (Math.abs(nowMs / 1000 - Number(ts)) > REPLAY_WINDOW_SECONDS) return 'stale';
  const expected = `v0=${createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex')}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(sig);
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'bad_signature';
}

/** Sub-commands that are German words (their writer is answered in German) and English ones. */
const GERMAN_WORDS = new Set(['neu', 'mitspielen', 'aufstehen', 'spiel', 'blatt']);
const ENGLISH_WORDS = new Set(['new', 'join', 'leave', 'play', 'hand']);

interface BlockActionsPayload {
  readonly type: 'block_actions';
  readonly user: { readonly id: string; readonly username?: string; readonly name?: string };
  readonly channel?: { readonly id: string };
  readonly actions: readonly { readonly action_id: string; readonly value?: string }[];
  readonly response_url: string;
}

/**
 * The Slack endpoints as one fetch handler: slash commands (`/schafkopf new|join|bots|play <move>|hand|status`,
 * form-encoded) and interactivity (`payload=` JSON, block_actions from the move buttons). Channel lines are
 * answered `in_channel`; hands and errors go ephemerally to the caller through `response_url`.
 */
export function slackHandler(o: SlackOptions): (req: Request) => Promise<Response> {
  const now = o.now ?? Date.now;
  const fallback = o.lang ?? 'en';
  const hosts = o.responseHosts ?? ['hooks.slack.com'];
  const post =
    o.post ??
    (async (url: string, body: unknown) => {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    });
  const respond = async (url: string, body: unknown) => {
    if (!hosts.includes(new URL(url).hostname)) throw new Error('response_url is not Slack’s');
    await post(url, body);
  };

  const max = o.maxBodyBytes ?? MAX_BODY_BYTES;
  return async (req) => {
    const body = await readCapped(req, max);
    if (body === undefined) return tooLarge(max);
    const verdict = verifySlack(o.signingSecret, req.headers, body, now());
    if (verdict !== 'ok') return new Response(verdict, { status: 401 });
    const form = new URLSearchParams(body);

    const payloadRaw = form.get('payload');
    if (payloadRaw !== null) {
      const payload = JSON.parse(payloadRaw) as BlockActionsPayload;
      const room = payload.channel?.id;
      const action = payload.actions[0];
      if (payload.type !== 'block_actions' || room === undefined || action === undefined)
        return new Response('', { status: 200 });
      const lang = await o.game.langOf(room, fallback);
      if (action.action_id === 'hand') {
        const hand = await o.game.hand(room, payload.user.id, lang);
        await deliver(hand, payload.response_url, respond, lang, { replaceOriginal: false });
        return new Response('', { status: 200 });
      }
      const m = /^(\d+):(\d+)$/.exec(action.value ?? '');
      if (m === null) return new Response('', { status: 200 });
      const reply = await o.game.pick(room, payload.user.id, Number(m[1]), Number(m[2]), lang);
      await deliver(reply, payload.response_url, respond, lang, { replaceOriginal: true });
      return new Response('', { status: 200 });
    }

    const room = form.get('channel_id') ?? '';
    const user = form.get('user_id') ?? '';
    const name = form.get('user_name') ?? user;
    const responseUrl = form.get('response_url') ?? '';
    const [sub = 'status', ...rest] = (form.get('text') ?? '').trim().split(/\s+/);
    const word = sub.toLowerCase();
    const lang: Lang = GERMAN_WORDS.has(word)
      ? 'de'
      : ENGLISH_WORDS.has(word)
        ? 'en'
        : await o.game.langOf(room, fallback);
    let reply: Reply;
    switch (word) {
      case 'new':
      case 'neu':
        reply = await o.game.create(room, rest[0], lang);
        break;
      case 'join':
      case 'mitspielen':
        reply = await o.game.join(room, user, name, lang);
        break;
      case 'leave':
      case 'aufstehen':
        reply = await o.game.leave(room, user, name, lang);
        break;
      case 'lang': {
        const l: Lang = rest[0] === 'de' ? 'de' : 'en';
        await o.game.setLang(room, l);
        reply = { public: l === 'de' ? 'Ab jetzt auf Deutsch.' : 'English from now on.' };
        break;
      }
      case 'bots':
        reply = await o.game.fillBots(room, lang);
        break;
      case 'play':
      case 'spiel':
        reply = await o.game.command(room, user, rest.join(' '), lang);
        break;
      case 'hand':
      case 'blatt':
        reply = await o.game.hand(room, user, lang);
        break;
      case 'status':
        reply = await o.game.status(room, lang);
        break;
      default:
        reply = await o.game.command(room, user, [sub, ...rest].join(' '), lang);
    }
    // Private parts go through response_url; the HTTP answer carries the channel line (or nothing).
    if (reply.private !== undefined) await respond(responseUrl, ephemeral(reply.private, reply.moves ?? [], lang));
    if (reply.ack !== undefined) await respond(responseUrl, ephemeral(reply.ack, [], lang));
    return Response.json(
      reply.public !== undefined
        ? publicMessage(reply.public, await o.game.langOf(room, lang))
        : { response_type: 'ephemeral', text: '' },
    );
  };
}

async function deliver(
  reply: Reply,
  url: string,
  respond: (url: string, body: unknown) => Promise<void>,
  lang: Lang,
  opts: { replaceOriginal: boolean },
): Promise<void> {
  if (reply.public !== undefined) await respond(url, { ...publicMessage(reply.public, lang), replace_original: false });
  // The mover's own move when the channel saw less of it (the buried cards): only they see this.
  if (reply.ack !== undefined) await respond(url, { ...ephemeral(reply.ack, [], lang), replace_original: false });
  if (reply.private !== undefined)
    await respond(url, {
      ...ephemeral(reply.private, reply.moves ?? [], lang),
      replace_original: opts.replaceOriginal,
    });
}

/** A channel line with a "my hand" button (whoever clicks it gets their own hand, ephemerally). */
export function publicMessage(text: string, lang: Lang) {
  return {
    response_type: 'in_channel',
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } },
      {
        type: 'actions',
        block_id: 'hand',
        elements: [
          {
            type: 'button',
            action_id: 'hand',
            text: { type: 'plain_text', text: lang === 'de' ? 'Meine Karten' : 'My hand' },
            value: 'hand',
          },
        ],
      },
    ],
  };
}

/** An ephemeral message with the hand as text and one button per legal move (Block Kit, ≤ 25 per actions block). */
export function ephemeral(text: string, moves: readonly Move[], lang: Lang) {
  const blocks: unknown[] = [{ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } }];
  for (let i = 0; i < moves.length; i += 25)
    blocks.push({
      type: 'actions',
      block_id: `moves_${i / 25}`,
      elements: moves.slice(i, i + 25).map((m) => ({
        type: 'button',
        action_id: `mv_${m.index}`,
        text: { type: 'plain_text', text: m.label.slice(0, 75) },
        value: `${m.index}:${m.version}`,
      })),
    });
  return { response_type: 'ephemeral', text: lang === 'de' ? 'Dein Blatt' : 'Your hand', blocks };
}
