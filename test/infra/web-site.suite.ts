import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StammtischStack } from '../../infra/stammtisch-stack.js';
import { cdkJsonContext } from './support.js';

/** A stand-in for web/dist (the construct only copies the folder). */
function builtApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stammtisch-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Stammtisch</title>');
  writeFileSync(join(dir, 'assets', 'index.js'), 'console.log(1)');
  return dir;
}

/** The stack with the web app, synthesized once with both cdk-nag rule packs. */
function synth(): { template: Template; findings: string[] } {
  const outdir = mkdtempSync(join(tmpdir(), 'stammtisch-web-cdk-'));
  const app = new App({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  const stack = new StammtischStack(app, 'Web', {
    appVersion: '1.2.3',
    apiKeyHashes: 'a'.repeat(64),
    webAssets: builtApp(),
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  app.synth();
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: {
      pluginName: string;
      violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
    }[];
  };
  const findings = report.pluginReports
    .filter((p) => p.pluginName !== 'Construct Annotations')
    .flatMap((p) => p.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} ${c.constructPath}`)));
  return { template: Template.fromStack(stack), findings };
}

describe('infra: the web app as static assets (S3 + CloudFront, one origin with the API)', () => {
  const { template, findings } = synth();

  it('a private, encrypted, TLS-only bucket read by CloudFront through origin access control', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('client routes get index.html; /v1/* goes uncached to the HTTP API; HTTPS only', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: Match.arrayWith([
          Match.objectLike({ ErrorCode: 403, ResponseCode: 200, ResponsePagePath: '/index.html' }),
          Match.objectLike({ ErrorCode: 404, ResponseCode: 200, ResponsePagePath: '/index.html' }),
        ]),
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true }),
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/v1/*',
            ViewerProtocolPolicy: 'https-only',
            // The managed CachingDisabled policy: every API answer is per caller.
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
          }),
        ],
      }),
    });
  });

  it('deploys the files and a config.json naming the WebSocket API', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    template.hasOutput('WebAppUrl', {});
  });

  it('cdk-nag (AwsSolutions + Serverless) reports nothing that is not acknowledged', () => {
    expect(findings).toEqual([]);
  });
});
