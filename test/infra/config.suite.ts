import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../infra/constructs/stammtisch-function.js';
import { sha256 } from '../../functions/crypto/secrets.js';
import { logicalId, synthesize } from './support.js';

// Configuration only: these syntheses skip esbuild (stack.suite.ts covers the bundles).
const noBundle = { bundle: false } as const;

const envOf = (template: ReturnType<typeof synthesize>['template'], prefix: string): Record<string, unknown> => {
  const id = logicalId(template, 'AWS::Lambda::Function', prefix);
  return (template.toJSON().Resources[id].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
};

describe('API key hashes', () => {
  it('several hashes from context are passed comma-separated to the REST and WebSocket functions', () => {
    const hashes = [sha256('a'), sha256('b')];
    const { template } = synthesize({ apiKeyHashes: ` ${hashes[0]}, ${hashes[1]} ` }, noBundle);
    expect(envOf(template, 'HttpFunction').API_KEY_HASHES).toBe(hashes.join(','));
    expect(envOf(template, 'WsFunction').API_KEY_HASHES).toBe(hashes.join(','));
    expect(envOf(template, 'StreamFunction')).not.toHaveProperty('API_KEY_HASHES');
  });

  it('a raw key instead of a hash is refused without echoing it', () => {
    const secret = 'sk_live_do-not-print-me';
    let message = '';
    try {
      synthesize({ apiKeyHashes: `${sha256('a')},${secret}` }, noBundle);
    } catch (e) {
      message = e instanceof Error ? e.message : String(e);
    }
    expect(message).toBe('apiKeyHashes: entry 2 is not a sha256 hex hash (64 lowercase hex digits)');
    expect(message).not.toContain('sk_live');
  });

  it('an SSM parameter name becomes a deploy-time parameter (no lookup at synth)', () => {
    const { template, stack } = synthesize({ apiKeyHashesParameter: '/stammtisch/api-key-hashes' }, noBundle);
    const parameters = template.toJSON().Parameters as Record<string, { Type: string; Default: string }>;
    // (BootstrapVersion is the synthesizer's own SSM parameter.)
    const ssm = Object.entries(parameters).filter(
      ([id, p]) => p.Type === 'AWS::SSM::Parameter::Value<String>' && id !== 'BootstrapVersion',
    );
    expect(ssm.map(([, p]) => p.Default)).toEqual(['/stammtisch/api-key-hashes']);
    expect(envOf(template, 'HttpFunction').API_KEY_HASHES).toEqual({ Ref: ssm[0]![0] });
    expect(stack.node.metadata.filter((m) => m.type === 'aws:cdk:missing')).toEqual([]);
  });

  it('hashes and a parameter together are ambiguous and refused', () => {
    expect(() => synthesize({ apiKeyHashes: sha256('a'), apiKeyHashesParameter: '/x' }, noBundle)).toThrow(
      'give apiKeyHashes or apiKeyHashesParameter, not both',
    );
  });

  it('no hashes at all is allowed (open table creation) but flagged with a warning', () => {
    const { stack } = synthesize({}, noBundle);
    const warnings = stack.node.metadata.filter((m) => m.type === 'aws:cdk:warning').map((m) => String(m.data));
    expect(warnings.some((w) => w.includes('anyone can create tables'))).toBe(true);
  });
});

describe('options', () => {
  it('retainData: false lets `cdk destroy` delete the event table too', () => {
    const { template } = synthesize({ retainData: false }, noBundle);
    const table = template.toJSON().Resources[logicalId(template, 'AWS::DynamoDB::Table', 'DataTable')];
    expect(table.DeletionPolicy).toBe('Delete');
  });

  it('sourceMaps: true turns on --enable-source-maps for every function (off by default: cold starts)', () => {
    const withMaps = synthesize({ sourceMaps: true }, noBundle).template;
    const without = synthesize({}, noBundle).template;
    for (const fn of ['HttpFunction', 'WsFunction', 'StreamFunction']) {
      expect(envOf(withMaps, fn).NODE_OPTIONS, fn).toBe('--enable-source-maps');
      expect(envOf(without, fn), fn).not.toHaveProperty('NODE_OPTIONS');
    }
  });

  it('alarmEmail subscribes an address to the alarm topic', () => {
    const { template } = synthesize({ alarmEmail: 'ops@example.org' }, noBundle);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
  });
});

describe('the app (cdk.json)', () => {
  // cli.suite.ts synthesizes it through the CDK CLI and checks the version and context values in the template.
  it('cdk.json runs infra/app.ts with tsx', () => {
    const cdkJson = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as { app: string };
    expect(cdkJson.app).toBe('npx tsx infra/app.ts');
  });
});
