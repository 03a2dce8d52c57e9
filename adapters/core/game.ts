import { type Action, type Lang, type StammtischClient, StammtischError, type TableView } from '../../sdk/index.js';
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
  /** The caller's legal moves (buttons), when it is their turn. */
  readonly moves?: readonly Move[];
}

export interface ChatGameOptions {
  readonly client: StammtischClient;
  readonly store: KeyValue;
  readonly text?: TextPort;
}

const VARIANT_SEATS: Record<string, number> = { schafkopf: 4, sheepshead: 5, saukopf: 4, mehrkopf: 4 };

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

  async seatOf(room: string, user: string): Promise<SeatRecord | undefined> {
    const raw = await this.o.store.get(`seat:${room}:${user}`);
    const rec = raw === undefined ? undefined : (JSON.parse(raw) as SeatRecord);
    const current = await this.room(room);
    return rec !== undefined && current?.tableId === rec.tableId ? rec : undefined;
  }

  async create(room: string, variant: string, lang: Lang): Promise<Reply> {
    const seats = VARIANT_SEATS[variant];
    if (seats === undefined) return { private: say(lang, `Unbekanntes Spiel: ${variant}`, `Unknown game: ${variant}`) };
    const t = await this.o.client.createTable({ variant, seats });
    await this.o.store.put(
      `room:${room}`,
      JSON.stringify({ tableId: t.tableId, organiserKey: t.organiserKey, variant }),
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
      const j = await this.o.client.join(r.tableId, { name: name.slice(0, 40) });
      await this.o.store.put(
        `seat:${room}:${user}`,
        JSON.stringify({ tableId: r.tableId, seat: j.seat, token: j.seatToken }),
      );
      return { public: say(lang, `${name} sitzt auf Platz ${j.seat}.`, `${name} takes seat ${j.seat}.`) };
    } catch (e) {
      return { private: problemText(e, lang) };
    }
  }

  async fillBots(room: string, lang: Lang): Promise<Reply> {
    const r = await this.room(room);
    if (r === undefined) return noTable(lang);
    const organiser = this.o.client.as(r.organiserKey);
    const detail = await organiser.table(r.tableId);
    const open = detail.seats.filter((s) => s.kind === 'open').map((s) => s.seat);
    for (const seat of open) await organiser.addBot(r.tableId, seat);
    return { public: say(lang, `Bots auf Platz ${open.join(', ')}.`, `Bots on seat ${open.join(', ')}.`) };
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
      return { public: `${await this.nameOf(room, s.seat)}: ${out.text}` };
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
      await seat.act(s.tableId, action, { expectedVersion: version });
      return {
        public: `${await this.nameOf(room, s.seat)}: ${commandsOf(current, lang)?.[index] ?? actionLabel(action, lang)}`,
      };
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
    return { private: text + line, moves };
  }

  /** The table as everyone may see it (for the channel). */
  async status(room: string, lang: Lang): Promise<Reply> {
    const r = await this.room(room);
    if (r === undefined) return noTable(lang);
    return { public: await this.text.render(this.o.client.as(r.organiserKey), r.tableId, lang) };
  }

  /** The organiser's JSON view (whose turn it is, the result) for adapters that push. */
  async organiserView(room: string): Promise<{ view: TableView; version: number } | undefined> {
    const r = await this.room(room);
    if (r === undefined) return undefined;
    const { view, version } = await this.o.client.as(r.organiserKey).view(r.tableId);
    return { view, version };
  }

  async nameOf(room: string, seat: number): Promise<string> {
    const r = await this.room(room);
    if (r === undefined) return `#${seat}`;
    const detail = await this.o.client.table(r.tableId).catch(() => undefined);
    return detail?.seats[seat]?.name ?? `#${seat}`;
  }
}

export type { Action };

const say = (lang: Lang, de: string, en: string): string => (lang === 'de' ? de : en);

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
