/**
 * runtime/wasm-tier.ts: with `COHORT_WASM_OPTIMIZE=1`, a kernel module compiled for a piece of at
 * least 2^18 elements runs optimized code (TurboFan) from its first call, and one for a small
 * piece keeps V8's baseline (Liftoff, cheap to compile); by default (no V8 flag flipped at run
 * time) both keep the baseline. Checked in a
 * child process with V8's test natives (`%IsTurboFanFunction`), which only that flag enables.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./child/wasm-tier.ts', import.meta.url));

function run(env: Record<string, string>): { small: string; large: string } {
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', child], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { small: string; large: string };
}

describe('the tier of a kernel module', () => {
  it('COHORT_WASM_OPTIMIZE=1: optimized from the first call for a large piece, baseline for a small one', () => {
    expect(run({ COHORT_WASM_OPTIMIZE: '1' })).toEqual({ small: 'liftoff', large: 'turbofan' });
  });

  it('by default: baseline for both', () => {
    expect(run({ COHORT_WASM_OPTIMIZE: '' })).toEqual({ small: 'liftoff', large: 'liftoff' });
  });
});
