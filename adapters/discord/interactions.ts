import { verifyKey } from 'discord-interactions';
import type { Lang } from '../../sdk/index.js';
import type { ChatGame, Reply } from '../core/game.js';
import { MAX_BODY_BYTES, readCapped, tooLarge } from '../core/body-limit.js';

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
  readonly application_id?: string;
  /** The interaction's token: follow-up messages are posted with it for 15 minutes. */
  readonly token?: string;
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

/** The app's slash command, `/schafkopf <sub>`: the game family's name, not a variant (`new` takes the variant). */
// eslint-disable-next-line boundaries/variant-ids -- the command's name, which Discord users type; no variant is meant
const COMMAND = 'schafkopf';

/** The slash commands to register with Discord (PUT /applications/{id}/commands). */
export const COMMANDS = [
  {
    name: COMMAND,
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
      { type: 1, name: 'leave', description: 'Stand up (join sits you down again)' },
      {
        type: 1,
        name: 'lang',
        description: 'The channel’s language',
        options: [{ type: 3, name: 'lang', description: 'de or en', required: true }],
      },
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
  /**
   * Post a follow-up message (`POST /webhooks/{application id}/{interaction token}`): the mover's own move, ephemeral,
   * when the channel's line left a hidden part out. Default: fetch against discord.com.
   */
  readonly followUp?: (applicationId: string, token: string, body: unknown) => Promise<void>;
  /** The body limit (adapters/core/body-limit.ts `MAX_BODY_BYTES` by default). */
  readonly maxBodyBytes?: number;
}

/** Moves per page of buttons: four rows of five, the fifth row turns pages. */
export const MOVES_PER_PAGE = 20;

/**
 * A signed request whose `X-Signature-Timestamp` is further than this from now is refused (401): the signature covers
 * the timestamp, so a captured request cannot be replayed later.
 */
export const REPLAY_WINDOW_SECONDS = 5 * 60;

/**
 * The Discord interactions endpoint as a fetch handler (Lambda, Node, tests): verifies Ed25519 signatures exactly
 * as Discord documents (`X-Signature-Ed25519` over `X-Signature-Timestamp` + raw body; 401 when it fails or the
 * timestamp is more than five minutes off) after reading at most `maxBodyBytes` of the body (a larger one is a 413
 * problem+json naming the limit), answers
 * PING with PONG, runs slash commands and move buttons. Hands and errors are ephemeral (flag 64).
 */
export function discordHandler(o: DiscordOptions): (req: Request) => Promise<Response> {
  const now = o.now ?? Date.now;
  const max = o.maxBodyBytes ?? MAX_BODY_BYTES;
  return async (req) => {
    const signature = req.headers.get('x-signature-ed25519');
    const timestamp = req.headers.get('x-signature-timestamp');
    if (
      timestamp !== null &&
      (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS)
    )
      return new Response('stale or malformed request timestamp', { status: 401 });
    // Read before the signature can be checked: at most the limit (a larger body is a 413, the rest never read).
    const body = await readCapped(req, max);
    if (body === undefined) return tooLarge(max);
    if (signature === null || timestamp === null || !(await verifyKey(body, signature, timestamp, o.publicKey)))
      return new Response('invalid request signature', { status: 401 });
    let interaction: Interaction;
    try {
      interaction = JSON.parse(body) as Interaction;
    } catch {
      return new Response('bad JSON', { status: 400 });
    }
    if (interaction.type === InteractionType.PING) return json({ type: ResponseType.PONG });
    // The user's own language (Discord sends their locale): private answers; channel lines use the channel's.
    const lang: Lang = interaction.locale?.startsWith('de') ? 'de' : 'en';
    const followUp =
      o.followUp ??
      (async (app: string, token: string, body: unknown) => {
        await fetch(`https://discord.com/api/v10/webhooks/${app}/${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      });
    /** The answer; the mover's hidden part as an ephemeral follow-up. */
    const answer = async (reply: Reply, page = 0, update = false): Promise<Response> => {
      const roomLang = room === undefined ? lang : await o.game.langOf(room, lang);
      if (reply.ack !== undefined && interaction.application_id !== undefined && interaction.token !== undefined)
        await followUp(interaction.application_id, interaction.token, {
          content: reply.ack.slice(0, 2000),
          flags: EPHEMERAL,
        });
      const m = message(reply, lang, roomLang, page);
      return json(update ? { ...m, type: ResponseType.UPDATE_MESSAGE } : m);
    };
    const user = interaction.member?.user ?? interaction.user;
    const room = interaction.channel_id;
    if (user === undefined || room === undefined) return json(message({ private: 'no channel or user' }, lang, lang));
    const name = interaction.member?.nick ?? user.global_name ?? user.username;

    if (interaction.type === InteractionType.MESSAGE_COMPONENT) {
      const id = interaction.data?.custom_id ?? '';
      if (id === 'hand') return answer(await o.game.hand(room, user.id, lang));
      // Another page of the move buttons: the same private message, updated.
      const pg = /^pg:(\d+)$/.exec(id);
      if (pg !== null) return answer(await o.game.hand(room, user.id, lang), Number(pg[1]), true);
      const m = /^mv:(\d+):(\d+)$/.exec(id);
      if (m !== null) return answer(await o.game.pick(room, user.id, Number(m[1]), Number(m[2]), lang));
      return answer({ private: `unknown button ${id}` });
    }
    if (interaction.type !== InteractionType.APPLICATION_COMMAND) return answer({ private: 'unsupported interaction' });

    // `/schafkopf <sub>` or the top-level `/join`, `/play`.
    const top = interaction.data?.name ?? '';
    const sub =
      top === COMMAND ? interaction.data?.options?.[0] : { name: top, type: 1, options: interaction.data?.options };
    const opt = (n: string) => sub?.options?.find((x) => x.name === n)?.value;
    let reply: Reply;
    switch (sub?.name) {
      case 'new':
        reply = await o.game.create(room, opt('variant') === undefined ? undefined : String(opt('variant')), lang);
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
      case 'leave':
        reply = await o.game.leave(room, user.id, name, lang);
        break;
      case 'lang': {
        const l: Lang = String(opt('lang') ?? '').startsWith('de') ? 'de' : 'en';
        await o.game.setLang(room, l);
        reply = { public: l === 'de' ? 'Ab jetzt auf Deutsch.' : 'English from now on.' };
        break;
      }
      default:
        reply = { private: `unknown command ${sub?.name ?? top}` };
    }
    return answer(reply);
  };
}

const json = (body: unknown): Response =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * One response message: a private reply (a hand, an error) is ephemeral with the move buttons; a public one goes
 * to the channel with a "hand" button so the next player can look at their cards.
 */
function message(reply: Reply, lang: Lang, roomLang: Lang, page = 0) {
  const handButton: Button = {
    type: 2,
    style: 2,
    label: roomLang === 'de' ? 'Meine Karten' : 'My hand',
    custom_id: 'hand',
  };
  if (reply.private !== undefined) {
    // At most 5 rows of 5 buttons: 20 moves a page and a row to turn pages, so every move has a button.
    const moves = reply.moves ?? [];
    const pages = Math.max(1, Math.ceil(moves.length / MOVES_PER_PAGE));
    const at = Math.min(page, pages - 1);
    const buttons: Button[] = moves
      .slice(at * MOVES_PER_PAGE, (at + 1) * MOVES_PER_PAGE)
      .map((m) => ({ type: 2, style: 1, label: m.label.slice(0, 80), custom_id: `mv:${m.index}:${m.version}` }));
    const nav: Button[] =
      pages > 1
        ? [
            ...(at > 0
              ? [
                  {
                    type: 2 as const,
                    style: 2 as const,
                    label: lang === 'de' ? '◀ zurück' : '◀ back',
                    custom_id: `pg:${at - 1}`,
                  },
                ]
              : []),
            ...(at < pages - 1
              ? [
                  {
                    type: 2 as const,
                    style: 2 as const,
                    label: lang === 'de' ? `mehr ▶ (${at + 2}/${pages})` : `more ▶ (${at + 2}/${pages})`,
                    custom_id: `pg:${at + 1}`,
                  },
                ]
              : []),
          ]
        : [];
    return {
      type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
      data: {
        content: reply.private.slice(0, 2000),
        flags: EPHEMERAL,
        components: [...rows(buttons), ...(nav.length > 0 ? [{ type: 1 as const, components: nav }] : [])],
      },
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
