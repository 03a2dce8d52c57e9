import type { Action, Seat } from '../variant.js';
import { labelAction } from './actions.js';
import { type Names, nameOf } from './render.js';
import type { Lang } from './words.js';

/** What the summary reads of a deal analysis (engine/bots/analysis.ts, as GET …/deals/{n}/analysis serves it). */
export interface AnalysisSummaryInput {
  readonly deal: number;
  readonly decisions: readonly {
    readonly index: number;
    /** The table seat that decided (names are by table seat). */
    readonly tableSeat: Seat;
    readonly chosen: Action;
    readonly best: Action;
    readonly loss: number;
    readonly unit: 'step' | 'points' | 'tricks' | 'payout';
  }[];
  /** Indices into `decisions`, worst first. */
  readonly mistakes: readonly number[];
}

const WORDS = {
  de: {
    head: (n: number) => `Analyse von Spiel ${n} (starker Bot), größte Fehler:`,
    none: (n: number) => `Analyse von Spiel ${n} (starker Bot): kein Fehler gefunden.`,
    later: 'Analyse: gibt es, sobald das Spiel vorbei ist.',
    line: (i: number, step: number, who: string, chosen: string, best: string, loss: string, unit: string) =>
      `${i}. Zug ${step} · ${who}: ${chosen}, besser ${best} (${loss} ${unit} schlechter)`,
    unit: { step: 'Spielstufen', points: 'Augen', tricks: 'Stiche', payout: 'Spielgeld' },
  },
  en: {
    head: (n: number) => `Analysis of deal ${n} (strong bot), biggest mistakes:`,
    none: (n: number) => `Analysis of deal ${n} (strong bot): no mistake found.`,
    later: 'Analysis: available once the deal is over.',
    line: (i: number, step: number, who: string, chosen: string, best: string, loss: string, unit: string) =>
      `${i}. Move ${step} · ${who}: ${chosen}, better ${best} (${loss} ${unit} worse)`,
    unit: { step: 'game steps', points: 'card points', tricks: 'tricks', payout: 'money' },
  },
} as const;

/** A loss in the language's decimal style, at most two decimals (`0,16` / `0.16`, `12`). */
function decimal(v: number, lang: Lang): string {
  const text = String(Math.round(v * 100) / 100);
  return lang === 'de' ? text.replace('.', ',') : text;
}

/**
 * A finished deal's biggest mistakes as chat text, one line each (`1. Zug 27 · Bert: HK, besser SK (0,16 Spielstufen
 * schlechter)`); `null` (the deal is not over): the line saying when the analysis comes. Moves are counted from 1 in
 * the deal's actions, as in the web app's replay.
 */
export function renderAnalysis(
  analysis: AnalysisSummaryInput | null,
  variant: string,
  lang: Lang,
  names?: Names,
): string {
  const w = WORDS[lang];
  if (analysis === null) return w.later;
  const lines = analysis.mistakes.flatMap((m, i) => {
    const d = analysis.decisions[m];
    if (d === undefined) return [];
    const label = (a: Action): string => labelAction(a, variant, lang);
    return [
      w.line(
        i + 1,
        d.index + 1,
        nameOf(names, d.tableSeat, lang),
        label(d.chosen),
        label(d.best),
        decimal(d.loss, lang),
        w.unit[d.unit],
      ),
    ];
  });
  return lines.length === 0 ? w.none(analysis.deal) : [w.head(analysis.deal), ...lines].join('\n');
}
