import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../infra/constructs/stammtisch-function.js';
import { sha256 } from '../../functions/crypto/secrets.js';

interface TemplateJson {
  Resources: Record<string, { Type: string; DeletionPolicy?: string; Properties: Record<string, unknown> }>;
}

// One synthesis through the installed CDK CLI for both tests below: each process that synthesizes loads tsx and
// aws-cdk-lib and builds the whole stack (seconds of CPU), and the context values the second test checks change
// nothing the first one looks at.
const out = mkdtempSync(join(tmpdir(), 'stammtisch-cdk-'));
const hash = sha256('from-context');
afterAll(() => rmSync(out, { recursive: true, force: true }));
beforeAll(() => {
  execFileSync(
    process.execPath,
    [
      'node_modules/aws-cdk/bin/cdk',
      'synth',
      '--quiet',
      '--output',
      out,
      // What an operator passes on the command line (docs/operations.md).
      '-c',
      `apiKeyHashes=${hash}`,
      '-c',
      'retainData=false',
      // The four functions of the API only, whether or not web/dist was built (the web app adds S3 deployment ones).
      '-c',
      'web=false',
    ],
    {
      cwd: repositoryRoot,
      stdio: 'pipe',
      timeout: 180_000,
      env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', CDK_CLI_NOTICES: 'false' },
    },
  );
}, 240_000);

const template = (): TemplateJson => {
  const file = join(out, 'Stammtisch.template.json');
  expect(existsSync(file)).toBe(true);
  return JSON.parse(readFileSync(file, 'utf8')) as TemplateJson;
};

// The installed CDK CLI must read the cloud assembly this aws-cdk-lib writes (schema mismatches fail `cdk synth`).
describe('the CDK CLI (npx cdk synth, offline)', () => {
  it('synthesizes the app from cdk.json into a deployable template', () => {
    const types = Object.values(template().Resources).map((r) => r.Type);
    expect(types.filter((t) => t === 'AWS::Lambda::Function').length).toBeGreaterThanOrEqual(3);
    expect(types).toContain('AWS::ApiGatewayV2::Api');
  });

  it('run by the CLI, the app synthesizes stack `Stammtisch` with package.json version and context values', () => {
    const resources = template().Resources;
    const version = (JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { version: string })
      .version;
    const functions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
    expect(functions).toHaveLength(4);
    for (const [, fn] of functions)
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.APP_VERSION).toBe(version);
    const http = functions.find(([id]) => id.startsWith('HttpFunction'))![1];
    expect((http.Properties.Environment as { Variables: Record<string, unknown> }).Variables.API_KEY_HASHES).toBe(hash);
    const data = Object.entries(resources).find(([id]) => id.startsWith('DataTable'))![1];
    expect(data.DeletionPolicy).toBe('Delete');
  });
});
