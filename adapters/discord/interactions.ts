import { verifyKey } from 'discord-interactions';
import type { Lang } from '../../sdk/index.js';
import type { ChatGame, Reply } from '../core/game.js';

/** Discord's interaction and response types (discord.com/developers/docs/interactions/receiving-and-responding). */
export const InteractionType = { PING: 1, APPLICATION_COMMAND: 2, MESSAGE_COMPONENT: 3 } as const;
export const ResponseType = { PONG: 1, CHANNEL_MESSAGE_WITH_SOURCE: 4, UPDATE_MESSAGE: 7 } as const;
/** Message flag: only the user who triggered the interaction sees the message. */
export const EPHEMERAL = 1 << 6;

interface CommandOption {
  readonly name: string;
  readonly type: number;
  readonly value?: string | number;
  readonly options?: readonly CommandOption[];
}
interface DiscordUser {
  readonly id: string;
  readonly username: string;
  readonly global_name?: string | null;
}
/** The fields of an interaction we read. */
export interface Interaction {
  readonly type: number;
  readonly channel_id?: string;
  readonly locale?: string;
  readonly member?: { readonly user: DiscordUser; readonly nick?: string | null };
  readonly user?: DiscordUser;
  readonly data?: {
    readonly name?: string;
    readonly options?: readonly CommandOption[];
    readonly custom_id?: string;
  };
}

interface Button {
  type: 2;
  style: 1 | 2;
  label: string;
  custom_id: string;
}

/** The slash commands to register with Discord (PUT /applications/{id}/commands). */
export const COMMANDS = [
  {
    name: 'schafkopf',
    description: 'Schafkopf, Sheepshead and friends at this channel’s table',
    options: [
      {
        type: 1,
        name: 'new',
        description: 'Start a table in this channel',
        options: [{ type: 3, name: 'variant', description: 'schafkopf (default) or sheepshead', required: false }],
      },
      { type: 1, name: 'join', description: 'Take a seat' },
      { type: 1, name: 'bots', description: 'Fill the open seats with bots' },
      {
        type: 1,
        name: 'play',
        description: 'Make a move by text',
        options: [{ type: 3, name: 'move', description: 'e.g. EO, weiter, 3', required: true }],
      },
      { type: 1, name: 'hand', description: 'Show your hand and moves (only you see it)' },
      { type: 1, name: 'status', description: 'Show the table' },
    ],
  },
  { name: 'join', description: 'Take a seat at this channel’s table' },
  {
    name: 'play',
    description: 'Make a move by text',
    options: [{ type: 3, name: 'move', description: 'e.g. EO, weiter, 3', required: true }],
  },
] as const;

export interface DiscordOptions {
  /** The application's public key (hex), from the developer portal. */
  readonly publicKey: string;
  readonly game: ChatGame;
  /** Epoch millis; tests inject a clock. */
  readonly now?: () => number;
}

/**
 * A signed request whose `X-Signature-Timestamp` is further than this from now is refused (401): the signature covers
 * the timestamp, so a captured request cannot be replayed later.
 */
export const REPLAY_WINDOW_SECONDS = 5 * 60;

/**
 * The Discord interactions endpoint as a fetch handler (Lambda, Node, tests): verifies Ed25519 signatures exactly
 * as Discord documents (`X-Signature-Ed25519` over `X-Signature-Timestamp` + raw body; 401 when it fails or the
 * timestamp is more than five minutes off), answers
 * PING with PONG, runs slash commands and move buttons. Hands and errors are ephemeral (flag 64).
 */
export function discordHandler(o: DiscordOptions): (req: Request) => Promise<Response> {
  const now = o.now ?? Date.now;
  return async (req) => {
    const signature = req.headers.get('x-signature-ed25519');
    const timestamp = req.headers.get('x-signature-timestamp');
    if (
      timestamp !== null &&
      (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS)
    )
      return new Response('stale or malformed request timestamp', { status: 401 });
    const body = await req.text();
    if (signature === null || timestamp === null || !(await verifyKey(body, signature, timestamp, o.publicKey)))
      return new Response('invalid request signature', { status: 401 });
    let interaction: Interaction;
    try {
      interaction = JSON.parse(body) as Interaction;
    } catch {
      return new Response('bad JSON', { status: 400 });
    }
    if (interaction.type === InteractionType.PING) return json({ type: ResponseType.PONG });
    const lang: Lang = interaction.locale?.startsWith('de') ? 'de' : 'en';
    const user = interaction.member?.user ?? interaction.user;
    const room = interaction.channel_id;
    if (user === undefined || room === undefined) return json(message({ private: 'no channel or user' }, lang));
    const name = interaction.member?.nick ?? user.global_name ?? user.username;

    if (interaction.type === InteractionType.MESSAGE_COMPONENT) {
      const id = interaction.data?.custom_id ?? '';
      if (id === 'hand') return json(message(await o.game.hand(room, user.id, lang), lang));
      const m = /^mv:(\d+):(\d+)$/.exec(id);
      if (m !== null) return json(message(await o.game.pick(room, user.id, Number(m[1]), Number(m[2]), lang), lang));
      return json(message({ private: `unknown button ${id}` }, lang));
    }
    if (interaction.type !== InteractionType.APPLICATION_COMMAND)
      return json(message({ private: 'unsupported interaction' }, lang));

    // `/schafkopf <sub>` or the top-level `/join`, `/play`.
    const top = interaction.data?.name ?? '';
    const sub =
      top === 'schafkopf' ? interaction.data?.options?.[0] : { name: top, type: 1, options: interaction.data?.options };
    const opt = (n: string) => sub?.options?.find((x) => x.name === n)?.value;
    let reply: Reply;
    switch (sub?.name) {
      case 'new':
        reply = await o.game.create(room, String(opt('variant') ?? 'schafkopf'), lang);
        break;
      case 'join':
        reply = await o.game.join(room, user.id, name, lang);
        break;
      case 'bots':
        reply = await o.game.fillBots(room, lang);
        break;
      case 'play':
        reply = await o.game.command(room, user.id, String(opt('move') ?? ''), lang);
        break;
      case 'hand':
        reply = await o.game.hand(room, user.id, lang);
        break;
      case 'status':
        reply = await o.game.status(room, lang);
        break;
      default:
        reply = { private: `unknown command ${sub?.name ?? top}` };
    }
    return json(message(reply, lang));
  };
}

const json = (body: unknown): Response =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * One response message: a private reply (a hand, an error) is ephemeral with the move buttons; a public one goes
 * to the channel with a "hand" button so the next player can look at their cards.
 */
function message(reply: Reply, lang: Lang) {
  const handButton: Button = {
    type: 2,
    style: 2,
    label: lang === 'de' ? 'Meine Karten' : 'My hand',
    custom_id: 'hand',
  };
  if (reply.private !== undefined) {
    // At most 5 rows of 5 buttons: the first 25 moves get buttons, the rest are typed (`/play`).
    const buttons: Button[] = (reply.moves ?? [])
      .slice(0, 25)
      .map((m) => ({ type: 2, style: 1, label: m.label.slice(0, 80), custom_id: `mv:${m.index}:${m.version}` }));
    return {
      type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
      data: { content: reply.private.slice(0, 2000), flags: EPHEMERAL, components: rows(buttons) },
    };
  }
  return {
    type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
    data: { content: (reply.public ?? '').slice(0, 2000), components: rows([handButton]) },
  };
}

function rows(buttons: readonly Button[]) {
  const out: { type: 1; components: Button[] }[] = [];
  for (let i = 0; i < buttons.length; i += 5) out.push({ type: 1, components: buttons.slice(i, i + 5) });
  return out;
}
