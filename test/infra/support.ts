import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryRoot } from '../../infra/constructs/stammtisch-function.js';
import { StammtischStack, type StammtischStackProps } from '../../infra/stammtisch-stack.js';

/** cdk.json's context (the feature flags the CLI would pass), so tests synthesize what `cdk deploy` deploys. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

export interface Synthesized {
  readonly stack: StammtischStack;
  readonly template: Template;
  /** The cloud assembly directory (bundled assets live under it as `asset.<hash>/`). */
  readonly outdir: string;
}

/**
 * Synthesized stacks by configuration, shared by the suites: they all run in one test file (test/infra/cdk.test.ts),
 * which loads this module once.
 */
const cache = new Map<string, Synthesized>();

/**
 * Synthesize the real stack into a fresh directory. `bundle: false` skips esbuild (the `aws:cdk:bundling-stacks`
 * context the CLI uses for `--exclusively`), for tests that only look at configuration.
 *
 * Synthesis is the slow part of these tests (seconds each) and is deterministic, so each distinct configuration (props,
 * options and cdk.json's context) is synthesized once and shared; callers only read the result.
 * A configuration that throws is not cached (every call throws again).
 */
export function synthesize(
  props: Partial<StammtischStackProps> = {},
  opts: { bundle?: boolean; context?: Record<string, unknown> } = {},
): Synthesized {
  const key = JSON.stringify([props, opts, cdkJsonContext()]);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const synthesized = synthesizeAfresh(props, opts);
  cache.set(key, synthesized);
  return synthesized;
}

function synthesizeAfresh(
  props: Partial<StammtischStackProps>,
  opts: { bundle?: boolean; context?: Record<string, unknown> },
): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'stammtisch-cdk-'));
  const app = new App({
    outdir,
    context: {
      ...cdkJsonContext(),
      ...(opts.bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}),
      ...opts.context,
    },
  });
  const stack = new StammtischStack(app, 'Stammtisch', { appVersion: '1.2.3', ...props });
  return { stack, template: Template.fromStack(stack), outdir };
}

type Json = Record<string, unknown>;

/** Every IAM policy statement of the template (inline role policies and AWS::IAM::Policy documents). */
export function policyStatements(template: Template): { policy: string; statement: Json }[] {
  const out: { policy: string; statement: Json }[] = [];
  for (const [id, policy] of Object.entries(template.findResources('AWS::IAM::Policy')))
    for (const statement of (policy as { Properties: { PolicyDocument: { Statement: Json[] } } }).Properties
      .PolicyDocument.Statement)
      out.push({ policy: id, statement });
  return out;
}

/**
 * The statements of the default policy attached to a function's role: what it may do with the app's resources. The
 * platform statements every function has (its own log group, X-Ray) are left out unless `withPlatform`.
 */
export function statementsOfFunction(template: Template, functionLogicalId: string, withPlatform = false): Json[] {
  const fn = template.findResources('AWS::Lambda::Function')[functionLogicalId] as {
    Properties: { Role: { 'Fn::GetAtt': [string, string] } };
  };
  const role = fn.Properties.Role['Fn::GetAtt'][0];
  const statements: Json[] = [];
  for (const policy of Object.values(template.findResources('AWS::IAM::Policy')) as {
    Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Json[] } };
  }[])
    if (policy.Properties.Roles.some((r) => r.Ref === role))
      statements.push(...policy.Properties.PolicyDocument.Statement);
  const platform = (s: Json): boolean => actionsOf(s).every((a) => /^(logs|xray):/.test(a));
  return withPlatform ? statements : statements.filter((s) => !platform(s));
}

/** Statement actions as a list. */
export function actionsOf(statement: Json): string[] {
  const a = statement.Action as string | string[];
  return typeof a === 'string' ? [a] : a;
}

/** Statement resources as a list. */
export function resourcesOf(statement: Json): unknown[] {
  const r = statement.Resource as unknown;
  return Array.isArray(r) ? r : [r];
}

/** The logical id of the only resource of `type` whose logical id starts with `prefix`. */
export function logicalId(template: Template, type: string, prefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix));
  if (ids.length !== 1) throw new Error(`expected one ${type} starting with ${prefix}, found ${ids.join(', ')}`);
  return ids[0]!;
}
