import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { Construct } from 'constructs';
import type { StammtischFunction } from './stammtisch-function.js';

export interface SafeDeployProps {
  readonly functions: readonly StammtischFunction[];
  /** Alarms of the whole service (5xx of the APIs) that also roll a deploy back. */
  readonly extraAlarms?: readonly IAlarm[];
}

/**
 * Deploys that cannot take the service down: each function's `live` alias moves to a new version through CodeDeploy —
 * 10 % of invocations for 5 minutes, then all — and moves back on its own when an alarm fires during the shift: the
 * new version's errors (measured on the alias, so only traffic it served counts), the function's throttles, and the
 * APIs' 5xx alarms. docs/operations.md "Deploys".
 */
export class SafeDeploy extends Construct {
  readonly groups: readonly LambdaDeploymentGroup[];
  /** The per-alias error alarms that stop a canary (also on the stack's alarm topic). */
  readonly canaryAlarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: SafeDeployProps) {
    super(scope, id);
    const application = new LambdaApplication(this, 'Application');
    this.groups = props.functions.map((fn) => {
      const name = fn.node.id;
      const errors = new Alarm(this, `${name}CanaryErrors`, {
        alarmDescription: `${name} (live alias): errors while a new version takes traffic — rolls the deploy back`,
        metric: fn.live.metricErrors({ period: Duration.minutes(1), statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      this.canaryAlarms.push(errors);
      const group = new LambdaDeploymentGroup(this, `${name}Group`, {
        application,
        alias: fn.live,
        deploymentConfig: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
        alarms: [errors, fn.throttlesAlarm, ...(props.extraAlarms ?? [])],
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
      Validations.of(group.role).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
        reason:
          'The AWS-managed role policy CodeDeploy documents for Lambda deployments: it may only shift aliases of functions and read the alarms it watches.',
      });
      return group;
    });
  }
}
