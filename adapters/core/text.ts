import {
  type Action,
  type ActionFields,
  type CommandReply,
  type Lang,
  type StammtischClient,
  StammtischError,
  type TableView,
} from '../../sdk/index.js';

/**
 * Text in, text out for the adapters. Two implementations behind one port:
 * - {@link serverText}: the server's grammar and renderer (`POST …/commands`, `GET …/view?format=text`), the
 *   default: German and English, forgiving card names (`Eichel Ober`, `queen of clubs`), labels for every move.
 * - {@link basicText}: a client-side fallback for servers without those routes: moves by card id or number.
 */
export interface TextPort {
  /** Run a typed command for the seat whose client (seat token) this is. */
  command(seat: StammtischClient, tableId: string, text: string, lang: Lang): Promise<CommandReply>;
  /** The seat's (or the organiser's) view as chat text. */
  render(viewer: StammtischClient, tableId: string, lang: Lang): Promise<string>;
}

const SUIT: Record<Lang, Record<string, string>> = {
  de: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schelln' },
  en: { E: 'clubs', G: 'spades', H: 'hearts', S: 'diamonds' },
};

/**
 * A short label of a legal action, written so that it can be typed back: card ids for cards (`EO`, `HZ`),
 * `weiter`/`pass`, game names with the suit letter (`sauspiel E`, `solo H tout`).
 */
export function actionLabel(action: Action, lang: Lang): string {
  const a: ActionFields = action;
  const cards = a.cards?.join(' ') ?? '';
  switch (a.type) {
    case 'pass':
      return lang === 'de' ? 'weiter' : 'pass';
    case 'play':
      return a.card ?? '?';
    case 'bid':
      return [
        a.game ?? (a.value !== undefined ? String(a.value) : 'bid'),
        a.suit ?? '',
        a.card ?? '',
        a.tout ? 'tout' : '',
      ]
        .filter((s) => s !== '')
        .join(' ');
    case 'announce':
      return ['announce', a.game ?? '', a.suit ?? '', a.card ?? '', a.tout ? 'tout' : '']
        .filter((s) => s !== '')
        .join(' ');
    case 'accept':
    case 'call':
      return [a.type, a.card ?? '', a.under ?? ''].filter((s) => s !== '').join(' ');
    case 'bury':
    case 'blitz':
    case 'trog':
      return `${a.type} ${cards}`;
    case 'choose':
      return ['choose', a.choice ?? '', a.card ?? ''].filter((s) => s !== '').join(' ');
    default:
      return a.type;
  }
}

const norm = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Resolve typed text against the legal actions: a label, a card id, or the move's number in the list. */
export function resolveTyped(text: string, legal: readonly Action[], lang: Lang): Action | undefined {
  const t = norm(text).replace(/^(play|spiel|spiele)\s+/, '');
  const n = /^\d+$/.test(t) ? Number(t) : undefined;
  if (n !== undefined && n >= 1 && n <= legal.length) return legal[n - 1];
  return (
    legal.find((a) => norm(actionLabel(a, lang)) === t) ??
    legal.find((a) => norm(actionLabel(a, lang === 'de' ? 'en' : 'de')) === t) ??
    legal.find((a) => a.type === 'play' && a.card?.toLowerCase() === t)
  );
}

/** The numbered list of moves, as the chat shows it: `1) EO  2) GO …`. */
export function movesLine(legal: readonly Action[], lang: Lang): string {
  return legal.map((a, i) => `${i + 1}) ${actionLabel(a, lang)}`).join('  ');
}

/** A compact text view (the fallback renderer). */
export function renderView(view: TableView, seat: number | undefined, lang: Lang): string {
  const de = lang === 'de';
  const lines: string[] = [];
  const deal = view.deal;
  if (deal === null) lines.push(de ? `Tisch wartet (Spiel ${view.dealNo}).` : `Table waiting (deal ${view.dealNo}).`);
  else {
    lines.push(`${de ? 'Spiel' : 'Deal'} ${deal.no} · ${deal.phase}`);
    const hand = seat === undefined ? null : deal.hands[seat];
    if (hand) lines.push(`${de ? 'Blatt' : 'Hand'}: ${hand.join(' ')}`);
    if (deal.trick.length > 0)
      lines.push(`${de ? 'Stich' : 'Trick'}: ${deal.trick.map((c) => `${c.seat}:${c.card}`).join(' ')}`);
    if (deal.contract)
      lines.push(
        `${de ? 'Spiel' : 'Game'}: ${deal.contract.game}${deal.contract.suit ? ' ' + SUIT[lang][deal.contract.suit] : ''}`,
      );
    lines.push(`${de ? 'Am Zug' : 'To act'}: ${deal.toAct.join(', ')}`);
  }
  if (view.dealNo > 1 || view.lastResult) lines.push(`${de ? 'Stand' : 'Totals'}: ${view.totals.join(' / ')}`);
  if (view.lastResult) lines.push(`${de ? 'Ergebnis' : 'Result'}: ${view.lastResult.payout.join(' / ')}`);
  return lines.join('\n');
}

/** The server's grammar and renderer (item "text in, text out" of the API). */
export const serverText: TextPort = {
  command: (seat, tableId, text, lang) => seat.command(tableId, text, lang),
  render: (viewer, tableId, lang) => viewer.textView(tableId, lang),
};

/** Client-side fallback: moves by number, card id or label; the view rendered from the JSON view. */
export const basicText: TextPort = {
  async command(seat, tableId, text, lang) {
    const { view } = await seat.view(tableId);
    const action = resolveTyped(text, view.legalActions, lang);
    if (action === undefined) {
      const legal = movesLine(view.legalActions, lang);
      return {
        ok: false,
        text:
          lang === 'de'
            ? `Das verstehe ich nicht: „${text}“. Erlaubt: ${legal || '(nichts, du bist nicht dran)'}`
            : `I don't understand "${text}". Legal: ${legal || '(nothing, not your turn)'}`,
      };
    }
    const out = await seat.act(tableId, action);
    return { ok: true, text: actionLabel(action, lang), action, version: out.version, events: out.events };
  },
  async render(viewer, tableId, lang) {
    const out = await viewer.view(tableId);
    const seat = /^seat:(\d+)$/.exec(out.audience)?.[1];
    return renderView(out.view, seat === undefined ? undefined : Number(seat), lang);
  },
};

const missingRoute = (e: unknown): boolean => e instanceof StammtischError && e.code === 'route/not_found';

/**
 * The server's grammar where the server has it, the basic fallback where it answers 404 `route/not_found` (an older
 * server): the default of the adapters.
 */
export const autoText: TextPort = {
  command: (seat, tableId, text, lang) =>
    serverText.command(seat, tableId, text, lang).catch((e: unknown) => {
      if (missingRoute(e)) return basicText.command(seat, tableId, text, lang);
      throw e;
    }),
  render: (viewer, tableId, lang) =>
    serverText.render(viewer, tableId, lang).catch((e: unknown) => {
      if (missingRoute(e)) return basicText.render(viewer, tableId, lang);
      throw e;
    }),
};
