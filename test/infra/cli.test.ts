import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The installed CDK CLI must read the cloud assembly this aws-cdk-lib writes (schema mismatches fail `cdk synth`).
const out = mkdtempSync(join(tmpdir(), 'stammtisch-cdk-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the CDK CLI (npx cdk synth, offline)', () => {
  it('synthesizes the app from cdk.json into a deployable template', () => {
    execFileSync(process.execPath, ['node_modules/aws-cdk/bin/cdk', 'synth', '--quiet', '--output', out], {
      stdio: 'pipe',
      timeout: 180_000,
      env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', CDK_CLI_NOTICES: 'false' },
    });
    const file = join(out, 'Stammtisch.template.json');
    expect(existsSync(file)).toBe(true);
    const template = JSON.parse(readFileSync(file, 'utf8')) as { Resources: Record<string, { Type: string }> };
    const types = Object.values(template.Resources).map((r) => r.Type);
    expect(types.filter((t) => t === 'AWS::Lambda::Function').length).toBeGreaterThanOrEqual(3);
    expect(types).toContain('AWS::ApiGatewayV2::Api');
  }, 240_000);
});
