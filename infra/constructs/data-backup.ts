import { Annotations, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';

export interface DataBackupProps {
  readonly table: ITable;
  readonly prod: boolean;
  /** A vault in another region (its ARN): each backup is copied there and kept as long. */
  readonly copyVaultArn?: string;
}

/**
 * AWS Backup for the event table, beside its point-in-time recovery (35 days, in-region): a daily backup at 03:00 UTC
 * kept 35 days in this region's vault and, with `copyVaultArn`, copied to a vault in a second region — what survives
 * the loss of a region or of the account's table. The restore runbook is docs/operations.md "Backups and restore"; its local
 * rehearsal is test/infra/restore.suite.ts (scripts/backup.ts export, wipe, restore, tables play on).
 */
export class DataBackup extends Construct {
  readonly plan: BackupPlan;
  readonly vault: BackupVault;

  constructor(scope: Construct, id: string, props: DataBackupProps) {
    super(scope, id);
    this.vault = new BackupVault(this, 'Vault', {
      // Recovery points outlive the stack: a deleted stack must not take its backups with it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const copyTo =
      props.copyVaultArn !== undefined
        ? [
            {
              destinationBackupVault: BackupVault.fromBackupVaultArn(this, 'CopyVault', props.copyVaultArn),
              deleteAfter: Duration.days(35),
            },
          ]
        : undefined;
    this.plan = new BackupPlan(this, 'Plan', {
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: Schedule.cron({ hour: '3', minute: '0' }),
          deleteAfter: Duration.days(35),
          ...(copyTo !== undefined ? { copyActions: copyTo } : {}),
        }),
      ],
    });
    const selection = this.plan.addSelection('EventTable', {
      resources: [BackupResource.fromDynamoDbTable(props.table)],
    });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason:
        'The AWS-managed policy AWS Backup documents for its service role; the selection limits it to the event table.',
    });
    if (props.copyVaultArn === undefined && props.prod)
      Annotations.of(this).addWarningV2(
        'stammtisch:noBackupCopy',
        'prod without backupCopyVaultArn: backups stay in this region (docs/operations.md "Backups and restore")',
      );
  }
}
