import type { App } from 'aws-cdk-lib';
import { StammtischStack, type StammtischStackProps } from './stammtisch-stack.js';
import { WafStack } from './waf-stack.js';

export interface StammtischStacks {
  readonly main: StammtischStack;
  /** The us-east-1 stack with the WAF web ACL (when `waf`). */
  readonly waf?: WafStack;
}

/**
 * The app's stacks: the main stack, and with `waf` a second stack `<id>-Waf` in us-east-1 holding the CloudFront web
 * ACL, referred to across regions by the main stack's CloudFront distribution (infra/constructs/http-edge.ts). A
 * cross-region reference needs the main stack's region: the CDK CLI gives it (CDK_DEFAULT_REGION from the
 * credentials); without one, `waf` is refused with the reason.
 */
export function createStacks(
  app: App,
  id: string,
  props: StammtischStackProps,
  opts: {
    readonly waf: boolean;
    readonly account?: string | undefined;
    readonly region?: string | undefined;
    readonly requestsPer5Minutes?: number;
  },
): StammtischStacks {
  if (!opts.waf) return { main: new StammtischStack(app, id, props) };
  if (opts.region === undefined)
    throw new Error(
      'waf: the CloudFront web ACL lives in us-east-1 and the API stack must know its own region to refer to it — ' +
        'deploy with the CDK CLI and AWS credentials (CDK_DEFAULT_REGION), or pass -c waf=false',
    );
  const waf = new WafStack(app, `${id}-Waf`, {
    ...(opts.account !== undefined ? { env: { account: opts.account } } : {}),
    ...(props.stage !== undefined ? { stage: props.stage } : {}),
    ...(opts.requestsPer5Minutes !== undefined ? { requestsPer5Minutes: opts.requestsPer5Minutes } : {}),
  });
  const main = new StammtischStack(app, id, {
    ...props,
    env: { ...(opts.account !== undefined ? { account: opts.account } : {}), region: opts.region },
    crossRegionReferences: true,
    webAclArn: waf.webAcl.attrArn,
  });
  main.node.addDependency(waf);
  return { main, waf };
}
