import {
  type Action,
  type Lang,
  type SeqEvent,
  type StammtischClient,
  StammtischError,
  type TableView,
} from '../../sdk/index.js';
import { DEFAULT_VARIANT, getVariant } from '../../engine/index.js';
import { type RenderableEvent, renderEvent } from '../../engine/text/index.js';
import { type TextPort, actionLabel, autoText } from './text.js';

/** Where an adapter keeps which channel runs which table and which user holds which seat token. */
export interface KeyValue {
  get(key: string): Promise<string | undefined>;
  put(key: string, value: string): Promise<void>;
}

export class MemoryKeyValue implements KeyValue {
  readonly #m = new Map<string, string>();
  async get(key: string): Promise<string | undefined> {
    return this.#m.get(key);
  }
  async put(key: string, value: string): Promise<void> {
    this.#m.set(key, value);
  }
}

interface Room {
  readonly tableId: string;
  readonly organiserKey: string;
  readonly variant: string;
  /** The channel's language (the one the table was started in, or set later): channel lines are written in it. */
  readonly lang?: Lang;
}
interface SeatRecord {
  readonly tableId: string;
  readonly seat: number;
  readonly token: string;
}

/** A legal move as a button: its label and its index in the view's legal actions at `version`. */
export interface Move {
  readonly label: string;
  readonly index: number;
  readonly version: number;
}

/** What an adapter shows: a line for the channel, and a message only the caller sees (a hand, an error). */
export interface Reply {
  readonly public?: string;
  readonly private?: string;
  /** The mover's own move as they wrote it, when it holds what the channel may not see (a buried card). */
  readonly ack?: string;
  /** The caller's legal moves (buttons), when it is their turn. */
  readonly moves?: readonly Move[];
  /** With moves: the deal and the caller's hand they are for (a prompt is new when these or the moves change). */
  readonly turn?: string;
}

export interface ChatGameOptions {
  readonly client: StammtischClient;
  readonly store: KeyValue;
  readonly text?: TextPort;
}

/**
 * The game side every chat adapter shares, over the SDK only: a room (a channel) runs one table; users join seats
 * and act by typed commands or by move buttons. Platform adapters translate their requests into these calls and
 * the {@link Reply} into their message shapes.
 */
export class ChatGame {
  readonly text: TextPort;
  constructor(private readonly o: ChatGameOptions) {
    this.text = o.text ?? autoText;
  }

  async room(room: string): Promise<Room | undefined> {
    const raw = await this.o.store.get(`room:${room}`);
    return raw === undefined ? undefined : (JSON.parse(raw) as Room);
  }

  /** The language channel lines of `room` are written in (`fallback` when the room has none). */
  async langOf(room: string, fallback: Lang): Promise<Lang> {
    return (await this.room(room))?.lang ?? fallback;
  }

  /** Set the channel's language (`!lang de` in the channel). */
  async setLang(room: string, lang: Lang): Promise<void> {
    const r = await this.room(room);
    if (r !== undefined) await this.o.store.put(`room:${room}`, JSON.stringify({ ...r, lang } satisfies Room));
  }

  async seatOf(room: string, user: string): Promise<SeatRecord | undefined> {
    const raw = await this.o.store.get(`seat:${room}:${user}`);
    // An empty record is a seat left (the store has no delete).
    const rec = raw === undefined || raw === '' ? undefined : (JSON.parse(raw) as SeatRecord);
    const current = await this.room(room);
    return rec !== undefined && current?.tableId === rec.tableId ? rec : undefined;
  }

  /** A new table for the room: the `named` variant (default: the catalogue's first) at its usual seats (engine/registry.ts). */
  async create(room: string, named: string | undefined, lang: Lang): Promise<Reply> {
    const variant = named ?? DEFAULT_VARIANT.id;
    const known = getVariant(variant);
    const seats = known === undefined ? undefined : (known.usualSeats ?? known.tableSeats.min);
    if (seats === undefined) return { private: say(lang, `Unbekanntes Spiel: ${variant}`, `Unknown game: ${variant}`) };
    const t = await this.o.client.createTable({ variant, seats });
    await this.o.store.put(
      `room:${room}`,
      JSON.stringify({ tableId: t.tableId, organiserKey: t.organiserKey, variant, lang } satisfies Room),
    );
    return {
      public: say(
        lang,
        `Neuer ${variant}-Tisch ${t.tableId} mit ${seats} Plätzen. Mitspielen mit join, Rest mit Bots auffüllen mit bots.`,
        `New ${variant} table ${t.tableId} with ${seats} seats. Use join to sit down, bots to fill the rest.`,
      ),
    };
  }

  async join(room: string, user: string, name: string, lang: Lang): Promise<Reply> {
    const r = await this.room(room);
    if (r === undefined) return noTable(lang);
    const existing = await this.seatOf(room, user);
    if (existing !== undefined)
      return {
        private: say(lang, `Du sitzt schon auf Platz ${existing.seat}.`, `You already sit on seat ${existing.seat}.`),
      };
    try {
      // Back at the table after leaving it: the old seat when it is still open, else any open seat.
      const old = await this.o.store.get(`left:${room}:${user}`);
      const was = old === undefined || old === '' ? undefined : (JSON.parse(old) as { tableId: string; seat: number });
      const body = { name: name.slice(0, 40) };
      const j =
        was !== undefined && was.tableId === r.tableId
          ? await this.o.client
              .join(r.tableId, { ...body, seat: was.seat })
              .catch(() => this.o.client.join(r.tableId, body))
          : await this.o.client.join(r.tableId, body);
      await this.o.store.put(
        `seat:${room}:${user}`,
        JSON.stringify({ tableId: r.tableId, seat: j.seat, token: j.seatToken }),
      );
      const cl = r.lang ?? lang;
      return { public: say(cl, `${name} sitzt auf Platz ${j.seat}.`, `${name} takes seat ${j.seat}.`) };
    } catch (e) {
      return { private: problemText(e, lang) };
    }
  }

  /** Stand up: the seat opens again (a running deal waits for someone to sit down); `join` later takes it back. */
  async leave(room: string, user: string, name: string, lang: Lang): Promise<Reply> {
    const r = await this.room(room);
    if (r === undefined) return noTable(lang);
    const s = await this.seatOf(room, user);
    if (s === undefined) return notSeated(lang);
    try {
      const out = await this.o.client.as(s.token).raw.DELETE('/v1/tables/{tableId}/seats/{seat}', {
        params: { path: { tableId: s.tableId, seat: s.seat } },
      });
      if (!out.response.ok && out.response.status !== 404)
        return { private: say(lang, `Geht nicht (${out.response.status}).`, `Refused (${out.response.status}).`) };
    } finally {
      await this.o.store.put(`seat:${room}:${user}`, '');
      await this.o.store.put(`left:${room}:${user}`, JSON.stringify({ tableId: s.tableId, seat: s.seat }));
    }
    const cl = r.lang ?? lang;
    return {
      public: say(
        cl,
        `${name} steht auf (Platz ${s.seat} ist frei; join setzt sich wieder hin).`,
        `${name} leaves seat ${s.seat} (join to sit down again).`,
      ),
    };
  }

  async fillBots(room: string, lang: Lang): Promise<Reply> {
    const r = await this.room(room);
    if (r === undefined) return noTable(lang);
    const organiser = this.o.client.as(r.organiserKey);
    const detail = await organiser.table(r.tableId);
    const open = detail.seats.filter((s) => s.kind === 'open').map((s) => s.seat);
    for (const seat of open) await organiser.addBot(r.tableId, seat);
    const cl = r.lang ?? lang;
    return { public: say(cl, `Bots auf Platz ${open.join(', ')}.`, `Bots on seat ${open.join(', ')}.`) };
  }

  /** A typed move (`EO`, `Eichel Ober`, `weiter`, a move number). */
  async command(room: string, user: string, text: string, lang: Lang): Promise<Reply> {
    const s = await this.seatOf(room, user);
    if (s === undefined) return notSeated(lang);
    const seat = this.o.client.as(s.token);
    // A move's number in the list the chat showed (`Moves: 1) …  2) …`) is the adapter's own shortcut.
    if (/^\d{1,3}$/.test(text.trim())) {
      const { view, version } = await seat.view(s.tableId);
      const index = Number(text.trim()) - 1;
      if (view.legalActions[index] !== undefined) return this.pick(room, user, index, version, lang);
    }
    try {
      const out = await this.text.command(seat, s.tableId, text, lang);
      if (!out.ok) return { private: out.text };
      // The caller sees what they did; the channel sees the move as a spectator does (no buried card).
      return await this.moveReply(room, out.events ?? [], out.text);
    } catch (e) {
      return { private: problemText(e, lang) };
    }
  }

  /** A move button: the index into the legal actions of the version the button was made for. */
  async pick(room: string, user: string, index: number, version: number, lang: Lang): Promise<Reply> {
    const s = await this.seatOf(room, user);
    if (s === undefined) return notSeated(lang);
    const seat = this.o.client.as(s.token);
    const current = await seat.view(s.tableId);
    const { view, version: now } = current;
    const action = view.legalActions[index];
    if (now !== version || action === undefined) {
      const current = await this.hand(room, user, lang);
      const stale = say(
        lang,
        'Der Knopf ist veraltet – hier dein aktuelles Blatt:',
        'That button is stale — your hand now:',
      );
      return { ...current, private: `${stale}\n${current.private ?? ''}` };
    }
    try {
      const out = await seat.act(s.tableId, action, { expectedVersion: version });
      return await this.moveReply(room, out.events, commandsOf(current, lang)?.[index] ?? actionLabel(action, lang));
    } catch (e) {
      return { private: problemText(e, lang) };
    }
  }

  /** The caller's own view (only they see it) with their legal moves. */
  async hand(room: string, user: string, lang: Lang): Promise<Reply> {
    const s = await this.seatOf(room, user);
    if (s === undefined) return notSeated(lang);
    const seat = this.o.client.as(s.token);
    const [text, out] = await Promise.all([this.text.render(seat, s.tableId, lang), seat.view(s.tableId)]);
    const { view, version } = out;
    // The server's own commands for the legal actions (index for index) when it sends them; else short labels.
    const moves = view.legalActions.map((a, index) => ({
      label: commandsOf(out, lang)?.[index] ?? actionLabel(a, lang),
      index,
      version,
    }));
    const list = moves.map((m) => `${m.index + 1}) ${m.label}`).join('  ');
    const line = moves.length > 0 ? `\n${say(lang, 'Züge', 'Moves')}: ${list}` : '';
    const held = view.deal?.hands.find((h) => h !== null)?.length ?? 0;
    return { private: text + line, moves, turn: `${view.deal?.no ?? 0}/${held}` };
  }

  /** The table as everyone may see it (for the channel): a spectator's view, in the channel's language. */
  async status(room: string, lang: Lang): Promise<Reply> {
    const r = await this.room(room);
    if (r === undefined) return noTable(lang);
    return { public: await this.text.render(this.o.client.as(undefined), r.tableId, r.lang ?? lang) };
  }

  /**
   * Events as the channel sees them: fetched again as a spectator (no token), so a hidden part of a move (buried
   * cards, a Trog, a Hochzeit hand-over) is left out exactly as the server leaves it out for any onlooker, and
   * written one line each in the channel's language with the seats' names. `hidden`: the spectator saw less of a
   * move than `events` (the mover's own) hold.
   */
  async channelLines(room: string, events: readonly SeqEvent[]): Promise<{ lines: string[]; hidden: boolean }> {
    const r = await this.room(room);
    if (r === undefined || events.length === 0) return { lines: [], hidden: false };
    const seqs = events.map((e) => e.seq);
    const first = Math.min(...seqs);
    const last = Math.max(...seqs);
    const page = await this.o.client.as(undefined).events(r.tableId, first - 1, last - first + 1);
    const seen = page.events.filter((e) => e.seq <= last);
    const own = new Map(events.map((e) => [e.seq, JSON.stringify(e.event)]));
    const hidden = seen.some((e) => own.has(e.seq) && own.get(e.seq) !== JSON.stringify(e.event));
    const names = await this.names(room);
    const lines = seen
      .filter((e) => channelWorthy(e.event))
      .map((e) => renderEvent(e.event as RenderableEvent, r.lang ?? 'en', names, { variant: r.variant }));
    return { lines, hidden };
  }

  /** A move's answer: the channel's lines, and the mover's own words back only when the channel saw less. */
  async moveReply(room: string, events: readonly SeqEvent[], own: string): Promise<Reply> {
    const { lines, hidden } = await this.channelLines(room, events);
    return { ...(lines.length > 0 ? { public: lines.join('\n') } : {}), ...(hidden ? { ack: own } : {}) };
  }

  /** Display names by seat: the name a player sat down with, `Bot n` for a bot. */
  async names(room: string): Promise<string[]> {
    const r = await this.room(room);
    if (r === undefined) return [];
    const detail = await this.o.client.table(r.tableId);
    return detail.seats.map((s) => s.name ?? (s.kind === 'bot' ? `Bot ${s.seat}` : `#${s.seat}`));
  }

  /** The organiser's JSON view (whose turn it is, the result) for adapters that push. */
  async organiserView(room: string): Promise<{ view: TableView; version: number } | undefined> {
    const r = await this.room(room);
    if (r === undefined) return undefined;
    const { view, version } = await this.o.client.as(r.organiserKey).view(r.tableId);
    return { view, version };
  }
}

export type { Action };

const say = (lang: Lang, de: string, en: string): string => (lang === 'de' ? de : en);

/** What a channel is told of: moves, the game, tricks, results (not the deal's bookkeeping). */
export function channelWorthy(event: { readonly type: string; readonly note?: { readonly type: string } }): boolean {
  if (event.type === 'ActionTaken' || event.type === 'DealEnded' || event.type === 'DealStarted') return true;
  if (event.type !== 'DealNoted') return false;
  return event.note?.type !== 'CardsDealt' && event.note?.type !== 'DealOver';
}

/**
 * The numbered moves cut into pages of at most `max` characters (`1) EO  2) GO …`), never inside a move: an IRC line
 * holds about 400, and every move must stay reachable (the next page on request).
 */
export function movePages(labels: readonly string[], max = 300): string[] {
  const pages: string[] = [];
  let page = '';
  labels.forEach((label, i) => {
    const item = `${i + 1}) ${label}`.slice(0, max);
    if (page !== '' && page.length + 2 + item.length > max) {
      pages.push(page);
      page = '';
    }
    page = page === '' ? item : `${page}  ${item}`;
  });
  if (page !== '') pages.push(page);
  return pages;
}

/** The legal actions as the server writes them as commands (`commands.de`/`.en` of the view), when it does. */
const commandsOf = (out: unknown, lang: Lang): readonly string[] | undefined =>
  (out as { commands?: Partial<Record<Lang, readonly string[]>> }).commands?.[lang];
const noTable = (lang: Lang): Reply => ({
  private: say(lang, 'Hier läuft kein Tisch – starte einen mit new.', 'No table here — start one with new.'),
});
const notSeated = (lang: Lang): Reply => ({
  private: say(lang, 'Du sitzt nicht am Tisch – join zum Mitspielen.', 'You have no seat here — use join.'),
});

function problemText(e: unknown, lang: Lang): string {
  if (e instanceof StammtischError) return say(lang, `Geht nicht: ${e.problem.detail}`, `Refused: ${e.problem.detail}`);
  throw e;
}
