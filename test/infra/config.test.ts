import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../infra/constructs/stammtisch-function.js';
import { sha256 } from '../../functions/crypto/secrets.js';
import { logicalId, synthesize } from './support.js';

// Configuration only: these syntheses skip esbuild (stack.test.ts covers the bundles).
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
  it('cdk.json runs infra/app.ts with tsx', () => {
    const cdkJson = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as { app: string };
    expect(cdkJson.app).toBe('npx tsx infra/app.ts');
  });

  it('run as the CLI runs it, it synthesizes stack `Stammtisch` with package.json version and context values', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'stammtisch-app-'));
    const hash = sha256('from-context');
    execFileSync(process.execPath, ['--import', 'tsx', join(repositoryRoot, 'infra', 'app.ts')], {
      cwd: repositoryRoot,
      encoding: 'utf8',
      stdio: 'pipe',
      env: {
        PATH: process.env.PATH,
        NODE_NO_WARNINGS: '1',
        CDK_OUTDIR: outdir,
        // What `cdk synth -c apiKeyHashes=… -c retainData=false` passes; bundling skipped for speed.
        CDK_CONTEXT_JSON: JSON.stringify({
          apiKeyHashes: hash,
          retainData: 'false',
          // The four functions of the API only, whether or not web/dist was built (the web app adds S3 deployment ones).
          web: 'false',
          'aws:cdk:bundling-stacks': [],
        }),
      },
    });
    const template = JSON.parse(readFileSync(join(outdir, 'Stammtisch.template.json'), 'utf8')) as {
      Resources: Record<string, { Type: string; DeletionPolicy?: string; Properties: Record<string, unknown> }>;
    };
    const version = (JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { version: string })
      .version;
    const functions = Object.entries(template.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
    expect(functions).toHaveLength(4);
    for (const [, fn] of functions)
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.APP_VERSION).toBe(version);
    const http = functions.find(([id]) => id.startsWith('HttpFunction'))![1];
    expect((http.Properties.Environment as { Variables: Record<string, unknown> }).Variables.API_KEY_HASHES).toBe(hash);
    const data = Object.entries(template.Resources).find(([id]) => id.startsWith('DataTable'))![1];
    expect(data.DeletionPolicy).toBe('Delete');
  }, 120_000); // cdk synth bundles four functions with esbuild: slow on a loaded 2-core machine
});
