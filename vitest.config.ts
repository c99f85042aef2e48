import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^cohort\/numpy$/, replacement: here('./dense/index.ts') },
      { find: /^cohort\/sparse\/linalg$/, replacement: here('./sparse/linalg/index.ts') },
      { find: /^cohort\/sparse$/, replacement: here('./sparse/index.ts') },
      { find: /^cohort\/io$/, replacement: here('./sparse/io/index.ts') },
      { find: /^cohort\/runtime$/, replacement: here('./runtime/index.ts') },
      { find: /^cohort$/, replacement: here('./index.ts') },
    ],
  },
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Small launches run inline by default (mapper/README.md); the suite sends them to the pool
    // so that its small arrays exercise the pool's paths at pool sizes 1 and 2.
    env: { COHORT_INLINE_LAUNCH_BYTES: '0' },
  },
});
