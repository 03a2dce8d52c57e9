import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StammtischStackProps } from '../../infra/stammtisch-stack.js';
import { createStacks } from '../../infra/stacks.js';
import { cdkJsonContext } from './support.js';

interface Finding {
  readonly pack: string;
  readonly rule: string;
  readonly severity: string;
  readonly path: string;
}

/** Synthesize the real stack with both rule packs; the findings cdk-nag reports (acknowledged ones are not). */
function nag(
  props: Partial<StammtischStackProps> = {},
  waf?: { account: string; region: string },
): { findings: Finding[]; report: unknown } {
  const outdir = mkdtempSync(join(tmpdir(), 'stammtisch-nag-'));
  const app = new App({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  createStacks(
    app,
    'Stammtisch',
    { appVersion: '1.2.3', apiKeyHashes: 'a'.repeat(64), ...props },
    { waf: waf !== undefined, ...waf },
  );
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  let failed: unknown;
  try {
    app.synth();
  } catch (e) {
    failed = e;
  }
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: {
      pluginName: string;
      violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
    }[];
  };
  const findings = report.pluginReports
    .filter((p) => p.pluginName !== 'Construct Annotations')
    .flatMap((p) =>
      p.violations.flatMap((v) =>
        v.violatingConstructs.map((c) => ({
          pack: p.pluginName,
          rule: v.ruleName,
          severity: v.severity,
          path: c.constructPath,
        })),
      ),
    );
  if (findings.length === 0 && failed !== undefined) throw failed;
  return { findings, report };
}

describe('cdk-nag over the real app (AwsSolutions + Serverless)', () => {
  it('no unacknowledged finding (before the fixes: 31 — 28 errors, 3 warnings)', () => {
    const { findings } = nag();
    expect(findings.map((f) => `${f.rule} @ ${f.path}`)).toEqual([]);
  });

  it('the prod stage as well (deletion protection, custom domain)', () => {
    const { findings } = nag({
      stage: 'prod',
      alarmEmail: 'ops@example.com',
      domainName: 'api.example.com',
      certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc',
    });
    expect(findings.map((f) => `${f.rule} @ ${f.path}`)).toEqual([]);
  });

  it('prod with the WAF: the us-east-1 web ACL stack, CloudFront and the cross-region reference', () => {
    const { findings } = nag(
      { stage: 'prod', alarmEmail: 'ops@example.com' },
      { account: '123456789012', region: 'eu-central-1' },
    );
    expect(findings.map((f) => `${f.rule} @ ${f.path}`)).toEqual([]);
  });
});

describe('the cdk-nag packs do run', () => {
  it('a bare queue in a canary stack is reported (so an empty report above means compliant, not skipped)', async () => {
    const { Stack } = await import('aws-cdk-lib');
    const { Queue } = await import('aws-cdk-lib/aws-sqs');
    const outdir = mkdtempSync(join(tmpdir(), 'stammtisch-nag-canary-'));
    const app = new App({ outdir });
    new Queue(new Stack(app, 'Canary'), 'Bare');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
    expect(() => app.synth()).toThrow();
    const report = readFileSync(join(outdir, 'validation-report.json'), 'utf8');
    expect(report).toContain('AwsSolutions-SQS4');
    expect(report).toContain('Serverless-SQSRedrivePolicy');
  });
});
