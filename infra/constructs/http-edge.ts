import { Aws, CfnOutput, Fn, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/edge/origin-verify.js';

export interface HttpEdgeProps {
  readonly httpApi: HttpApi;
  /** ARN of a CLOUDFRONT-scoped web ACL (infra/waf-stack.ts). */
  readonly webAclArn: string;
}

/**
 * CloudFront in front of the HTTP API, with the WAF web ACL attached (WAF cannot attach to an HTTP API itself).
 * Nothing is cached (every response is per caller); all viewer headers but Host go to the origin — with caching off
 * that includes `Authorization` — and CloudFront adds `x-origin-verify: <secret>`, which the REST function checks
 * (functions/edge/origin-verify.ts) so the WAF cannot be bypassed by calling the execute-api URL directly.
 * The secret is the stack's own UUID (from AWS::StackId): not in the source or the template, known to the distribution
 * and the function only (and to whoever may describe the stack).
 */
export class HttpEdge extends Construct {
  readonly distribution: Distribution;
  /** The value CloudFront sends in ORIGIN_VERIFY_HEADER (a deploy-time token). */
  readonly originSecret: string;

  constructor(scope: Construct, id: string, props: HttpEdgeProps) {
    super(scope, id);
    this.originSecret = Fn.select(2, Fn.split('/', Aws.STACK_ID));
    const originDomain = `${props.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Aws.URL_SUFFIX}`;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Stammtisch REST API behind AWS WAF',
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: new HttpOrigin(originDomain, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originSecret },
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      },
    });
    new CfnOutput(Stack.of(this), 'HttpEdgeUrl', {
      description: 'REST base URL behind CloudFront + WAF (append /v1/...); the execute-api URL refuses direct calls',
      value: `https://${this.distribution.distributionDomainName}`,
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: card players anywhere are welcome; abuse is limited per address by the WAF rule.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'No CloudFront access logs: every request that reaches the API is in the HTTP stage’s JSON access log, and WAF blocks are in its metrics and sampled requests.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The default *.cloudfront.net certificate: CloudFront fixes its viewer policy at TLSv1; a custom domain with its own certificate is the place for TLSv1.2_2021 (context domainName serves the API directly).',
      },
    );
  }
}
