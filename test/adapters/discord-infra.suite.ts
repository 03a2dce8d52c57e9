import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synthesize } from '../infra/support.js';

const KEY = 'a'.repeat(64);

describe('the Discord function in the CDK app', () => {
  it('with -c discordPublicKey: a function behind POST /discord/interactions on the HTTP API, with the key and API URL', () => {
    const { template } = synthesize({}, { bundle: false, context: { discordPublicKey: KEY } });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /discord/interactions' });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Stammtisch Discord interactions endpoint',
      Environment: {
        Variables: Match.objectLike({
          DISCORD_PUBLIC_KEY: KEY,
          STAMMTISCH_URL: Match.anyValue(),
          DATA_TABLE: Match.anyValue(),
        }),
      },
    });
  });

  it('without the context nothing is added, and a malformed key is refused at synth', () => {
    const { template } = synthesize({}, { bundle: false });
    expect(
      Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey),
    ).not.toContain('POST /discord/interactions');
    expect(() => synthesize({}, { bundle: false, context: { discordPublicKey: 'not-hex' } })).toThrow(
      /64 lowercase hex/,
    );
  });
});
