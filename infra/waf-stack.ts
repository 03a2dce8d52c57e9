import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

export interface WafStackProps extends StackProps {
  /** Requests one client address may send in any 5 minutes before WAF blocks it (429). */
  readonly requestsPer5Minutes?: number;
  readonly stage?: string;
}

/** Default per-IP budget: 2,000 requests / 5 min ≈ 6.7/s sustained — above the application's 5/s per principal. */
export const WAF_REQUESTS_PER_5_MINUTES = 2000;

/**
 * The AWS WAF web ACL in front of the REST API (context `waf=true`, default on for `-c stage=prod`;
 * docs/operations.md). WAF cannot attach to an HTTP API (only to REST APIs and other regional resources), so it
 * guards the CloudFront distribution the main stack puts in front of the HTTP API. A web ACL for CloudFront has scope
 * CLOUDFRONT and must live in us-east-1, hence this small stack pinned there; the main stack refers to its ARN across
 * regions (CDK `crossRegionReferences`).
 *
 * One rule: a rate-based rule per source IP (the viewer address CloudFront sees), blocking with 429, `Retry-After`
 * and a JSON body shaped like the API's problem body (WAF custom bodies cannot be application/problem+json).
 */
export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps = {}) {
    super(scope, id, {
      ...props,
      env: { ...props.env, region: 'us-east-1' },
      crossRegionReferences: true,
    });
    Tags.of(this).add('project', 'stammtisch');
    Tags.of(this).add('stage', props.stage ?? 'dev');
    const limit = props.requestsPer5Minutes ?? WAF_REQUESTS_PER_5_MINUTES;
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Stammtisch REST API: per-IP rate limit in front of the HTTP API',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('StammtischWebAcl'),
      customResponseBodies: {
        rateLimited: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            type: 'about:blank',
            title: 'Too many requests',
            status: 429,
            code: 'request/rate_limited',
            detail: `more than ${limit} requests in 5 minutes from this address`,
            retryAfter: 300,
          }),
        },
      },
      rules: [
        {
          name: 'RatePerIp',
          priority: 0,
          statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: 'rateLimited',
                responseHeaders: [{ name: 'retry-after', value: '300' }],
              },
            },
          },
          visibilityConfig: visibility('StammtischRatePerIp'),
        },
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
