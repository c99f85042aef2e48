/**
 * One-task solves (sparse/linalg/one-task.ts): a small `cg` or `bicgstab` runs its whole loop in one
 * kernel, and gives bitwise the per-launch loop's iterate and `info` — on random SPD (for
 * bicgstab also nonsymmetric) systems (random patterns,
 * unsorted rows, sizes across the dot's 4,096-element blocks), with and without x0, M, tolerances
 * met or maxiter reached, b = 0 — at pool sizes 0, 1, 2 (the one task inline or on a worker).
 * The Wasm loops and the JavaScript loops give the same bits; a malformed structure takes the
 * JavaScript loops (NaN where the SpMV's JavaScript form reads out of range), as the SpMV does.
 */

import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { bicgstab, cg } from 'cohortjs/sparse/linalg';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper } from '../../mapper/index.js';
import { oneTaskStats } from '../../sparse/linalg/one-task.js';
import { bicgstabSource, cgSource } from '../../sparse/linalg/one-task-kernels.js';
import { oneTaskWasmBytes } from '../../sparse/linalg/one-task-wasm.js';
import { ONE_TASK_WASM_BASE64 } from '../../sparse/linalg/one-task-wasm-base64.js';
import { bitsOf, randomSpd, rng } from './_spd.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/** One-task solves on (at any size) or off, at `workers`. */
const mode = (workers: number, one: boolean) =>
  configure({ workers, mapper: new DefaultMapper({ oneTaskSolveBytes: one ? 2 ** 40 : 0 }) });

interface Case {
  solver: 'cg' | 'bicgstab';
  n: number;
  perRow: number;
  seed: number;
  unsorted: boolean;
  rtol: number;
  atol: number;
  maxiter: number | undefined;
  x0: 'none' | 'zeros' | 'random';
  M: 'none' | 'jacobi' | 'spd';
  zeroB: boolean;
}

/** Runs cg on the case at `workers`, one task or not; returns the iterate's bits, info and whether one task ran. */
function solve(c: Case, workers: number, one: boolean): { x: string; info: number; oneTask: boolean } {
  mode(workers, one);
  const A = randomSpd(c.n, c.perRow, c.seed, c.unsorted, c.solver === 'cg' ? 1 : 0.5);
  const r = rng(c.seed + 7);
  const b = c.zeroB ? np.zeros([c.n]) : np.array(Array.from({ length: c.n }, () => r() - 0.3));
  const x0 =
    c.x0 === 'none'
      ? undefined
      : c.x0 === 'zeros'
        ? np.zeros([c.n])
        : np.array(Array.from({ length: c.n }, () => r()));
  const M =
    c.M === 'none'
      ? undefined
      : c.M === 'jacobi'
        ? sparse.diags([np.divide(1, A.diagonal())], [0], { format: 'csr' })
        : randomSpd(c.n, 2, c.seed + 3, false);
  const before = oneTaskStats.solves;
  const [x, info] = (c.solver === 'cg' ? cg : bicgstab)(A, b, {
    rtol: c.rtol,
    atol: c.atol,
    maxiter: c.maxiter,
    x0,
    M,
  });
  return { x: bitsOf(x), info, oneTask: oneTaskStats.solves === before + 1 };
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  solver: fc.constantFrom('cg', 'bicgstab'),
  n: fc.oneof(fc.integer({ min: 1, max: 80 }), fc.constantFrom(4095, 4097, 8193)),
  perRow: fc.integer({ min: 0, max: 4 }),
  seed: fc.nat(10_000),
  unsorted: fc.boolean(),
  rtol: fc.constantFrom(0, 1e-3, 1e-8),
  atol: fc.constantFrom(0, 1e-6),
  maxiter: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  x0: fc.constantFrom('none', 'zeros', 'random'),
  M: fc.constantFrom('none', 'jacobi', 'spd'),
  zeroB: fc.boolean(),
});

describe('cg and bicgstab as one task', () => {
  it('embeds the module the assembler makes', () => {
    const bytes = oneTaskWasmBytes();
    const wasm = (globalThis as unknown as { WebAssembly: { validate(b: Uint8Array): boolean } }).WebAssembly;
    expect(wasm.validate(bytes)).toBe(true);
    expect(Buffer.from(bytes).toString('base64')).toBe(ONE_TASK_WASM_BASE64);
  });

  it("its SpMV gives a plain row loop's bits for any unrolling and row lengths", () => {
    // Rows of 0 … 19 entries (every tail of the unrolled loop), random columns and values; the
    // reference sums each row from +0 in entry order, as the per-launch kernel does.
    type Api = {
      Memory: new (d: { initial: number; maximum: number; shared: boolean }) => { buffer: SharedArrayBuffer };
      Instance: new (m: unknown, i: unknown) => { exports: Record<string, (...a: number[]) => void> };
      Module: new (b: Uint8Array) => unknown;
    };
    const W = (globalThis as unknown as { WebAssembly: Api }).WebAssembly;
    const mem = new W.Memory({ initial: 16, maximum: 65536, shared: true });
    const hex = (a: Float64Array) => Buffer.from(a.slice().buffer).toString('hex');
    const spmvs = [1, 2, 4, 8].map(
      (u) => new W.Instance(new W.Module(oneTaskWasmBytes(u)), { e: { mem } }).exports.spmvRows!,
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.tuple(fc.nat(39), fc.double({ noNaN: true, min: -1e3, max: 1e3 })), { maxLength: 19 }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        fc.array(fc.double({ noNaN: true, min: -1e3, max: 1e3 }), { minLength: 40, maxLength: 40 }),
        (rows, xs) => {
          const n = rows.length;
          const nnz = rows.reduce((a, r) => a + r.length, 0);
          const [pp, cp, vp, xp, yp] = [64, 64 + 4096, 64 + 8192, 64 + 16384, 64 + 20480];
          const P = new Int32Array(mem.buffer, pp, n + 1);
          const C = new Int32Array(mem.buffer, cp, Math.max(1, nnz));
          const V = new Float64Array(mem.buffer, vp, Math.max(1, nnz));
          const X = new Float64Array(mem.buffer, xp, 40);
          const Y = new Float64Array(mem.buffer, yp, n);
          X.set(xs);
          const want = new Float64Array(n);
          let k = 0;
          rows.forEach((r, i) => {
            P[i] = k;
            let s = 0;
            for (const [j, v] of r) {
              C[k] = j;
              V[k++] = v;
              s += v * xs[j]!;
            }
            want[i] = s;
          });
          P[n] = k;
          for (const spmv of spmvs) {
            Y.fill(Number.NaN);
            spmv(pp, cp, vp, xp, yp, 0, n);
            expect(hex(Y)).toBe(hex(want));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  for (const workers of [0, 1, 2]) {
    it(`gives the per-launch loop's iterate and info bit for bit (pool size ${workers})`, () => {
      fc.assert(
        fc.property(caseArb, (c) => {
          const ref = solve(c, workers, false);
          const one = solve(c, workers, true);
          expect(ref.oneTask).toBe(false);
          expect(one.oneTask).toBe(true);
          expect(one.info).toBe(ref.info);
          expect(one.x).toBe(ref.x);
        }),
        { numRuns: workers === 0 ? 40 : 20 },
      );
    }, 240_000); // ~10 s on an idle host; the shared machine's load stretches it several times
  }

  it('runs the iteration count SciPy runs (maxiter reached, converged)', () => {
    mode(0, true);
    const A = sparse.diags([-1, 2, -1], [-1, 0, 1], { shape: [100, 100], format: 'csr' });
    const b = np.ones([100]);
    expect(cg(A, b, { rtol: 0, atol: 0, maxiter: 7 })[1]).toBe(7);
    const [x, info] = cg(A, b, { rtol: 1e-10 });
    expect(info).toBe(0);
    const res = np.linalg.norm(np.subtract(b, A.dot(x))).item() as number;
    expect(res).toBeLessThan(1e-10 * 10);
  });

  for (const solver of ['cg', 'bicgstab'] as const) {
    it(`the JavaScript loops give the Wasm loops’ bits (${solver})`, () => {
      mode(0, true);
      const n = 5000;
      const A = randomSpd(n, 3, 11, true, solver === 'cg' ? 1 : 0.5);
      const b = np.linspace(-1, 2, n);
      const [x, info] = (solver === 'cg' ? cg : bicgstab)(A, b, { rtol: 1e-9, maxiter: 60 });
      // The kernel on plain arrays (no heap: the JavaScript loops), on copies of the operands.
      const source = solver === 'cg' ? cgSource() : bicgstabSource();
      const kernel = new Function(`return ${source}`)() as (t: unknown) => void;
      const xs = new Float64Array(n);
      const out = new Float64Array(1);
      const scratch = solver === 'cg' ? 3 : 5;
      const arrays = [
        xs,
        (A.indptr.toArray() as Int32Array).slice(),
        (A.indices.toArray() as Int32Array).slice(),
        (A.data.toArray() as Float64Array).slice(),
        (b.toArray() as Float64Array).slice(),
        ...Array.from({ length: scratch }, () => new Float64Array(n)),
        out,
      ];
      kernel({
        arrays,
        offsets: arrays.map(() => 0),
        scalars: [n, 1e-9, 0, 60, 0, 0, 4096, 2 ** -104],
        heap: null,
      });
      expect(out[0]).toBe(info);
      expect(Buffer.from(xs.buffer).toString('hex')).toBe(bitsOf(x));
    });
  }

  it('a malformed structure runs the JavaScript loops, as the SpMV does', () => {
    for (const one of [false, true]) {
      mode(0, one);
      const A = sparse.diags([-1, 2, -1], [-1, 0, 1], { shape: [20, 20], format: 'csr' }) as sparse.csr_array;
      A.indices.set('3', 1000); // out of range: the JavaScript SpMV reads undefined (NaN)
      const [x, info] = cg(A, np.ones([20]), { maxiter: 5 });
      expect(info).toBe(5);
      expect(Number.isNaN((x.toArray() as Float64Array)[0])).toBe(true);
    }
  });

  it('is the mapper’s decision, from bytes alone', () => {
    const m = new DefaultMapper({ oneTaskSolveBytes: 1000 });
    expect(m.solveInOneTask('cg', 999, 2)).toBe(true);
    expect(m.solveInOneTask('cg', 1000, 2)).toBe(false);
    expect(m.solveInOneTask('cg', 1e9, 0)).toBe(true);
    expect(new DefaultMapper({ oneTaskSolveBytes: 0 }).solveInOneTask('cg', 1, 0)).toBe(false);
    // Not taken: a callback, a float32 system, a user operator as M.
    mode(2, true);
    const A = sparse.diags([-1, 2, -1], [-1, 0, 1], { shape: [30, 30], format: 'csr' });
    const before = oneTaskStats.solves;
    cg(A, np.ones([30]), { callback: () => {} });
    cg(A.astype('float32'), np.ones([30], { dtype: 'float32' }));
    cg(A.tocsc(), np.ones([30]));
    expect(oneTaskStats.solves).toBe(before);
    cg(A, np.ones([30]));
    expect(oneTaskStats.solves).toBe(before + 1);
  });
});
