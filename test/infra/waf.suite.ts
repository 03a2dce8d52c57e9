import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cameThroughEdge, notThroughEdge, viewerAddress } from '../../functions/edge/origin-verify.js';
import { createStacks } from '../../infra/stacks.js';
import { WAF_REQUESTS_PER_5_MINUTES } from '../../infra/waf-stack.js';
import { cdkJsonContext } from './support.js';

const newApp = (): App =>
  new App({
    outdir: mkdtempSync(join(tmpdir(), 'stammtisch-waf-')),
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] },
  });
const props = {
  appVersion: '1.2.3',
  apiKeyHashes: 'a'.repeat(64),
  stage: 'prod' as const,
  alarmEmail: 'o@example.com',
};

describe('WAF in front of the REST API (-c waf=true)', () => {
  const { main, waf } = createStacks(newApp(), 'Stammtisch-prod', props, {
    waf: true,
    account: '123456789012',
    region: 'eu-central-1',
  });
  const edge = Template.fromStack(waf!);
  const api = Template.fromStack(main);

  it('a CLOUDFRONT web ACL in us-east-1 with a per-IP rate-based rule that answers 429 + Retry-After', () => {
    expect(waf!.region).toBe('us-east-1');
    expect(main.region).toBe('eu-central-1');
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        Match.objectLike({
          Name: 'RatePerIp',
          Statement: {
            RateBasedStatement: { Limit: WAF_REQUESTS_PER_5_MINUTES, AggregateKeyType: 'IP', EvaluationWindowSec: 300 },
          },
          Action: {
            Block: {
              CustomResponse: {
                ResponseCode: 429,
                CustomResponseBodyKey: 'rateLimited',
                ResponseHeaders: [{ Name: 'retry-after', Value: '300' }],
              },
            },
          },
        }),
      ],
    });
    const acl = Object.values(edge.findResources('AWS::WAFv2::WebACL'))[0] as {
      Properties: { CustomResponseBodies: { rateLimited: { Content: string } } };
    };
    expect(JSON.parse(acl.Properties.CustomResponseBodies.rateLimited.Content)).toMatchObject({
      status: 429,
      code: 'request/rate_limited',
    });
  });

  it('CloudFront fronts the HTTP API with that ACL: nothing cached, HTTPS only, the origin secret header', () => {
    api.resourceCountIs('AWS::CloudFront::Distribution', 1);
    api.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        // The ARN from the us-east-1 stack, read by CloudFormation across regions (no custom resource).
        WebACLId: { 'Fn::GetStackOutput': Match.objectLike({ StackName: waf!.stackName, Region: 'us-east-1' }) },
        DefaultCacheBehavior: Match.objectLike({
          CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
          OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
          ViewerProtocolPolicy: 'https-only',
          AllowedMethods: Match.arrayWith(['POST', 'DELETE']),
        }),
        Origins: [
          Match.objectLike({
            CustomOriginConfig: Match.objectLike({
              OriginProtocolPolicy: 'https-only',
              OriginSSLProtocols: ['TLSv1.2'],
            }),
            OriginCustomHeaders: [{ HeaderName: 'x-origin-verify', HeaderValue: Match.anyValue() }],
          }),
        ],
      }),
    });
    // The REST function knows the same secret (so it refuses calls that skip CloudFront).
    const dist = Object.values(api.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { Origins: { OriginCustomHeaders: { HeaderValue: unknown }[] }[] } };
    };
    const secret = dist.Properties.DistributionConfig.Origins[0]!.OriginCustomHeaders[0]!.HeaderValue;
    expect(JSON.stringify(secret)).toContain('AWS::StackId');
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Stammtisch REST API (Hono)',
      Environment: { Variables: Match.objectLike({ ORIGIN_VERIFY: secret }) },
    });
  });

  it('without waf: no CloudFront, no origin check', () => {
    const plain = Template.fromStack(createStacks(newApp(), 'Stammtisch', props, { waf: false }).main);
    plain.resourceCountIs('AWS::CloudFront::Distribution', 0);
    plain.resourceCountIs('AWS::WAFv2::WebACL', 0);
    plain.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Stammtisch REST API (Hono)',
      Environment: { Variables: Match.not(Match.objectLike({ ORIGIN_VERIFY: Match.anyValue() })) },
    });
  });

  it('waf without a known region is refused with the reason', () => {
    expect(() => createStacks(newApp(), 'Stammtisch', props, { waf: true })).toThrow(/us-east-1.*region/);
  });
});

describe('the origin check (functions/edge/origin-verify.ts)', () => {
  it('passes only the secret when one is set; names the CloudFront URL otherwise', () => {
    expect(cameThroughEdge(undefined, {})).toBe(true);
    expect(cameThroughEdge('s3cret', { 'x-origin-verify': 's3cret' })).toBe(true);
    expect(cameThroughEdge('s3cret', { 'x-origin-verify': 's3creT' })).toBe(false);
    expect(cameThroughEdge('s3cret', { 'x-origin-verify': 's3cret-longer' })).toBe(false);
    expect(cameThroughEdge('s3cret', {})).toBe(false);
    const refused = notThroughEdge();
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(refused.body)).toMatchObject({ status: 403, code: 'auth/forbidden' });
  });

  it('reads the viewer address CloudFront forwards (IPv4 and IPv6, port stripped)', () => {
    expect(viewerAddress('203.0.113.7:46532')).toBe('203.0.113.7');
    expect(viewerAddress('2001:db8::1:46532')).toBe('2001:db8::1');
    expect(viewerAddress(undefined)).toBeUndefined();
  });
});
