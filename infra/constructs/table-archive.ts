import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * Where closed tables are archived (docs/operations.md "Closed tables are archived"; functions/use-cases/archive.ts):
 * a private bucket (no public access, TLS only, S3-managed encryption), one gzipped JSON object per table under
 * `tables/`, moved to Glacier Instant Retrieval after 30 days and kept (retained with the stack's data). The due
 * function may only put objects under `tables/`.
 */
export class TableArchiveBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      lifecycleRules: [
        {
          prefix: 'tables/',
          transitions: [{ storageClass: StorageClass.GLACIER_INSTANT_RETRIEVAL, transitionAfter: Duration.days(30) }],
          // An archive written again (at least once) leaves the older copy: gone after a week.
          noncurrentVersionExpiration: Duration.days(7),
        },
      ],
      // The tables' history: it outlives the stack, like the event table in prod.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only the due function writes here (one object per closed table, granted PutObject under tables/ only); nobody reads it through the API. Access logs would log our own writes.',
    });
  }

  /** Let `grantee` archive tables: s3:PutObject under `tables/`, nothing else (no Abort*, no ACLs, no reads). */
  grantArchive(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.bucket.arnForObjects('tables/*')] }),
    );
  }
}
