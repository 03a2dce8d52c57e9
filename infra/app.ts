import { App } from 'aws-cdk-lib';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from './constructs/stammtisch-function.js';
import type { Load } from './capacity.js';
import { createStacks } from './stacks.js';

/**
 * The CDK app. `npx cdk synth|deploy|destroy` runs it (cdk.json: `npx tsx infra/app.ts`); `npm run synth` runs it
 * directly — no CLI, no AWS account, no network — and writes the same cloud assembly to cdk.out/.
 * The stack is environment-agnostic (no account/region, no lookups); deploy targets the account and region of the
 * current AWS credentials.
 *
 * Context (`-c key=value` or cdk.json): stage (`dev` | `prod`; stack `Stammtisch-<stage>`, without it `Stammtisch`),
 * apiKeyHashes, apiKeyHashesParameter, alarmEmail, retainData (default true; ignored in prod), sourceMaps (default
 * false), domainName + certificateArn (custom domain for the REST API), waf (`true`|`false`, default true in prod:
 * CloudFront + WAF rate rule in front of the REST API, a second stack `<name>-Waf` in us-east-1) and
 * wafRequestsPer5Minutes (default 2000 per IP), web (`false` leaves the web app out; default: web/dist when built),
 * capacity (JSON: the load the limits are sized for, infra/capacity.ts), backupCopyVaultArn (a vault in a second
 * region for backup copies). docs/operations.md.
 */
const underCli = process.env.CDK_OUTDIR !== undefined;
const cdkJson = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as {
  context?: Record<string, unknown>;
};
// The CLI passes cdk.json's context (feature flags) itself; a direct run reads it here so both synthesize alike.
const app = new App({
  context: cdkJson.context ?? {},
  ...(underCli ? {} : { outdir: join(repositoryRoot, 'cdk.out') }),
});
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return value === undefined || value === null || value === '' ? undefined : String(value);
};
const pkg = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { version: string };

const webDist = join(repositoryRoot, 'web', 'dist');
// `-c capacity='{"dealsPerDay":500000}'`: the load the limits are sized for (infra/capacity.ts `Load`).
const capacityContext: unknown = app.node.tryGetContext('capacity');
const capacity: Partial<Load> | undefined =
  capacityContext === undefined
    ? undefined
    : ((typeof capacityContext === 'string' ? JSON.parse(capacityContext) : capacityContext) as Partial<Load>);

const stage = context('stage');
if (stage !== undefined && stage !== 'dev' && stage !== 'prod') throw new Error(`stage: "${stage}" is not dev or prod`);

// WAF (CloudFront + a rate-based rule) in front of the REST API: on for prod unless -c waf=false; -c waf=true anywhere.
const waf = context('waf') === undefined ? stage === 'prod' : context('waf') === 'true';
createStacks(
  app,
  stage === undefined ? 'Stammtisch' : `Stammtisch-${stage}`,
  {
    description: `Stammtisch${stage === undefined ? '' : ` (${stage})`}: serverless Schafkopf-family backend (REST + WebSocket + DynamoDB)`,
    ...(stage !== undefined ? { stage } : {}),
    domainName: context('domainName'),
    certificateArn: context('certificateArn'),
    appVersion: pkg.version,
    apiKeyHashes: context('apiKeyHashes'),
    apiKeyHashesParameter: context('apiKeyHashesParameter'),
    alarmEmail: context('alarmEmail'),
    retainData: context('retainData') !== 'false',
    sourceMaps: context('sourceMaps') === 'true',
    // The web app, when built (`npm run synth` builds it first; -c web=false leaves it out).
    ...(context('web') !== 'false' && existsSync(join(webDist, 'index.html')) ? { webAssets: webDist } : {}),
    ...(context('backupCopyVaultArn') !== undefined ? { backupCopyVaultArn: context('backupCopyVaultArn') } : {}),
    ...(capacity !== undefined ? { capacity } : {}),
  },
  {
    waf,
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
    ...(context('wafRequestsPer5Minutes') !== undefined
      ? { requestsPer5Minutes: Number(context('wafRequestsPer5Minutes')) }
      : {}),
  },
);

const assembly = app.synth();
// The library has printed the annotations; like the CLI, an error annotation fails a direct synth.
if (!underCli && assembly.stacks.some((s) => s.messages.some((m) => m.level === 'error'))) process.exitCode = 1;
