import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^cohortjs\/numpy$/, replacement: here('./dense/index.ts') },
      { find: /^cohortjs\/sparse\/linalg$/, replacement: here('./sparse/linalg/index.ts') },
      { find: /^cohortjs\/sparse$/, replacement: here('./sparse/index.ts') },
      { find: /^cohortjs\/integrate$/, replacement: here('./integrate/index.ts') },
      { find: /^cohortjs\/io$/, replacement: here('./sparse/io/index.ts') },
      { find: /^cohortjs\/runtime$/, replacement: here('./runtime/index.ts') },
      { find: /^cohortjs$/, replacement: here('./index.ts') },
    ],
  },
  test: {
    include: ['tests/**/*.test.ts'],
    // A fixed fast-check seed unless COHORT_FC_SEED=random (tests/setup/fast-check-seed.ts).
    setupFiles: ['tests/setup/fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Small launches run inline by default (mapper/README.md); the suite sends them to the pool
    // so that its small arrays exercise the pool's paths at pool sizes 1 and 2. All three limits
    // are needed: under COHORT_INLINE_LAUNCH_BYTES=0 alone, a launch under 2 × 256 KiB stayed one
    // piece (minPieceBytes) and a piece under 64 KiB ran inline (inlineBytes), so until
    // 2026-11-29 most of the suite's "pool sizes 0, 1, 2" ran every piece on the issuing thread.
    // Small solves run as one task by default (sparse/linalg/one-task.ts); the suite keeps them on
    // the per-launch loop (tests/linalg/one-task.test.ts compares the two bit for bit).
    env: {
      COHORT_INLINE_LAUNCH_BYTES: '0',
      COHORT_INLINE_BYTES: '0',
      COHORT_MIN_PIECE_BYTES: '64',
      COHORT_ONE_TASK_SOLVE_BYTES: '0',
    },
  },
});
