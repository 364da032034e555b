import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (a full run's durations on two cores). A fresh clone has no results
 * cache, so Vitest would order by file size and start these small files late, leaving one worker running the last
 * of them alone while the other waits.
 */
const slowestFiles = [
  'tests/api/fuzz.test.ts',
  'tests/api/data-dir-owner.test.ts',
  'tests/api/backup-restore.test.ts',
  'tests/api/mail-queue.test.ts',
  'tests/api/pglite-memory.test.ts',
  'tests/unit/server/web-build.test.ts',
  'tests/api/review-digest.test.ts',
  'tests/api/health.test.ts',
  'tests/unit/bench/new-searches.test.ts',
  'tests/api/dev-sign-in-label.test.ts',
  'tests/unit/workflows/statechart-drift.test.ts',
  'tests/api/statement-timeout.test.ts',
  'tests/api/cli.test.ts',
  'tests/api/audit-chain.test.ts',
  'tests/machines/site-editor.machine.test.ts',
  'tests/machines/swms-builder.machine.test.ts',
];

/** Vitest's own order (failed first, then by the cached durations or by size), with the slowest files above it all. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = slowestFiles.indexOf(path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/'));
      return index === -1 ? slowestFiles.length : index;
    };
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
