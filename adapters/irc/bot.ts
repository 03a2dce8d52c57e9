import IRC, { type MessageEvent } from 'irc-framework';
import { type Lang, type StammtischClient, TableSocket, type TableView } from '../../sdk/index.js';
import { ChatGame, type KeyValue, MemoryKeyValue, type Reply } from '../core/game.js';
import { type TextPort, actionLabel } from '../core/text.js';

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
}

/** Commands in both languages: `!neu`/`!new`, `!mitspielen`/`!join`, `!spiel`/`!play`, `!blatt`/`!hand`. */
const COMMANDS: Record<string, { cmd: string; lang?: Lang }> = {
  '!new': { cmd: 'new', lang: 'en' },
  '!neu': { cmd: 'new', lang: 'de' },
  '!join': { cmd: 'join', lang: 'en' },
  '!mitspielen': { cmd: 'join', lang: 'de' },
  '!bots': { cmd: 'bots' },
  '!play': { cmd: 'play', lang: 'en' },
  '!spiel': { cmd: 'play', lang: 'de' },
  '!hand': { cmd: 'hand', lang: 'en' },
  '!blatt': { cmd: 'hand', lang: 'de' },
  '!status': { cmd: 'status' },
  '!lang': { cmd: 'lang' },
};

/**
 * The IRC bot: a channel runs a table. Channel commands start it, seat players and fill it with bots; the bot
 * follows the table over the SDK's WebSocket, announces every move in the channel and sends each player their hand
 * and moves by private message when it is their turn. A private message to the bot is a move (`EO`, `Eichel Ober`,
 * `weiter`, or a move number).
 */
export class IrcBot {
  readonly #irc = new IRC.Client();
  readonly #game: ChatGame;
  /** Per nick: the language they write in and the channel (room) of their table. */
  readonly #players = new Map<string, { lang: Lang; room: string }>();
  /** Per room: seat → nick of the humans, the socket, the last version a prompt went out for per seat. */
  readonly #rooms = new Map<
    string,
    { seats: Map<number, string>; socket?: TableSocket; prompted: Map<number, number> }
  >();

  constructor(private readonly o: IrcBotOptions) {
    this.#game = new ChatGame({
      client: o.api,
      store: o.store ?? new MemoryKeyValue(),
      ...(o.text ? { text: o.text } : {}),
    });
  }

  /** Connect, join the channels, and resolve once registered. */
  start(): Promise<void> {
    return new Promise((resolve) => {
      this.#irc.on('registered', () => {
        for (const c of this.o.channels) this.#irc.join(c);
        resolve();
      });
      this.#irc.on('privmsg', (e) => void this.#onMessage(e).catch((err: unknown) => this.#fail(e, err)));
      this.#irc.connect({
        host: this.o.host,
        port: this.o.port,
        nick: this.o.nick ?? 'stammtisch',
        auto_reconnect: false,
      });
    });
  }

  stop(): void {
    for (const r of this.#rooms.values()) r.socket?.close();
    this.#irc.quit('Pfiat eich');
  }

  #fail(e: MessageEvent, err: unknown): void {
    this.#irc.say(e.nick, `error: ${err instanceof Error ? err.message : 'unknown'}`);
  }

  #langOf(nick: string): Lang {
    return this.#players.get(nick)?.lang ?? 'en';
  }

  /** Send text line by line (IRC lines are short; a view has several). */
  #say(target: string, text: string | undefined): void {
    if (text === undefined) return;
    for (const line of text.split('\n')) if (line.trim() !== '') this.#irc.say(target, line.slice(0, 400));
  }

  #show(room: string, nick: string, reply: Reply): void {
    this.#say(room, reply.public);
    this.#say(nick, reply.private);
  }

  async #onMessage(e: MessageEvent): Promise<void> {
    const toChannel = e.target.startsWith('#');
    if (!toChannel) {
      // A private message is a move (or !hand) at the player's table.
      const p = this.#players.get(e.nick);
      if (p === undefined) return this.#say(e.nick, 'Join a table in a channel first: !join / !mitspielen');
      const text = e.message.trim();
      if (/^!(hand|blatt)$/.test(text))
        return this.#show(p.room, e.nick, await this.#game.hand(p.room, e.nick, p.lang));
      return this.#show(p.room, e.nick, await this.#game.command(p.room, e.nick, text, p.lang));
    }
    const [word = '', ...rest] = e.message.trim().split(/\s+/);
    const c = COMMANDS[word.toLowerCase()];
    if (c === undefined) return;
    const room = e.target;
    if (c.lang !== undefined)
      this.#players.set(e.nick, { lang: c.lang, room: this.#players.get(e.nick)?.room ?? room });
    const lang = this.#langOf(e.nick);
    switch (c.cmd) {
      case 'new': {
        this.#rooms.get(room)?.socket?.close();
        const reply = await this.#game.create(room, rest[0] ?? 'schafkopf', lang);
        this.#rooms.set(room, { seats: new Map(), prompted: new Map() });
        this.#show(room, e.nick, reply);
        await this.#follow(room);
        return;
      }
      case 'join': {
        const reply = await this.#game.join(room, e.nick, e.nick, lang);
        const seat = await this.#game.seatOf(room, e.nick);
        if (seat !== undefined) {
          this.#rooms.get(room)?.seats.set(seat.seat, e.nick);
          this.#players.set(e.nick, { lang, room });
        }
        return this.#show(room, e.nick, reply);
      }
      case 'bots':
        return this.#show(room, e.nick, await this.#game.fillBots(room, lang));
      case 'play':
        return this.#show(room, e.nick, await this.#game.command(room, e.nick, rest.join(' '), lang));
      case 'hand':
        return this.#show(room, e.nick, await this.#game.hand(room, e.nick, lang));
      case 'status':
        return this.#show(room, e.nick, await this.#game.status(room, lang));
      case 'lang': {
        const l: Lang = rest[0] === 'de' ? 'de' : 'en';
        this.#players.set(e.nick, { lang: l, room: this.#players.get(e.nick)?.room ?? room });
        return this.#say(e.nick, l === 'de' ? 'Ab jetzt auf Deutsch.' : 'English from now on.');
      }
    }
  }

  /** Follow the room's table live: announce moves and deal results, prompt the player(s) to act. */
  async #follow(room: string): Promise<void> {
    const r = await this.#game.room(room);
    const state = this.#rooms.get(room);
    if (r === undefined || state === undefined) return;
    let latest: { view: TableView; version: number } | undefined;
    let chain = Promise.resolve();
    state.socket = await TableSocket.connect({
      wsUrl: this.o.wsUrl,
      tableId: r.tableId,
      token: r.organiserKey,
      onEvent: ({ event }) => {
        if (event.type === 'ActionTaken' && !state.seats.has(event.seat))
          this.#say(room, `Bot ${event.seat}: ${actionLabel(event.action, 'en')}`);
        if (event.type === 'DealEnded')
          this.#say(
            room,
            `Deal ${event.deal} over · payout ${event.result.payout.join(' / ')} · totals ${event.totals.join(' / ')}`,
          );
      },
      onView: (view, version) => {
        latest = { view, version };
        // Prompts go out one after another, each for the newest view.
        chain = chain
          .then(() => (latest ? this.#prompt(room, latest.view, latest.version) : undefined))
          .catch(() => undefined);
      },
    });
  }

  async #prompt(room: string, view: TableView, version: number): Promise<void> {
    const state = this.#rooms.get(room);
    if (state === undefined || view.deal === null) return;
    for (const seat of view.deal.toAct) {
      const nick = state.seats.get(seat);
      if (nick === undefined || (state.prompted.get(seat) ?? -1) >= version) continue;
      state.prompted.set(seat, version);
      const lang = this.#langOf(nick);
      const hand = await this.#game.hand(room, nick, lang);
      if ((hand.moves ?? []).length === 0) continue;
      this.#say(nick, `${lang === 'de' ? 'Du bist dran' : 'Your turn'} (v${version})`);
      this.#say(nick, hand.private);
    }
  }
}
