import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listVariants } from '../../engine/index.js';
import { OPENAPI_PATH, withActionComponent } from '../../scripts/openapi-actions.js';
import { validatorAt } from '../support/functions/openapi.js';
import { actionsOf } from '../support/legal-actions.js';

// openapi.yaml's `Action` is generated from the variants' vocabularies (`npm run openapi:actions`).

describe('openapi.yaml components.schemas.Action', () => {
  it('is what `npm run openapi:actions` writes from the registered vocabularies (run it after changing one)', async () => {
    const text = readFileSync(OPENAPI_PATH, 'utf8');
    expect(await withActionComponent(text)).toBe(text);
  });

  const action = validatorAt('/components/schemas/Action');

  for (const variant of listVariants())
    it(`${variant.id}: every action its rules offer, and every action as a spectator sees it, conforms`, () => {
      const { offered, seen } = actionsOf(variant, 2);
      for (const a of [...offered, ...seen])
        expect(action(a), `${JSON.stringify(a)}: ${JSON.stringify(action.errors)}`).toBe(true);
    });

  it('refuses actions no variant has: an unknown type, a game no variant bids, a missing card, a stray field', () => {
    expect(action({ type: 'fly' })).toBe(false);
    expect(action({ type: 'bid', game: 'sauerei' })).toBe(false);
    expect(action({ type: 'play' })).toBe(false);
    expect(action({ type: 'play', card: 'EO', crad: 'EO' })).toBe(false);
    expect(action({ type: 'bid', game: 'solo', suit: 'H', tout: true })).toBe(true);
    expect(action({ type: 'bid', value: 'schwarz' })).toBe(true);
    // A Hochzeit's card given back, as those who may not see it get it.
    expect(action({ type: 'accept' })).toBe(true);
  });
});
