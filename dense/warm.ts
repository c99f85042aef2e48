/**
 * The numpy library's warm-up (runtime/warm.ts, issue 16 item 4): when `cohortjs/numpy` is
 * imported, a few tiny operations run once through the same public paths a program's first
 * operations take — creation, element-wise expressions (fused, with scalars, in place),
 * reductions read as numbers, the float64 matrix–vector product, reading values back — so that
 * V8 has compiled the issuing path's functions and the kernels every program uses are generated,
 * compiled and cached before the user's first call. Every launch is tiny, so it runs inline on
 * the issuing thread: no worker is started, no event is numbered, no decision is taken for the
 * user's operations; its arrays are disposed at once.
 *
 * The GEMV kernel's Wasm sweeps are compiled and warmed here too (its `globals`, which the
 * runtime would otherwise compute when it first ships the kernel to a worker, in the middle of a
 * program's first large product): the inline product below then uses those modules instead of
 * compiling its own.
 */
import { getKernel, warmUp } from '../runtime/index.js';
import { ones, zeros } from './creation.js';
import { GEMV_F64 } from './kernel-names.js';
import { dot } from './linalg-api.js';
import { sum } from './reduce-api.js';
import { add, divide, multiply, subtract } from './ufuncs.js';

/** Runs the program twice: a first call and a cached one take different branches. */
function program(): void {
  getKernel(GEMV_F64).globals?.();
  for (let round = 0; round < 2; round++) {
    const x = zeros([8]);
    const y = ones([8]);
    const m = ones([4, 4]);
    const v = ones([4]);
    x.iadd(y.multiply(2));
    const z = divide(subtract(y, multiply(x, 0.5)), add(y, 1));
    const s = sum(z).item() + sum(x).item();
    const w = dot(m, v);
    const d = dot(v, v).item();
    const t = w.toArray();
    if (s !== 16 || d !== 4 || t[0] !== 4) throw new Error(`numpy warm-up: unexpected ${s} ${d} ${t[0]}`);
    for (const a of [x, y, m, v, z, w]) a.dispose();
  }
}

warmUp('numpy', program);
