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
  },
});
