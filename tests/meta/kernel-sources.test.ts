/**
 * Kernels are shipped to workers as source text. Under tsx (users' TypeScript programs, the
 * benchmarks) esbuild wraps a named local function in a `__name(...)` call whose helper exists only
 * in the issuing module, so such a kernel fails in every worker ("__name is not defined"). The
 * vitest transform does not add the helper, so the suite's kernel tests cannot see it: this test
 * loads the library from source under tsx in a fresh process and inspects every registered kernel.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./child/kernel-sources.ts', import.meta.url));

describe('kernel sources under tsx', () => {
  it('no registered kernel names a transpiler helper a worker lacks', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { count: number; bad: string[] };
    expect(out.count).toBeGreaterThan(50);
    expect(out.bad).toEqual([]);
  });
});
