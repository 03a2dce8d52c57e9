import IRC, { type MessageEvent } from 'irc-framework';
import { type Lang, type SeqEvent, type StammtischClient, TableSocket, type TableView } from '../../sdk/index.js';
import { type RenderableEvent, renderEvent } from '../../engine/text/index.js';
import { ChatGame, type KeyValue, MemoryKeyValue, type Reply, channelWorthy, movePages } from '../core/game.js';
import type { TextPort } from '../core/text.js';
import { type Clock, LinePacer, systemClock } from './pacer.js';

export interface IrcBotOptions {
  readonly host: string;
  readonly port: number;
  readonly nick?: string;
  readonly channels: readonly string[];
  readonly api: StammtischClient;
  /** The WebSocket URL (`ws://…/ws`): the bot follows each table live to announce moves and prompt players. */
  readonly wsUrl: string;
  readonly text?: TextPort;
  readonly store?: KeyValue;
  /** Least time between two lines the bot sends (default 350 ms: ngircd's default flood control never holds it). */
  readonly lineGapMs?: number;
  /** How often the bot pings each table's socket, and reconnects it (resync from the last seq) when no pong comes. */
  readonly heartbeatMs?: number;
  /** How long a ping may go unanswered before the socket counts as dead. */
  readonly pingTimeoutMs?: number;
  /** Reconnect to the IRC server when the connection drops (irc-framework's auto reconnect); default on. */
  readonly reconnect?: { readonly maxWaitMs?: number; readonly maxRetries?: number };
  readonly clock?: Clock;
}

type Cmd = 'new' | 'join' | 'leave' | 'bots' | 'play' | 'hand' | 'more' | 'status' | 'lang' | 'help';

/** Commands in both languages; the German word also sets the writer's language to German, the English to English. */
const COMMANDS: Record<string, { cmd: Cmd; lang?: Lang }> = {
  '!new': { cmd: 'new', lang: 'en' },
  '!neu': { cmd: 'new', lang: 'de' },
  '!join': { cmd: 'join', lang: 'en' },
  '!mitspielen': { cmd: 'join', lang: 'de' },
  '!leave': { cmd: 'leave', lang: 'en' },
  '!aufstehen': { cmd: 'leave', lang: 'de' },
  '!bots': { cmd: 'bots' },
  '!play': { cmd: 'play', lang: 'en' },
  '!spiel': { cmd: 'play', lang: 'de' },
  '!hand': { cmd: 'hand', lang: 'en' },
  '!blatt': { cmd: 'hand', lang: 'de' },
  '!more': { cmd: 'more', lang: 'en' },
  '!mehr': { cmd: 'more', lang: 'de' },
  '!status': { cmd: 'status' },
  '!lang': { cmd: 'lang' },
  '!help': { cmd: 'help', lang: 'en' },
  '!hilfe': { cmd: 'help', lang: 'de' },
};

/** Words a private message may be instead of a move. */
const PRIVATE: Record<string, { cmd: Cmd; lang?: Lang }> = {
  more: { cmd: 'more', lang: 'en' },
  mehr: { cmd: 'more', lang: 'de' },
  next: { cmd: 'more', lang: 'en' },
  weiter_liste: { cmd: 'more', lang: 'de' },
  hand: { cmd: 'hand', lang: 'en' },
  blatt: { cmd: 'hand', lang: 'de' },
};

interface RoomState {
  /** Seat → nick of the humans seated through this bot. */
  readonly seats: Map<number, string>;
  socket?: TableSocket;
  heartbeat?: unknown;
  /** Per seat: what the last prompt listed (a new prompt goes out only when it changes). */
  readonly prompted: Map<number, string>;
  /** Display names by seat (refreshed when seats change). */
  names?: string[];
  /** Events render one after another, in seq order. */
  chain: Promise<void>;
}

const say = (lang: Lang, de: string, en: string): string => (lang === 'de' ? de : en);

/**
 * The IRC bot: a channel runs a table. Channel commands start it, seat players and fill it with bots; the bot
 * follows the table over the SDK's WebSocket as a spectator and tells the channel, in the channel's language, what a
 * spectator sees (never a hidden card); each player gets their hand and numbered moves by private message when
 * something changed for them, in pages that fit an IRC line (`mehr`/`more` for the next). A private message to the
 * bot is a move (`EO`, `Eichel Ober`, `weiter`, a move number). Output is paced under the server's flood control.
 */
export class IrcBot {
  readonly #irc: InstanceType<typeof IRC.Client>;
  readonly #game: ChatGame;
  readonly #pacer: LinePacer;
  readonly #clock: Clock;
  /** Per nick: the language they write in and the channel (room) of their table. */
  readonly #players = new Map<string, { lang: Lang; room: string }>();
  readonly #rooms = new Map<string, RoomState>();
  /** Per nick: the pages of the moves last listed and the next page to send. */
  readonly #pages = new Map<string, { pages: string[]; next: number }>();
  #stopped = false;

  constructor(private readonly o: IrcBotOptions) {
    this.#clock = o.clock ?? systemClock;
    this.#irc = new IRC.Client({
      // Lines are cut by the pacer (in bytes); irc-framework must not split them again.
      message_max_length: 400,
    });
    this.#game = new ChatGame({
      client: o.api,
      store: o.store ?? new MemoryKeyValue(),
      ...(o.text ? { text: o.text } : {}),
    });
    this.#pacer = new LinePacer((target, line) => this.#irc.say(target, line), {
      ...(o.lineGapMs !== undefined ? { gapMs: o.lineGapMs } : {}),
      clock: this.#clock,
    });
  }

  /** Lines sent so far (each within the flood budget). */
  get linesSent(): number {
    return this.#pacer.sent;
  }

  /** Connect, join the channels, and resolve once registered. After a reconnect the channels are joined again. */
  start(): Promise<void> {
    return new Promise((resolve) => {
      this.#irc.on('registered', () => {
        for (const c of this.o.channels) this.#irc.join(c);
        // Tables that were running before (a restart, or the store kept them) are followed again.
        for (const c of this.o.channels) void this.#resume(c).catch(() => undefined);
        resolve();
      });
      this.#irc.on('privmsg', (e) => void this.#onMessage(e).catch((err: unknown) => this.#fail(e, err)));
      const reconnect = this.o.reconnect ?? {};
      // irc-framework reconnects a connection that was up (registered) for a while, with exponential back-off
      // (1 s, 2 s, 4 s … plus up to 6 s jitter) capped at `maxWaitMs`.
      this.#irc.connect({
        host: this.o.host,
        port: this.o.port,
        nick: this.o.nick ?? 'stammtisch',
        auto_reconnect: true,
        auto_reconnect_max_wait: reconnect.maxWaitMs ?? 60_000,
        auto_reconnect_max_retries: reconnect.maxRetries ?? 1000,
      });
    });
  }

  stop(): void {
    this.#stopped = true;
    for (const r of this.#rooms.values()) this.#unfollow(r);
    this.#pacer.clear();
    this.#irc.quit('Pfiat eich');
  }

  /** Ping every followed table now (the heartbeat does this on its own every `heartbeatMs`). */
  async heartbeat(): Promise<void> {
    await Promise.all([...this.#rooms.values()].map((r) => this.#beat(r)));
  }

  #fail(e: MessageEvent, err: unknown): void {
    const lang = this.#langOf(e.nick);
    this.#pacer.say(
      e.nick,
      say(lang, 'Fehler: ', 'error: ') + (err instanceof Error ? err.message : 'unknown').slice(0, 200),
      'urgent',
    );
  }

  #langOf(nick: string): Lang {
    return this.#players.get(nick)?.lang ?? 'en';
  }

  /** A direct answer: the channel part to the channel, the private part (and the mover's own move) to the user. */
  #show(room: string, nick: string, reply: Reply, opts: { announced?: boolean } = {}): void {
    // Moves reach the channel through the table feed (as a spectator sees them); other public lines go here.
    if (opts.announced !== true) this.#pacer.say(room, reply.public, 'urgent');
    // The mover hears their move back only when the channel saw less of it (a buried card).
    if (reply.ack !== undefined) {
      const lang = this.#langOf(nick);
      this.#pacer.say(nick, `${say(lang, 'Du', 'You')}: ${reply.ack}`, 'urgent');
    }
    if (reply.private !== undefined) this.#sayPrivate(nick, reply);
  }

  /** A private view: its text, then the first page of moves (`mehr` for the next). */
  #sayPrivate(nick: string, reply: Reply, urgent: 'urgent' | 'normal' = 'urgent'): void {
    const lang = this.#langOf(nick);
    const [head = ''] = (reply.private ?? '').split(/\n(?=(?:Züge|Moves): )/);
    this.#pacer.say(nick, compact(head), urgent);
    const labels = (reply.moves ?? []).map((m) => m.label);
    if (labels.length === 0) return;
    this.#pages.set(nick, { pages: movePages(labels), next: 0 });
    this.#sendPage(nick, lang, urgent);
  }

  #sendPage(nick: string, lang: Lang, urgent: 'urgent' | 'normal'): void {
    const p = this.#pages.get(nick);
    if (p === undefined || p.pages.length === 0)
      return this.#pacer.say(nick, say(lang, 'Keine Züge gerade.', 'No moves right now.'), urgent);
    const i = p.next % p.pages.length;
    p.next = i + 1;
    const of = p.pages.length > 1 ? ` (${i + 1}/${p.pages.length})` : '';
    const more =
      p.pages.length > 1
        ? i + 1 < p.pages.length
          ? say(lang, ' — mehr: mehr', ' — more: more')
          : say(lang, ' — von vorn: mehr', ' — again: more')
        : '';
    this.#pacer.say(nick, `${say(lang, 'Züge', 'Moves')}${of}: ${p.pages[i] ?? ''}${more}`, urgent);
  }

  async #onMessage(e: MessageEvent): Promise<void> {
    if (e.target.startsWith('#')) return this.#onChannel(e);
    // A private message is a move (or `hand`, `more`) at the player's table.
    const p = this.#players.get(e.nick);
    const text = e.message.trim();
    if (p === undefined)
      return this.#pacer.say(
        e.nick,
        'Join a table in a channel first: !join · Setz dich erst in einem Kanal an einen Tisch: !mitspielen',
        'urgent',
      );
    const word = PRIVATE[text.toLowerCase().replace(/^!/, '')] ?? COMMANDS[text.toLowerCase()];
    if (word?.cmd === 'more') return this.#sendPage(e.nick, p.lang, 'urgent');
    if (word?.cmd === 'hand') return this.#show(p.room, e.nick, await this.#game.hand(p.room, e.nick, p.lang));
    const reply = await this.#game.command(p.room, e.nick, text, p.lang);
    this.#show(p.room, e.nick, reply, { announced: true });
  }

  async #onChannel(e: MessageEvent): Promise<void> {
    const [word = '', ...rest] = e.message.trim().split(/\s+/);
    const c = COMMANDS[word.toLowerCase()];
    if (c === undefined) return;
    const room = e.target;
    if (c.lang !== undefined)
      this.#players.set(e.nick, { lang: c.lang, room: this.#players.get(e.nick)?.room ?? room });
    const lang = this.#langOf(e.nick);
    switch (c.cmd) {
      case 'new': {
        const old = this.#rooms.get(room);
        if (old !== undefined) this.#unfollow(old);
        const reply = await this.#game.create(room, rest[0], lang);
        this.#rooms.set(room, newRoom());
        this.#show(room, e.nick, reply);
        await this.#follow(room, 0);
        return;
      }
      case 'join': {
        const reply = await this.#game.join(room, e.nick, e.nick, lang);
        const seat = await this.#game.seatOf(room, e.nick);
        const state = this.#rooms.get(room);
        if (seat !== undefined && state !== undefined) {
          state.seats.set(seat.seat, e.nick);
          state.prompted.delete(seat.seat);
          state.names = undefined;
          this.#players.set(e.nick, { lang, room });
        }
        this.#show(room, e.nick, reply);
        // Back at a running deal: the hand and moves straight away.
        if (seat !== undefined && state?.socket !== undefined) await this.#promptSeat(room, seat.seat);
        return;
      }
      case 'leave': {
        const seat = await this.#game.seatOf(room, e.nick);
        const reply = await this.#game.leave(room, e.nick, e.nick, lang);
        const state = this.#rooms.get(room);
        if (seat !== undefined && state !== undefined) {
          state.seats.delete(seat.seat);
          state.prompted.delete(seat.seat);
          state.names = undefined;
        }
        this.#pages.delete(e.nick);
        return this.#show(room, e.nick, reply);
      }
      case 'bots': {
        const state = this.#rooms.get(room);
        if (state !== undefined) state.names = undefined;
        return this.#show(room, e.nick, await this.#game.fillBots(room, lang));
      }
      case 'play':
        return this.#show(room, e.nick, await this.#game.command(room, e.nick, rest.join(' '), lang), {
          announced: true,
        });
      case 'hand':
        return this.#show(room, e.nick, await this.#game.hand(room, e.nick, lang));
      case 'more':
        return this.#sendPage(e.nick, lang, 'urgent');
      case 'status':
        return this.#show(room, e.nick, await this.#game.status(room, lang));
      case 'lang': {
        const l: Lang = rest[0] === 'de' ? 'de' : 'en';
        this.#players.set(e.nick, { lang: l, room: this.#players.get(e.nick)?.room ?? room });
        // `!lang de` in the channel sets the channel's language too.
        await this.#game.setLang(room, l);
        return this.#pacer.say(room, l === 'de' ? 'Ab jetzt auf Deutsch.' : 'English from now on.', 'urgent');
      }
      case 'help':
        return this.#pacer.say(
          e.nick,
          say(
            lang,
            '!neu [schafkopf|sheepshead|saukopf|mehrkopf] · !mitspielen · !bots · !aufstehen · !blatt · !mehr · !status · !lang de|en — Züge per Privatnachricht: EO, Eichel Ober, weiter, 3',
            '!new [schafkopf|sheepshead|saukopf|mehrkopf] · !join · !bots · !leave · !hand · !more · !status · !lang de|en — moves by private message: QC, queen of clubs, pass, 3',
          ),
          'urgent',
        );
    }
  }

  /** After a restart: a table the store still holds for the channel is followed from where it stands now. */
  async #resume(room: string): Promise<void> {
    if (this.#rooms.get(room)?.socket !== undefined) return;
    const r = await this.#game.room(room);
    if (r === undefined) return;
    const { version } = await this.o.api.as(undefined).view(r.tableId);
    if (!this.#rooms.has(room)) this.#rooms.set(room, newRoom());
    await this.#follow(room, version);
  }

  /** Follow the room's table live as a spectator: announce what a spectator sees, prompt the players to act. */
  async #follow(room: string, after: number): Promise<void> {
    const r = await this.#game.room(room);
    const state = this.#rooms.get(room);
    if (r === undefined || state === undefined) return;
    let latest: { view: TableView; version: number } | undefined;
    let prompts = Promise.resolve();
    state.socket = await TableSocket.connect({
      wsUrl: this.o.wsUrl,
      tableId: r.tableId,
      // No token: the channel is an audience like any spectator, and sees what a spectator sees.
      after,
      onEvent: (e) => {
        state.chain = state.chain.then(() => this.#announce(room, state, e)).catch(() => undefined);
      },
      onView: (view, version) => {
        latest = { view, version };
        // Prompts go out one after another, each for the newest view, after the events before it are announced.
        prompts = prompts
          .then(() => state.chain)
          .then(() => (latest ? this.#prompt(room, latest.view) : undefined))
          .catch(() => undefined);
      },
    });
    const every = this.o.heartbeatMs ?? 60_000;
    const tick = (): void => {
      state.heartbeat = this.#clock.setTimeout(() => {
        void this.#beat(state).finally(() => {
          if (!this.#stopped && state.socket !== undefined) tick();
        });
      }, every);
    };
    tick();
  }

  #unfollow(state: RoomState): void {
    if (state.heartbeat !== undefined) this.#clock.clearTimeout(state.heartbeat);
    state.heartbeat = undefined;
    state.socket?.close();
    state.socket = undefined;
  }

  /** Ping the table's socket; no pong in time → reconnect, which resubscribes after the last seq held. */
  async #beat(state: RoomState): Promise<void> {
    const socket = state.socket;
    if (socket === undefined) return;
    const timeout = this.o.pingTimeoutMs ?? 10_000;
    let timer: unknown;
    const alive = await Promise.race([
      socket.request({ action: 'ping' }).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => (timer = this.#clock.setTimeout(() => resolve(false), timeout))),
    ]);
    this.#clock.clearTimeout(timer);
    if (!alive && !this.#stopped) await socket.reconnect().catch(() => undefined);
  }

  async #announce(room: string, state: RoomState, e: SeqEvent): Promise<void> {
    const event = e.event as RenderableEvent & { note?: { type: string } };
    // Anything but a move may change who sits where: names are read again.
    if (!['ActionTaken', 'DealNoted', 'DealEnded'].includes(event.type)) state.names = undefined;
    if (!channelWorthy(event)) return;
    const r = await this.#game.room(room);
    if (r === undefined) return;
    state.names ??= await this.#game.names(room);
    this.#pacer.say(room, renderEvent(event, r.lang ?? 'en', state.names, { variant: r.variant }), 'merge');
  }

  async #prompt(room: string, view: TableView): Promise<void> {
    const state = this.#rooms.get(room);
    if (state === undefined || view.deal === null) return;
    for (const seat of view.deal.toAct) await this.#promptSeat(room, seat);
  }

  /** Send a seated player their hand and moves, unless they were already shown exactly these moves. */
  async #promptSeat(room: string, seat: number): Promise<void> {
    const state = this.#rooms.get(room);
    const nick = state?.seats.get(seat);
    if (state === undefined || nick === undefined) return;
    const lang = this.#langOf(nick);
    const hand = await this.#game.hand(room, nick, lang);
    const moves = hand.moves ?? [];
    if (moves.length === 0) return;
    const key = `${hand.turn ?? ''}|${moves.map((m) => m.label).join('|')}`;
    if (state.prompted.get(seat) === key) return;
    state.prompted.set(seat, key);
    this.#sayPrivate(
      nick,
      { ...hand, private: `${say(lang, 'Du bist dran', 'Your turn')} · ${hand.private ?? ''}` },
      'normal',
    );
  }
}

function newRoom(): RoomState {
  return { seats: new Map(), prompted: new Map(), chain: Promise.resolve() };
}

/** A multi-line view as one IRC line: the lines that matter on a turn, joined (totals and the header left out). */
function compact(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const keep = lines.filter((l, i) => !(i > 0 && /^(Stand|Totals):/.test(l)) && !/^(Du bist dran|Your turn): /.test(l));
  return keep.join(' · ');
}
