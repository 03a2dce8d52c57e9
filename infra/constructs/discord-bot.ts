import { type HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { StammtischFunction } from './stammtisch-function.js';

export interface DiscordBotProps {
  readonly httpApi: HttpApi;
  readonly dataTable: ITable;
  /** The Discord application's public key (hex; public, not a secret): context `discordPublicKey`. */
  readonly publicKey: string;
  readonly sourceMaps?: boolean;
}

/**
 * The Discord interactions endpoint (adapters/discord/lambda.ts) behind the HTTP API at `POST /discord/interactions`.
 * It talks to the REST API over its public URL, like any bot would, and keeps its channel/seat state in the data
 * table under `CHAT#discord#…` (GetItem/PutItem only).
 */
export class DiscordBot extends Construct {
  readonly function: StammtischFunction;

  constructor(scope: Construct, id: string, props: DiscordBotProps) {
    super(scope, id);
    if (!/^[0-9a-f]{64}$/.test(props.publicKey))
      throw new Error('discordPublicKey: the application public key is 64 lowercase hex digits');
    this.function = new StammtischFunction(this, 'Function', {
      entry: 'adapters/discord/lambda.ts',
      description: 'Stammtisch Discord interactions endpoint',
      sourceMaps: props.sourceMaps,
      environment: { DISCORD_PUBLIC_KEY: props.publicKey, STAMMTISCH_URL: props.httpApi.apiEndpoint },
    }).bindTable(props.dataTable, 'play', 'DATA_TABLE', []);
    props.httpApi.addRoutes({
      path: '/discord/interactions',
      methods: [HttpMethod.POST],
      integration: new HttpLambdaIntegration('DiscordIntegration', this.function),
    });
  }

  /** Add the bot when the context names a public key (`cdk deploy -c discordPublicKey=…`); otherwise nothing. */
  static fromContext(scope: Construct, props: Omit<DiscordBotProps, 'publicKey'>): DiscordBot | undefined {
    const publicKey = scope.node.tryGetContext('discordPublicKey') as string | undefined;
    return publicKey === undefined ? undefined : new DiscordBot(scope, 'DiscordBot', { ...props, publicKey });
  }
}
