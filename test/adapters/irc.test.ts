import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import IRC, { type Client as IrcClient } from 'irc-framework';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { IrcBot } from '../../adapters/irc/bot.js';
import { MemoryKeyValue } from '../../adapters/core/game.js';
import { createClient } from '../../sdk/index.js';

const hasNgircd = spawnSync('sh', ['-c', 'command -v ngircd']).status === 0;

/** An IRC server with a bot connected to it. */
interface Network {
  ircd: ChildProcess;
  readonly conf: string;
  readonly port: number;
  readonly bot: IrcBot;
  /** The bot's store: each channel's table and each seated nick's token. */
  readonly store: MemoryKeyValue;
}

let server: LocalServer;
/** ngircd with its default flood control: the bot has to pace itself (the Schafkopf deal measures it). */
let paced: Network;
/** ngircd without penalties, and a bot that does not pace (the Sheepshead deal and the restart; see below). */
let open: Network;
const clients: IrcClient[] = [];

const NAMES = {
  de: {
    suit: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schelln' },
    rank: { A: 'Sau', Z: 'Zehn', K: 'König', O: 'Ober', U: 'Unter', '9': 'Neun', '8': 'Acht', '7': 'Sieben' },
  },
  en: {
    suit: { E: 'clubs', G: 'spades', H: 'hearts', S: 'diamonds' },
    rank: { A: 'ace', Z: 'ten', K: 'king', O: 'queen', U: 'jack', '9': 'nine', '8': 'eight', '7': 'seven' },
  },
} as const;

/** A card id as a person types it: `Eichel Ober` in German, `queen of clubs` in English. */
function spoken(card: string, lang: 'de' | 'en'): string {
  const suit = NAMES[lang].suit[card[0] as keyof (typeof NAMES)['de']['suit']];
  const rank = NAMES[lang].rank[card.slice(1) as keyof (typeof NAMES)['de']['rank']];
  return lang === 'de' ? `${suit} ${rank}` : `${rank} of ${suit}`;
}

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

/**
 * Run ngircd in the foreground and resolve once it reports itself ready (its log, on stdout, says so after it bound
 * its port): a readiness signal, where polling the port a fixed number of times gave up too early on a busy machine.
 */
function spawnIrcd(conf: string): Promise<ChildProcess> {
  const ircd = spawn('ngircd', ['-n', '-f', conf], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let log = '';
    let ready = false;
    // Read the log for as long as ngircd runs (a full pipe would block it).
    ircd.stdout!.on('data', (chunk: Buffer) => {
      if (ready) return;
      log += chunk.toString('utf8');
      if (/Now listening on/.test(log) && /Server "[^"]*" .*ready\./.test(log)) {
        ready = true;
        resolve(ircd);
      }
    });
    ircd.once('exit', (code) => {
      if (!ready) reject(new Error(`ngircd exited (${code}) before it was ready:\n${log}`));
    });
  });
}

/** Start ngircd on a free port with `limits` in its [Limits] section. */
async function startIrcd(limits: readonly string[]): Promise<{ ircd: ChildProcess; conf: string; port: number }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ngircd-'));
  const conf = join(dir, 'ngircd.conf');
  writeFileSync(
    conf,
    [
      '[Global]',
      'Name = irc.stammtisch.test',
      'Info = Stammtisch test server',
      'Listen = 127.0.0.1',
      `Ports = ${port}`,
      '[Limits]',
      'MaxNickLength = 30',
      ...limits,
      '[Options]',
      'PAM = no',
      'Ident = no',
      'DNS = no',
      '',
    ].join('\n'),
  );
  return { ircd: await spawnIrcd(conf), conf, port };
}

async function connectBot(
  ircd: { ircd: ChildProcess; conf: string; port: number },
  channels: readonly string[],
  opts: { lineGapMs?: number; reconnectWaitMs?: number } = {},
): Promise<Network> {
  const store = new MemoryKeyValue();
  const bot = new IrcBot({
    host: '127.0.0.1',
    port: ircd.port,
    nick: 'stammtisch',
    channels,
    api: createClient({ baseUrl: server.url }),
    wsUrl: server.wsUrl,
    store,
    pingTimeoutMs: 300,
    ...(opts.lineGapMs !== undefined ? { lineGapMs: opts.lineGapMs } : {}),
    ...(opts.reconnectWaitMs !== undefined ? { reconnect: { maxWaitMs: opts.reconnectWaitMs } } : {}),
  });
  await bot.start();
  return { ...ircd, bot, store };
}

beforeAll(async () => {
  if (!hasNgircd) return;
  server = await startLocal({ port: 0 });
  // ngircd's default flood control (no [Limits] penalty settings): the bot has to pace itself.
  paced = await connectBot(await startIrcd([]), ['#schafkopf']);
  // The Sheepshead test proves privacy, leaving and sitting down again, and the resync; the restart test proves the
  // reconnect. Neither is about pacing (the Schafkopf deal proves that, on the paced server), and under the default
  // flood control both only waited: about 40 s, one bot line every 350 ms and the test's own clients held back. So
  // they run on a second ngircd with penalties off (`MaxPenaltyTime = 0`) and a bot that sends each line at once.
  // That bot registers here, before the Schafkopf deal: irc-framework reconnects only a connection registered for
  // more than 5 s. Its first reconnect waits only irc-framework's jitter (1–6 s), not the back-off's first second.
  open = await connectBot(await startIrcd(['MaxPenaltyTime = 0']), ['#sheepshead'], {
    lineGapMs: 0,
    reconnectWaitMs: 1,
  });
});

afterAll(async () => {
  for (const c of clients) c.quit('bye');
  paced?.bot.stop();
  open?.bot.stop();
  await server?.close();
  paced?.ircd.kill();
  open?.ircd.kill();
});

interface Player {
  readonly irc: IrcClient;
  readonly nick: string;
  /** Private lines from the bot. */
  readonly dms: string[];
  /** Channel lines (any sender). */
  readonly channel: string[];
  moves: number;
  /** What the player typed to the bot. */
  readonly typed: string[];
  /** Milliseconds from each thing the player typed to the bot's first answer (a private line or their move shown). */
  readonly latencies: number[];
  /** Full move lists the player gathered page by page, each with the seat's legal commands read when it was complete. */
  readonly lists: { gathered: string[]; legal: readonly string[] | undefined }[];
  /** Stop typing moves (the player walked away). */
  paused: boolean;
  say(target: string, text: string): void;
  /** The first channel line matching `re` (from line `from` on). */
  waitChannel(re: RegExp, from?: number): Promise<string>;
  waitDm(re: RegExp): Promise<string>;
}

/** The seat's legal commands as the server lists them now (the bot's store holds the seat token). */
async function legalNow(
  net: Network,
  channel: string,
  nick: string,
  lang: 'de' | 'en',
): Promise<readonly string[] | undefined> {
  const raw = await net.store.get(`seat:${channel}:${nick}`);
  if (raw === undefined || raw === '') return undefined;
  const rec = JSON.parse(raw) as { tableId: string; token: string };
  const out = await createClient({ baseUrl: server.url, token: rec.token }).view(rec.tableId);
  return (out as { commands?: Record<string, readonly string[]> }).commands?.[lang];
}

/**
 * A scripted player: joins the channel, and whenever the bot lists its moves, pages through the whole list (`mehr` /
 * `more`) and types one (a card by name, a word, or a number). It measures how long each answer took.
 */
async function player(net: Network, nick: string, channel: string, lang: 'de' | 'en'): Promise<Player> {
  const irc = new IRC.Client();
  clients.push(irc);
  const waiters: { re: RegExp; dm: boolean; resolve: (l: string) => void }[] = [];
  let sentAt: number | undefined;
  let gathered: string[] = [];
  const answered = (): void => {
    if (sentAt !== undefined) p.latencies.push(Date.now() - sentAt);
    sentAt = undefined;
  };
  const type = (text: string): void => {
    sentAt = Date.now();
    p.typed.push(text);
    irc.say('stammtisch', text);
  };
  onTestFailed(() => {
    console.log(`--- ${nick} channel:\n${p.channel.join('\n')}\n--- ${nick} private:\n${p.dms.join('\n')}`);
    console.log(`--- ${nick} typed: ${p.typed.join(' | ')}`);
  });
  const p: Player = {
    irc,
    nick,
    dms: [],
    channel: [],
    moves: 0,
    typed: [],
    latencies: [],
    lists: [],
    paused: false,
    say: (target, text) => irc.say(target, text),
    waitChannel: (re, from = 0) =>
      new Promise((resolve) => {
        const hit = p.channel.slice(from).find((l) => re.test(l));
        if (hit !== undefined) resolve(hit);
        else waiters.push({ re, dm: false, resolve });
      }),
    waitDm: (re) =>
      new Promise((resolve) => {
        const hit = p.dms.find((l) => re.test(l));
        if (hit !== undefined) resolve(hit);
        else waiters.push({ re, dm: true, resolve });
      }),
  };
  const wake = (line: string, dm: boolean): void => {
    for (const w of [...waiters])
      if (w.dm === dm && w.re.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
  };
  irc.on('privmsg', (e) => {
    if (e.target.startsWith('#')) {
      p.channel.push(e.message);
      // The player's own move shown in the channel answers what they typed.
      if (e.message.includes(`${nick}: `)) answered();
      wake(e.message, false);
      return;
    }
    if (e.nick !== 'stammtisch') return;
    p.dms.push(e.message);
    answered();
    wake(e.message, true);
    const moves = /^(?:Züge|Moves)(?: \((\d+)\/(\d+)\))?: (.*?)(?: — .*)?$/.exec(e.message);
    if (moves !== null) {
      const [, page, pages] = moves;
      if (page === undefined || page === '1') gathered = [];
      gathered.push(...[...moves[3]!.matchAll(/(\d+)\) (.+?)(?=\s{2}\d+\)|$)/g)].map((m) => m[2]!));
      // More pages: ask for the next one before choosing.
      if (page !== undefined && page !== pages) return type(lang === 'de' ? 'mehr' : 'more');
      const list = gathered;
      void legalNow(net, channel, nick, lang).then((legal) => {
        p.lists.push({ gathered: list, legal });
        if (p.paused) return;
        // In an auction, a Sauspiel when one is offered (far down a long list); else the first real move.
        const sau = list.findIndex((l) => /^Sauspiel /.test(l));
        const i =
          sau >= 0
            ? sau
            : Math.max(
                0,
                list.findIndex(
                  (o) =>
                    ![
                      'klopfen',
                      'knock',
                      'Kontra',
                      'kontra',
                      're',
                      'Re',
                      'crack',
                      're-crack',
                      'weiter',
                      'pass',
                    ].includes(o),
                ),
              );
        const label = list[i]!;
        const card = /^[EGHS](?:[AKOU987]|10)$/.exec(label) !== null;
        p.moves++;
        // Cards as people name them; other moves as the list writes them, or by number.
        type(card ? spoken(label.replace('10', 'Z'), lang) : p.moves % 3 === 0 ? String(i + 1) : label);
      });
    } else if (/^(Geht nicht|Refused|Das verstehe|I don't understand)/.test(e.message) && !p.paused) {
      type(lang === 'de' ? 'blatt' : 'hand');
    }
  });
  await new Promise<void>((resolve) => {
    irc.on('registered', () => {
      irc.join(channel);
      resolve();
    });
    irc.connect({ host: '127.0.0.1', port: net.port, nick, auto_reconnect: false });
  });
  await new Promise<void>((resolve) => irc.on('join', (e) => e.nick === nick && resolve()));
  return p;
}

/** The seats' totals as the server keeps them (zero-sum check). */
async function totals(net: Network, channel: string): Promise<number[]> {
  const room = JSON.parse((await net.store.get(`room:${channel}`))!) as { tableId: string; organiserKey: string };
  const out = await createClient({ baseUrl: server.url, token: room.organiserKey }).view(room.tableId);
  return out.view.totals.map(Number);
}

describe.skipIf(!hasNgircd)('IRC bot against a real IRC server (ngircd, default flood control)', () => {
  it('two players, one German and one English, play a Schafkopf deal: every move reachable, answers within 2 s', async () => {
    const sepp = await player(paced, 'Sepp', '#schafkopf', 'de');
    const jim = await player(paced, 'Jim', '#schafkopf', 'en');
    sepp.say('#schafkopf', '!neu schafkopf');
    await sepp.waitChannel(/Neuer schafkopf-Tisch/);
    sepp.say('#schafkopf', '!mitspielen');
    await sepp.waitChannel(/Sepp sitzt auf Platz 0/);
    jim.say('#schafkopf', '!join');
    // The channel speaks German (the table was started in German), whoever writes.
    await jim.waitChannel(/Jim sitzt auf Platz 1/);
    sepp.say('#schafkopf', '!bots');
    await sepp.waitChannel(/Spiel 1: Ergebnis/);
    const sum = (await totals(paced, '#schafkopf')).reduce((a, b) => a + b, 0);
    expect(sum).toBe(0);
    expect(sepp.moves).toBeGreaterThanOrEqual(8);
    expect(jim.moves).toBeGreaterThanOrEqual(8);
    expect(sepp.typed.some((t) => /^(Eichel|Gras|Herz|Schelln) /.test(t))).toBe(true);
    expect(jim.typed.some((t) => / of (clubs|spades|hearts|diamonds)$/.test(t))).toBe(true);
    // Each player is spoken to in their own language.
    expect(sepp.dms.some((l) => /^Du bist dran/.test(l))).toBe(true);
    expect(jim.dms.some((l) => /^Your turn/.test(l))).toBe(true);
    // Every list gathered page by page is the seat's whole legal list, and the long auction list was paged.
    for (const l of [...sepp.lists, ...jim.lists]) if (l.legal !== undefined) expect(l.gathered).toEqual(l.legal);
    const longest = Math.max(...[...sepp.lists, ...jim.lists].map((l) => l.gathered.length));
    expect(longest).toBeGreaterThan(20);
    expect([...sepp.dms, ...jim.dms].some((l) => /^(Züge|Moves) \(2\/\d+\)/.test(l))).toBe(true);
    // Under ngircd's default flood control no answer took longer than 2 s (measured on arrival).
    const latencies = [...sepp.latencies, ...jim.latencies];
    expect(latencies.length).toBeGreaterThanOrEqual(16);
    expect(Math.max(...latencies)).toBeLessThan(2000);
    // Prompts only when something changed for the player: a deal is a few dozen private lines, not one per version.
    expect(sepp.dms.length).toBeLessThan(45);
    expect(jim.dms.length).toBeLessThan(45);
    console.log(
      `IRC deal: ${latencies.length} answers, max ${Math.max(...latencies)} ms; bot lines ${paced.bot.linesSent}; ` +
        `private lines Sepp ${sepp.dms.length}, Jim ${jim.dms.length}; channel lines ${sepp.channel.length}`,
    );
    // Hands only by private message; channel lines in German with names, never a raw id.
    expect(sepp.channel.some((l) => /(Blatt|[Hh]and): /.test(l))).toBe(false);
    expect(sepp.channel.some((l) => /^Sepp: |· Sepp: /.test(l))).toBe(true);
    expect(sepp.channel.some((l) => /bot-[23]: /.test(l))).toBe(true);
    expect(sepp.channel.some((l) => /no-knock|no knock|choose|\bpass\b|#\d/.test(l))).toBe(false);
  });
});

describe.skipIf(!hasNgircd)('IRC bot against a real IRC server (ngircd, penalties off, the bot not pacing)', () => {
  it('Sheepshead: the burial stays private, a player leaves and sits down again, the socket drops and resyncs', async () => {
    const ann = await player(open, 'Ann', '#sheepshead', 'en');
    const eve = await player(open, 'Eve', '#sheepshead', 'en');
    ann.say('#sheepshead', '!new sheepshead');
    await ann.waitChannel(/New sheepshead table/);
    ann.say('#sheepshead', '!join');
    await ann.waitChannel(/Ann takes seat 0/);
    // Eve sits down, stands up and sits down again: she gets her seat back.
    eve.say('#sheepshead', '!join');
    await eve.waitChannel(/Eve takes seat 1/);
    eve.say('#sheepshead', '!leave');
    await eve.waitChannel(/Eve leaves seat 1/);
    const mark = eve.channel.length;
    eve.say('#sheepshead', '!join');
    await eve.waitChannel(/Eve takes seat 1/, mark);
    expect(eve.channel.filter((l) => /Eve takes seat 1/.test(l))).toHaveLength(2);
    ann.paused = true;
    ann.say('#sheepshead', '!bots');
    await ann.waitDm(/^Moves/);
    // The table's socket drops (as a gateway drops idle connections); the heartbeat notices, reconnects, resyncs.
    const before = server.gateway.connectionIds();
    await Promise.all(
      before.map((id) =>
        server.gateway.fetch(new Request(`${server.gateway.endpoint}/@connections/${id}`, { method: 'DELETE' })),
      ),
    );
    await open.bot.heartbeat();
    ann.paused = false;
    ann.say('stammtisch', 'hand');
    const over = await ann.waitChannel(/^Deal 1: Result|· Deal 1: Result/);
    expect(over).toMatch(/Result/);
    expect((await totals(open, '#sheepshead')).reduce((a, b) => a + b, 0)).toBe(0);
    expect(ann.moves).toBeGreaterThanOrEqual(6);
    // Whoever picked buried two cards; the channel saw the burial, never the cards; a human picker hears them back.
    const burial = ann.channel.find((l) => /: bury/.test(l));
    expect(burial).toBeDefined();
    expect(burial).toMatch(/: bury(?: ·|$)/);
    const picker = /(\S+): bury/.exec(burial!)![1]!;
    if (picker === 'Ann' || picker === 'Eve')
      expect((picker === 'Ann' ? ann : eve).dms.some((l) => /^You: bury \S+ \S+$/.test(l))).toBe(true);
    expect(eve.moves).toBeGreaterThanOrEqual(6);
  });

  it('the IRC server restarts: the bot reconnects, joins its channels again and still runs their tables', async () => {
    const stopped = new Promise((resolve) => open.ircd.once('exit', resolve));
    open.ircd.kill();
    await stopped;
    open.ircd = await spawnIrcd(open.conf);
    const zoe = await player(open, 'Zoe', '#sheepshead', 'en');
    // The bot is back in the channel when Zoe sees it join (or finds it there).
    await new Promise<void>((resolve) => {
      zoe.irc.on('join', (e) => e.nick === 'stammtisch' && resolve());
      zoe.irc.on('userlist', (e: unknown) => {
        const users = (e as { users: { nick: string }[] }).users;
        if (users.some((u) => u.nick === 'stammtisch')) resolve();
      });
    });
    zoe.say('#sheepshead', '!status');
    // The table the channel ran before the restart answers (the store kept it).
    expect(await zoe.waitChannel(/Sheepshead · Deal/)).toMatch(/Sheepshead/);
  }, 60_000);
});
