import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  defaultLoad,
  demand,
  limitsOf,
  measuredPerDeal,
  perThousandDeals,
  pressure,
  sizing,
  type Load,
  type PerDeal,
} from '../../infra/capacity.js';
import { synthesize } from './support.js';

/** A load small enough to check by hand: 8,640 deals a day of 10 commits each = 1 commit per second on average. */
const small: Load = {
  dealsPerDay: 8_640,
  peak: 2,
  connections: 600,
  restShare: 0.5,
  botShare: 0,
  tournamentPlayers: 40,
};
const simple: PerDeal = {
  ...measuredPerDeal,
  commits: 10,
  restViewReadsPerMove: 1,
  writeUnitsPerCommit: 1,
  readUnitsPerRestMove: 1,
  readUnitsPerFanOut: 0,
  framesPerCommit: 4,
  dueMessagesPerDeal: 10,
  httpMs: 100,
  wsMs: 100,
  streamMsPerRecord: 100,
  dueMs: 100,
  // No standing items here (a table in play for no time); the case below adds them.
  dealSeconds: 0,
};

describe('the capacity model (infra/capacity.ts)', () => {
  it('computes the peak rates of a small load exactly', () => {
    const d = demand(small, 1, simple);
    // 1 commit/s on average, 2 at the peak; all human: 1 over REST, 1 over the socket.
    expect(d.commitsPerSecond).toBe(2);
    // A REST move is the POST plus one GET of the view.
    expect(d.httpRps).toBe(2);
    // One socket move + 600 connections pinging every 5 minutes = 2 pings/s.
    expect(d.wsInboundRps).toBe(3);
    expect(d.wsOutboundRps).toBe(8);
    expect(d.writeUnitsPerSecond).toBe(2);
    // REST: 1 move × 1 unit × (POST + GET) = 2; socket: 1 × 1 = 1.
    expect(d.readUnitsPerSecond).toBe(3);
    expect(d.dueMessagesPerSecond).toBe(2);
    // Little's law: (2 + 3 + 2 + 2) × 0.1 s.
    expect(d.lambdaConcurrency).toBeCloseTo(0.9, 10);
    expect(d.tournamentStartCommits).toBe(10);
    // Writes: 1 unit/s average × 2,592,000 s × 0.625 µ$ = 1,620,000 µ$.
    expect(d.monthly['DynamoDB writes']).toBe(1_620_000);
    // The total is the sum of its integer lines; money never passes through a float total.
    expect(d.monthlyTotal).toBe(Object.values(d.monthly).reduce((a, b) => a + b, 0));
    expect(Number.isInteger(d.monthlyTotal)).toBe(true);
  });

  it("adds each live table's standing item: one due message per look, its reads and writes, its Lambda time", () => {
    const per: PerDeal = {
      ...simple,
      dealSeconds: 300,
      standingLookSeconds: 300,
      standingLookReadUnits: 3,
      standingLookWriteUnits: 2,
      standingLookMs: 50,
    };
    const d = demand(small, 1, per);
    // 0.1 deals start per second on average, 0.2 at the peak, each holding its table 300 s: 60 tables in play, each
    // looked at every 300 s = 0.2 looks/s.
    expect(d.liveTables).toBeCloseTo(60, 10);
    expect(d.standingLooksPerSecond).toBeCloseTo(0.2, 10);
    expect(d.dueMessagesPerSecond).toBeCloseTo(2.2, 10);
    expect(d.writeUnitsPerSecond).toBeCloseTo(2 + 0.2 * 2, 10);
    expect(d.readUnitsPerSecond).toBeCloseTo(3 + 0.2 * 3, 10);
    // Due workers: 2 move messages × 0.1 s + 0.2 looks × 0.05 s.
    expect(d.dueConcurrency).toBeCloseTo(0.21, 10);
    expect(d.lambdaConcurrency).toBeCloseTo(0.7 + 0.21, 10);
  });

  it('scales linearly and names the limit hit first', () => {
    const one = demand(defaultLoad, 1);
    const ten = demand(defaultLoad, 10);
    expect(ten.commitsPerSecond).toBeCloseTo(one.commitsPerSecond * 10, 6);
    const limits = limitsOf(sizing(defaultLoad));
    const at1 = pressure(one, limits, defaultLoad);
    // The default stack carries the default load with its headroom: nothing above 100 % at 1×…
    expect(at1[0]!.use).toBeLessThan(1);
    // …and at 10× the stage throttles sized for 1× are the first to refuse play.
    const at10 = pressure(ten, limits, defaultLoad);
    expect(at10[0]!.use).toBeGreaterThan(1);
    expect(at10.map((r) => r.use)).toEqual([...at10.map((r) => r.use)].sort((a, b) => b - a));
    // Sauspiel-sized: about 580 commits/s at the evening peak.
    expect(Math.round(one.commitsPerSecond)).toBe(593);
    expect(perThousandDeals(one, defaultLoad)).toBeGreaterThan(0);
  });

  it('sizes throttles with headroom over the peak', () => {
    const s = sizing(defaultLoad);
    const d = demand(defaultLoad);
    expect(s.httpRateLimit).toBeGreaterThanOrEqual(d.httpRps * 2);
    expect(s.wsRateLimit).toBeGreaterThanOrEqual(d.wsInboundRps * 2);
    expect(s.dueMaxConcurrency).toBeGreaterThanOrEqual(d.dueConcurrency * 2);
    expect(limitsOf(s).streamRecordsPerSecond).toBeGreaterThanOrEqual(d.streamRecordsPerSecond * 2);
  });
});

describe('the stack is sized by the model', () => {
  it('a bigger load in context `capacity` raises the synthesized limits to the model’s', () => {
    const load = { dealsPerDay: 1_000_000 };
    const { template } = synthesize({ capacity: load }, { bundle: false });
    const expected = sizing({ ...defaultLoad, ...load });
    const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as {
      Properties: {
        StageName: string;
        DefaultRouteSettings: { ThrottlingRateLimit: number; ThrottlingBurstLimit: number };
      };
    }[];
    const byName = Object.fromEntries(stages.map((s) => [s.Properties.StageName, s.Properties.DefaultRouteSettings]));
    expect(byName.$default).toMatchObject({
      ThrottlingRateLimit: expected.httpRateLimit,
      ThrottlingBurstLimit: expected.httpBurstLimit,
    });
    expect(byName.live).toMatchObject({
      ThrottlingRateLimit: expected.wsRateLimit,
      ThrottlingBurstLimit: expected.wsBurstLimit,
    });
    expect(expected.httpRateLimit).toBeGreaterThan(sizing(defaultLoad).httpRateLimit);
  });

  it('canary deploys with automatic rollback on alarms, a daily backup copied to a second region', () => {
    const copyVaultArn = 'arn:aws:backup:eu-west-1:123456789012:backup-vault:stammtisch-copy';
    const { template } = synthesize({ backupCopyVaultArn: copyVaultArn }, { bundle: false });
    const groups = Object.values(template.findResources('AWS::CodeDeploy::DeploymentGroup')) as {
      Properties: {
        DeploymentConfigName: string;
        AutoRollbackConfiguration: { Enabled: boolean; Events: string[] };
        AlarmConfiguration: { Alarms: unknown[]; Enabled: boolean };
      };
    }[];
    expect(groups).toHaveLength(4);
    for (const g of groups) {
      expect(g.Properties.DeploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
      expect(g.Properties.AutoRollbackConfiguration.Enabled).toBe(true);
      expect(g.Properties.AutoRollbackConfiguration.Events).toEqual(
        expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']),
      );
      expect(g.Properties.AlarmConfiguration.Enabled).toBe(true);
      expect(g.Properties.AlarmConfiguration.Alarms.length).toBeGreaterThanOrEqual(2);
    }
    template.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: {
        BackupPlanRule: [
          {
            RuleName: 'Daily',
            ScheduleExpression: 'cron(0 3 * * ? *)',
            Lifecycle: { DeleteAfterDays: 35 },
            CopyActions: [{ DestinationBackupVaultArn: copyVaultArn, Lifecycle: { DeleteAfterDays: 35 } }],
          },
        ],
      },
    });
  });
});

/**
 * scripts/capacity.ts run by node with tsx's loader, as `npm run capacity` runs it through tsx, without the npm and
 * tsx CLI processes in front (each a node start of its own).
 */
const capacityScript = (args: string[], opts: { stdio?: 'pipe' } = {}): string =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/capacity.ts', ...args], { encoding: 'utf8', ...opts });

describe('npm run capacity', () => {
  it('prints the 1×/10×/100× table with the limit hit first, and refuses a bad flag value by name', () => {
    const out = capacityScript(['--deals-per-day', '250000', '--peak', '5']);
    expect(out).toMatch(/1×\s+10×\s+100×/);
    expect(out).toMatch(/1×: first hit: /);
    expect(out).toMatch(/100×: first hit: /);
    let stderr = '';
    try {
      capacityScript(['--peak', 'lots'], { stdio: 'pipe' });
    } catch (e) {
      stderr = String((e as { stderr: string }).stderr);
    }
    expect(stderr).toContain('--peak');
  });
});

describe('the README cost table', () => {
  it('is the model’s output for the default load (npm run capacity -- --markdown)', () => {
    const table = capacityScript(['--markdown']).trim();
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain(table);
  });
});
