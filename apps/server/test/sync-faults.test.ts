import { beforeAll, describe, expect, it } from 'vitest';
import { targets, testServerFor } from './harness.ts';
import {
  emptyFigures,
  type FaultTarget,
  faultRun,
  prepareFaultTarget,
} from './sync-faults/fault-run.ts';

/** Seeded runs per database tier; `npm run soak -- sync --runs 10000` is the long form. */
const RUNS = 150;

describe.each(targets)('the sync path under injected faults on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  let target: FaultTarget;

  beforeAll(async () => {
    if (available) target = await prepareFaultTarget(server);
  });

  it.skipIf(!available)(
    `${RUNS} seeded runs: every acknowledged operation applied exactly once, every bad one never`,
    async () => {
      const figures = emptyFigures();
      const problems: string[] = [];
      for (let seed = 1; seed <= RUNS; seed++)
        problems.push(...(await faultRun(target, seed, figures)));
      expect(problems).toEqual([]);
      expect(figures.lost + figures.doubled).toBe(0);
      // The runs did meet every fault and some bad operations.
      for (const [kind, count] of Object.entries(figures.faults))
        expect(count, kind).toBeGreaterThan(0);
      expect(figures.rejectedAsExpected).toBeGreaterThan(0);
      expect(figures.acknowledged).toBeGreaterThan(RUNS);
    },
    240_000,
  );
});
