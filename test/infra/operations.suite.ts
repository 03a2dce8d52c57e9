import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synthesize } from './support.js';

const hash = 'a'.repeat(64);

describe('stages', () => {
  it('prod: the event table retained and deletion protected, the stack termination protected, tagged', () => {
    const { stack, template } = synthesize({ stage: 'prod', apiKeyHashes: hash, retainData: false }, { bundle: false });
    expect(stack.terminationProtection).toBe(true);
    // retainData=false is ignored in prod: games and records are never deleted with the stack.
    template.hasResource('AWS::DynamoDB::Table', {
      Properties: {
        KeySchema: Match.arrayWith([{ AttributeName: 'pk', KeyType: 'HASH' }]),
        DeletionProtectionEnabled: true,
      },
      DeletionPolicy: 'Retain',
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Tags: Match.arrayWith([
        { Key: 'project', Value: 'stammtisch' },
        { Key: 'stage', Value: 'prod' },
      ]),
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 180 });
  });

  it('dev (the default): no termination protection, retainData=false deletes the event table', () => {
    const { stack, template } = synthesize({ stage: 'dev', apiKeyHashes: hash, retainData: false }, { bundle: false });
    expect(stack.terminationProtection).toBe(false);
    template.hasResource('AWS::DynamoDB::Table', {
      Properties: { KeySchema: Match.arrayWith([{ AttributeName: 'pk', KeyType: 'HASH' }]) },
      DeletionPolicy: 'Delete',
    });
  });

  it('an optional custom domain maps onto the REST stage (and needs a certificate)', () => {
    const arn = 'arn:aws:acm:eu-central-1:123456789012:certificate/abc';
    const { template } = synthesize(
      { apiKeyHashes: hash, domainName: 'api.example.com', certificateArn: arn },
      { bundle: false },
    );
    template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.example.com',
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: arn })],
    });
    template.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    expect(() => synthesize({ apiKeyHashes: hash, domainName: 'api.example.com' }, { bundle: false })).toThrow(
      /certificateArn/,
    );
  });
});

describe('the HTTP API answers CORS preflights itself; both stages write JSON access logs', () => {
  const { template } = synthesize({ apiKeyHashes: hash }, { bundle: false });

  it('CORS preflight configuration equal to the Hono app’s cors()', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: {
        AllowOrigins: ['*'],
        AllowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
        AllowHeaders: ['authorization', 'content-type', 'idempotency-key'],
        ExposeHeaders: ['retry-after'],
        MaxAge: 600,
      },
    });
  });

  it('access logs on both stages, JSON with the request id; per-route metrics on the WebSocket stage', () => {
    const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as {
      Properties: {
        AccessLogSettings?: { Format: string };
        DefaultRouteSettings?: { DetailedMetricsEnabled?: boolean };
      };
    }[];
    expect(stages).toHaveLength(2);
    for (const s of stages) {
      const format = JSON.parse(s.Properties.AccessLogSettings!.Format) as Record<string, string>;
      expect(format.requestId).toBe('$context.requestId');
    }
    expect(stages.some((s) => s.Properties.DefaultRouteSettings?.DetailedMetricsEnabled === true)).toBe(true);
  });
});

describe('alarms on what users feel, one dashboard', () => {
  const { template } = synthesize({ apiKeyHashes: hash }, { bundle: false });
  const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as {
    Properties: { MetricName?: string; Namespace?: string; ExtendedStatistic?: string; Metrics?: unknown[] };
  }[];

  it('p99 duration per function, WebSocket integration errors and internal error frames, DynamoDB throttles', () => {
    expect(alarms.filter((a) => a.Properties.ExtendedStatistic === 'p99')).toHaveLength(4);
    expect(alarms.filter((a) => a.Properties.MetricName === 'IntegrationError')).toHaveLength(1);
    expect(
      alarms.filter((a) => a.Properties.Namespace === 'Stammtisch' && a.Properties.MetricName === 'Errors'),
    ).toHaveLength(1);
    // Throttled requests per operation, summed (a metric math alarm per table).
    expect(JSON.stringify(alarms.filter((a) => a.Properties.Metrics !== undefined))).toContain('ThrottledRequests');
    expect(alarms.filter((a) => a.Properties.Metrics !== undefined)).toHaveLength(2);
  });

  it('one dashboard', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });
});
