import { describe, expect, it } from 'vitest';
import { renderAnalysis } from '../../../engine/index.js';

/** engine/text/analysis.ts: a finished deal's biggest mistakes as chat text. */

const analysis = {
  deal: 3,
  decisions: [
    {
      index: 4,
      tableSeat: 1,
      chosen: { type: 'play', card: 'HK' },
      best: { type: 'play', card: 'SK' },
      loss: 0.16,
      unit: 'step',
    },
    {
      index: 9,
      tableSeat: 2,
      chosen: { type: 'play', card: 'EA' },
      best: { type: 'play', card: 'E7' },
      loss: 0,
      unit: 'step',
    },
    {
      index: 20,
      tableSeat: 3,
      chosen: { type: 'play', card: 'GU' },
      best: { type: 'play', card: 'E8' },
      loss: 12.5,
      unit: 'points',
    },
  ],
  mistakes: [2, 0],
} as const;

describe('renderAnalysis', () => {
  it('lists the mistakes worst first, one line each, with names by table seat and the language’s decimals', () => {
    const names = ['Anna', 'Bert', 'Carla', 'Done'];
    expect(renderAnalysis(analysis as never, 'schafkopf', 'de', names)).toBe(
      [
        'Analyse von Spiel 3 (starker Bot), größte Fehler:',
        '1. Zug 21 · Done: GU, besser E8 (12,5 Augen schlechter)',
        '2. Zug 5 · Bert: HK, besser SK (0,16 Spielstufen schlechter)',
      ].join('\n'),
    );
    expect(renderAnalysis(analysis as never, 'schafkopf', 'en', names)).toBe(
      [
        'Analysis of deal 3 (strong bot), biggest mistakes:',
        '1. Move 21 · Done: GU, better E8 (12.5 card points worse)',
        '2. Move 5 · Bert: HK, better SK (0.16 game steps worse)',
      ].join('\n'),
    );
  });

  it('says so when there is no mistake, and when the deal is not over', () => {
    expect(renderAnalysis({ ...analysis, mistakes: [] } as never, 'schafkopf', 'en')).toBe(
      'Analysis of deal 3 (strong bot): no mistake found.',
    );
    expect(renderAnalysis(null, 'schafkopf', 'de')).toBe('Analyse: gibt es, sobald das Spiel vorbei ist.');
    // Without names a seat is written as the text view writes it.
    expect(renderAnalysis(analysis as never, 'schafkopf', 'de')).toMatch(/^1\. Zug 21 · Platz 3: /m);
  });
});
