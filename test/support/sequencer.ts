import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order `npm test` starts its files in, so that the long, mostly waiting files do not end up last.
 *
 * Vitest's own order puts projects by name (engine, infra, unit, web) and, on a fresh clone without its duration
 * cache, keeps each project's files in glob order: the browser files (one Vite build and one server for all of them)
 * and the IRC test (paced by ngircd's flood control, over a minute) started last and made the tail of the run. Here the
 * projects start in the order below and each project's files longest first: by the durations Vitest cached from the
 * last run when it has them, else by file size. The engine's files (about 70, most under a second) come last: they fill
 * both workers to the end. Before them the infra project's one file (test/infra/cdk.test.ts, half a minute or more)
 * occupies one worker while the other works through the engine's files.
 */
const projectOrder = ['web', 'unit', 'isolated', 'infra', 'engine'];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification): number => {
      const at = projectOrder.indexOf(spec.project.name);
      return at === -1 ? projectOrder.length : at;
    };
    const weight = (spec: TestSpecification): { duration?: number; size: number } => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const duration = cache.getFileTestResults(key)?.duration;
      return { ...(duration !== undefined ? { duration } : {}), size: statSync(spec.moduleId).size };
    };
    const weights = new Map(files.map((spec) => [spec, weight(spec)]));
    return [...files].sort((a, b) => {
      if (rank(a) !== rank(b)) return rank(a) - rank(b);
      const wa = weights.get(a)!;
      const wb = weights.get(b)!;
      if (wa.duration !== undefined && wb.duration !== undefined) return wb.duration - wa.duration;
      return wb.size - wa.size;
    });
  }
}
