/**
 * Kernels are shipped to workers as source text. Under tsx (users' TypeScript programs, the
 * benchmarks) esbuild wraps a named local function in a `__name(...)` call whose helper exists only
 * in the issuing module, so such a kernel fails in every worker ("__name is not defined"). The
 * vitest transform does not add the helper, so the suite's kernel tests cannot see it: this test
 * loads the library from source under tsx in a fresh process and inspects every registered kernel.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./child/kernel-sources.ts', import.meta.url));
const bundle = fileURLToPath(new URL('../../dist/bundle/index.js', import.meta.url));

type Out = { count: number; bad: string[]; acc: number };
function runChild(...args: string[]): Out {
  const r = spawnSync(process.execPath, ['--import', 'tsx', child, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Out;
}

describe('kernel sources under tsx', () => {
  let fromSource: Out | undefined;
  it('no registered kernel names a transpiler helper a worker lacks', () => {
    const out = (fromSource = runChild());
    expect(out.count).toBeGreaterThan(50);
    expect(out.bad).toEqual([]);
  });

  // The package's bundle (built by `npm run build`, which `npm ci` runs): its functions' texts are
  // what the workers receive once installed. The same workload on the pool, the same bits.
  it.skipIf(!existsSync(bundle))(
    'the bundle the package exports runs the same workload on a worker alike',
    () => {
      const out = runChild('bundle');
      expect(out.acc).toBe((fromSource ?? runChild()).acc);
    },
  );
});
