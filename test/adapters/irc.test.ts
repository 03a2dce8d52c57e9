import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import IRC, { type Client as IrcClient } from 'irc-framework';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { IrcBot } from '../../adapters/irc/bot.js';
import { createClient } from '../../sdk/index.js';

const hasNgircd = spawnSync('sh', ['-c', 'command -v ngircd']).status === 0;

let server: LocalServer;
let ircd: ChildProcess;
let port: number;
let bot: IrcBot;
const clients: IrcClient[] = [];
/** Whether the server reads free text (POST /v1/tables/{id}/commands): then cards are typed by their full names. */
let grammar = false;

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

/** Resolve once the IRC server accepts connections (readiness, polled on its socket). */
async function listening(p: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = connect(p, '127.0.0.1', () => {
        c.destroy();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('ngircd did not start');
}

beforeAll(async () => {
  if (!hasNgircd) return;
  port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ngircd-'));
  // Penalties off: the scripted clients and the bot talk faster than people do.
  writeFileSync(
    join(dir, 'ngircd.conf'),
    [
      '[Global]',
      'Name = irc.stammtisch.test',
      'Info = Stammtisch test server',
      'Listen = 127.0.0.1',
      `Ports = ${port}`,
      '[Limits]',
      'MaxPenaltyTime = 0',
      'MaxNickLength = 30',
      '[Options]',
      'PAM = no',
      'Ident = no',
      'DNS = no',
      '',
    ].join('\n'),
  );
  ircd = spawn('ngircd', ['-n', '-f', join(dir, 'ngircd.conf')], { stdio: 'ignore' });
  await listening(port);
  server = await startLocal({ port: 0 });
  bot = new IrcBot({
    host: '127.0.0.1',
    port,
    nick: 'stammtisch',
    channels: ['#schafkopf', '#sheepshead'],
    api: createClient({ baseUrl: server.url }),
    wsUrl: server.wsUrl,
  });
  await bot.start();
  // Probe the text route once: a 404 route/not_found means the server predates the chat grammar.
  const probe = createClient({ baseUrl: server.url });
  const t = await probe.createTable({ variant: 'schafkopf', seats: 4 });
  const j = await probe.join(t.tableId);
  grammar = await probe
    .as(j.seatToken)
    .command(t.tableId, 'weiter', 'de')
    .then(
      () => true,
      (e: unknown) => (e as { code?: string }).code !== 'route/not_found',
    );
});

afterAll(async () => {
  for (const c of clients) c.quit('bye');
  bot?.stop();
  await server?.close();
  ircd?.kill();
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
  say(target: string, text: string): void;
  waitChannel(re: RegExp): Promise<string>;
}

/** A scripted player: joins the channel, and whenever the bot lists its moves, types one (a card id or a word). */
async function player(nick: string, channel: string, lang: 'de' | 'en'): Promise<Player> {
  const irc = new IRC.Client();
  clients.push(irc);
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  const p: Player = {
    irc,
    nick,
    dms: [],
    channel: [],
    moves: 0,
    typed: [],
    say: (target, text) => irc.say(target, text),
    waitChannel: (re) =>
      new Promise((resolve) => {
        const hit = p.channel.find((l) => re.test(l));
        if (hit !== undefined) resolve(hit);
        else waiters.push({ re, resolve });
      }),
  };
  irc.on('privmsg', (e) => {
    if (e.target.startsWith('#')) {
      p.channel.push(e.message);
      for (const w of [...waiters])
        if (w.re.test(e.message)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(e.message);
        }
      return;
    }
    if (e.nick !== 'stammtisch') return;
    p.dms.push(e.message);
    const moves = /^(?:Züge|Moves): (.*)$/.exec(e.message);
    if (moves !== null) {
      const options = [...moves[1]!.matchAll(/(\d+)\) (\S+(?: \S+)*?)(?=\s{2}\d+\)|$)/g)].map((m) => ({
        n: m[1]!,
        label: m[2]!,
      }));
      const pick =
        options.find((o) => !['knock', 'kontra', 're', 'weiter', 'pass', 'crack', 'recrack'].includes(o.label)) ??
        options[0]!;
      // Cards and passes are typed as words; other moves by their number.
      const isCard = /^[EGHS][AZSKOU987]$/.test(pick.label);
      // With the server's grammar a person types: cards by name, other moves as the list writes them; without it,
      // card ids and pass words, anything else by its number in the list.
      const plainWord = isCard || pick.label === (lang === 'de' ? 'weiter' : 'pass');
      const typed = grammar ? (isCard ? spoken(pick.label, lang) : pick.label) : plainWord ? pick.label : pick.n;
      p.moves++;
      p.typed.push(typed);
      irc.say('stammtisch', typed);
    } else if (/^(Geht nicht|Refused|Das verstehe|I don't understand)/.test(e.message)) {
      irc.say('stammtisch', lang === 'de' ? '!blatt' : '!hand');
    }
  });
  await new Promise<void>((resolve) => {
    irc.on('registered', () => {
      irc.join(channel);
      resolve();
    });
    irc.connect({ host: '127.0.0.1', port, nick, auto_reconnect: false });
  });
  await new Promise<void>((resolve) => irc.on('join', (e) => e.nick === nick && resolve()));
  return p;
}

describe.skipIf(!hasNgircd)('IRC bot against a real IRC server (ngircd)', () => {
  it('two players, one writing German and one English, play a whole Schafkopf deal with two bots', async () => {
    const sepp = await player('Sepp', '#schafkopf', 'de');
    const jim = await player('Jim', '#schafkopf', 'en');
    sepp.say('#schafkopf', '!neu schafkopf');
    await sepp.waitChannel(/Neuer schafkopf-Tisch/);
    sepp.say('#schafkopf', '!mitspielen');
    await sepp.waitChannel(/Sepp sitzt auf Platz 0/);
    jim.say('#schafkopf', '!join');
    await jim.waitChannel(/Jim takes seat 1/);
    sepp.say('#schafkopf', '!bots');
    const over = await sepp.waitChannel(/Deal 1 over/);
    const payout = /payout (.*) · totals/.exec(over)![1]!.split(' / ').map(Number);
    expect(payout.reduce((a, b) => a + b, 0)).toBe(0);
    // Both played by text; each was spoken to in their language.
    expect(sepp.moves).toBeGreaterThanOrEqual(8);
    expect(jim.moves).toBeGreaterThanOrEqual(8);
    // This server reads free text: the cards went in as people name them, and the deal still finished.
    expect(grammar).toBe(true);
    expect(sepp.typed.some((t) => /^(Eichel|Gras|Herz|Schelln) /.test(t))).toBe(true);
    expect(jim.typed.some((t) => / of (clubs|spades|hearts|diamonds)$/.test(t))).toBe(true);
    expect(sepp.dms.some((l) => /^Du bist dran/.test(l))).toBe(true);
    expect(sepp.dms.some((l) => /Blatt: /.test(l))).toBe(true);
    expect(jim.dms.some((l) => /^Your turn/.test(l))).toBe(true);
    expect(jim.dms.some((l) => /[Hh]and: /.test(l))).toBe(true);
    // Hands only by private message: no channel line shows a hand.
    expect(sepp.channel.some((l) => /(Blatt|[Hh]and): /.test(l))).toBe(false);
    // Moves were announced in the channel, the humans' and the bots'.
    expect(sepp.channel.some((l) => /^Sepp: /.test(l))).toBe(true);
    expect(sepp.channel.some((l) => /^Jim: /.test(l))).toBe(true);
    expect(sepp.channel.some((l) => /^Bot [23]: /.test(l))).toBe(true);
  });

  it('a Sheepshead deal: one player and four bots (pick, bury, call by number)', async () => {
    const ann = await player('Ann', '#sheepshead', 'en');
    ann.say('#sheepshead', '!new sheepshead');
    await ann.waitChannel(/New sheepshead table/);
    ann.say('#sheepshead', '!join');
    await ann.waitChannel(/Ann takes seat 0/);
    ann.say('#sheepshead', '!bots');
    const over = await ann.waitChannel(/Deal 1 over/);
    const payout = /payout (.*) · totals/.exec(over)![1]!.split(' / ').map(Number);
    expect(payout).toHaveLength(5);
    expect(payout.reduce((a, b) => a + b, 0)).toBe(0);
    expect(ann.moves).toBeGreaterThanOrEqual(6);
  });
});
