import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
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
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Aws, CfnOutput } from 'aws-cdk-lib';
import { Construct } from 'constructs';

export interface WebSiteProps {
  /** The built web app (web/dist: `npm run build -w web`). */
  readonly assets: string;
  /** `/v1/*` goes to this HTTP API through the same distribution: the app calls the API on its own origin. */
  readonly httpApi: HttpApi;
  /** The WebSocket API's URL (wss://…/stage), written to `/config.json` for the app. */
  readonly webSocketUrl: string;
  /** Headers CloudFront adds towards the API (the origin-verify secret when the API sits behind WAF). */
  readonly apiOriginHeaders?: Record<string, string>;
  /** A CLOUDFRONT-scoped web ACL for the distribution (infra/waf-stack.ts). */
  readonly webAclArn?: string;
}

/**
 * The web app as static files: a private S3 bucket (no public access, TLS only, S3-managed encryption) read by
 * CloudFront through origin access control. Client routes (/table/…, /organiser/…) are answered with index.html, like
 * local/static-site.ts does on `npm start`; `/v1/*` is passed uncached to the HTTP API, so the app and the API share
 * one origin (no CORS); the WebSocket API's URL reaches the app in `/config.json`.
 */
export class WebSite extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebSiteProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // The files are rebuilt from the repository on every deploy: nothing to keep.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    const apiDomain = `${props.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Aws.URL_SUFFIX}`;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Stammtisch web app (S3) and REST API (/v1/*) on one origin',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultRootObject: 'index.html',
      ...(props.webAclArn !== undefined ? { webAclId: props.webAclArn } : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
      },
      additionalBehaviors: {
        '/v1/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            ...(props.apiOriginHeaders !== undefined ? { customHeaders: props.apiOriginHeaders } : {}),
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
      // S3 answers 403 for a key that is not there (the bucket is not listable): a client route gets the app.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
    });
    new BucketDeployment(this, 'Deploy', {
      sources: [Source.asset(props.assets), Source.jsonData('config.json', { wsUrl: props.webSocketUrl })],
      destinationBucket: this.bucket,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
      cacheControl: [CacheControl.fromString('public, max-age=300')],
      memoryLimit: 512,
    });
    new CfnOutput(Stack.of(this), 'WebAppUrl', {
      description: 'The web app (lobby, tables, tournaments); /v1/... is the REST API on the same origin',
      value: `https://${this.distribution.distributionDomainName}`,
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'No geo restriction: card players anywhere are welcome.' },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'The WAF web ACL is attached when the stack has one (context waf); static files need no WAF of their own.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason: 'No CloudFront access logs for static files; API requests are in the HTTP stage’s JSON access log.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The default *.cloudfront.net certificate: CloudFront fixes its viewer policy at TLSv1; a custom domain with its own certificate is the place for TLSv1.2_2021.',
      },
    );
    // BucketDeployment's copy function is a singleton of the stack (CDK's own handler, runtime and policy).
    const copier = Stack.of(this).node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    for (const c of copier) {
      const findings = [
        ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((a) => `Action::${a}`),
        'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
        `Resource::<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>/*`,
        'Resource::*',
      ];
      Validations.of(c).acknowledge(
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK’s deployment function writes its logs with the basic execution role; it runs at deploy time only.',
        },
        ...findings.map((f) => ({
          id: `AwsSolutions-IAM5[${f}]`,
          reason:
            'CDK’s BucketDeployment grants: read the asset from the CDK assets bucket, replace the site’s objects, invalidate the distribution (CloudFront has no resource-level invalidation).',
        })),
        {
          id: 'AwsSolutions-L1',
          reason: 'The runtime of CDK’s own deployment function follows the aws-cdk-lib version.',
        },
        {
          id: 'Serverless-LambdaLatestVersion',
          reason: 'The runtime of CDK’s own deployment function follows aws-cdk-lib.',
        },
        {
          id: 'Serverless-LambdaDLQ',
          reason: 'A CloudFormation custom resource: a failure fails the deploy, nothing to re-drive.',
        },
        { id: 'Serverless-LambdaTracing', reason: 'Runs once per deploy; its logs say what it copied.' },
      );
    }
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'The bucket holds the public build of the app, read only by CloudFront (OAC); access logs would add nothing.',
    });
  }
}
