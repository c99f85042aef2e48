/**
 * A sum along the last axis of a pending broadcast expression without its full temporary (issue
 * 24): `((X[:, None, :] - C[None, :, :]) ** 2).sum(2)` — pairwise distances — materialized an
 * N × K × D array (2e6 × 10 × 2: 320 MB) to sum it, as NumPy does. Here one launch partitioned by
 * the result computes, for each result element, the row of values along the summed axis into a
 * small buffer (the expression's strided JavaScript kernel: the bits of its stored values) and sums
 * it by NumPy's pairwise order (dense/reduce-kernels.ts: the order the materialized array's sum
 * takes, its last axis being innermost) — the same bits as materializing then summing, with no
 * region of the expression's size. The pending value stays pending (marked folded: a second
 * reduction of it materializes it); a later write to one of its operands, while it is still
 * registered, copies what it reads of that operand rather than computing it (dense/lazy.ts
 * `beforeWrite`: the value is more than 8× the bytes written).
 */
import { type FuseNode, fuse } from '../codegen/index.js';
import { ensureKernel, launch, project, type Store } from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { broadcastStrides } from './broadcast.js';
import { keyOf } from './ewise-launch.js';
import { checkReleased } from './lazy-fused.js';
import { EXPENSIVE, treeCost } from './lazy-share.js';
import { ndarray } from './ndarray.js';
import { pairwiseSumSource } from './reduce-kernels.js';

/** Prefix of the kernels' names. */
const PREFIX = 'dense.reduce.lazyAxisSum.';
const names = new Map<string, string>();
let seq = 0;

/**
 * The sum along the last axis of pending `a` without materializing it, or null (nothing done) when
 * `a` is not a pending float64 expression whose size exceeds its operands' (a broadcast), or it
 * shares its state, has expensive shared parts, or was folded once already.
 * @param fn - the calling function (errors)
 * @param a - the array summed
 * @returns the sums (a fresh array of `a`'s shape without its last axis)
 */
export function sumLastAxisLazy(fn: string, a: ndarray): ndarray | null {
  const s = a._lazy;
  if (s === null || s.result !== null || s.parts.length !== 0 || s.dtype !== 'float64') return null;
  const shape = s.shape;
  const r = shape.length - 1;
  // Not for a value a fused function stopped tracking (`np.fuse`: it must be computed while its
  // operands are as they were).
  if (r < 1 || a._folded || s.sharers > 1 || s.arrays.length > 8 || s.released !== null) return null;
  if (treeCost(s.tree) >= EXPENSIVE) return null;
  let size = 1;
  for (const e of shape) size *= e;
  let operands = 0;
  for (const x of s.arrays) operands += x.size;
  if (size <= operands || size === 0) return null;
  checkReleased(s);
  a._folded = true;
  const n = shape[r]!;
  const out = allocStore('float64', shape.slice(0, r), false);
  const views: Store[] = s.arrays.map((x) =>
    x.store.view(shape, broadcastStrides(x.store, shape), x.store.offset),
  );
  const dims = [...Array(r).keys(), -1];
  launch({
    op: fn,
    kernel: kernelFor(s.tree, r, views.length, s.scalars.length),
    args: [
      { store: out, privilege: 'write-discard' },
      ...views.map((v) => ({ store: v, privilege: 'read' as const })),
    ],
    scalars: s.scalars,
    constraints: views.map((_, k) => project(0, k + 1, dims)),
    key: 0,
    work: n * (treeCost(s.tree) + 1),
  });
  return new ndarray(out);
}

/**
 * The kernel: nested loops over the piece's result elements (r axes) with every operand's offset
 * stepped; per element, the expression along the last axis into `buf` by its strided JavaScript
 * kernel, then `0 + pairwise(buf)`.
 */
function kernelFor(tree: FuseNode, r: number, nIn: number, ns: number): string {
  const key = `${keyOf(tree)}|${r}|${nIn}|${ns}`;
  let name = names.get(key);
  if (name !== undefined) return name;
  // The expression over (a batch of the innermost result axis) × (the summed axis), into buf.
  const fk = fuse(tree, { out: 'float64', rank: 2, contiguous: false });
  name = `${PREFIX}${seq++}.${fk.name}`;
  names.set(key, name);
  const m = Math.max(nIn, fk.inputs);
  const ops = Array.from({ length: m }, (_, k) => k);
  const last = r - 1;
  const call = ['buf', '0', 'n', '1'];
  for (const k of ops) call.push(`X${k}`, `j${k}`, `s${k}_${last}`, `sk${k}`);
  for (let q = 0; q < Math.max(ns, fk.scalars); q++) call.push(`c[${q}]`);
  call.push('0', 'q1 - q0', '0', 'n');
  // Every stride in a local (a load chain through `t` per element otherwise); the offsets stepped.
  const hoist: string[] = [];
  for (let d = 0; d < r; d++) {
    hoist.push(`const so${d} = os[${d}];`);
    for (const k of ops) hoist.push(`const s${k}_${d} = t.strides[${k + 1}][${d}];`);
  }
  const lines: string[] = [];
  let ind = '  ';
  for (let d = 0; d < r; d++) {
    const from = (v: string, base: string) => (d === 0 ? base : `${v}_${d - 1}`);
    const sfx = d === last ? '' : `_${d}`;
    const [lo, hi] = d === 0 ? ['lo0', 'hi0'] : [`lo[${d}]`, `hi[${d}]`];
    lines.push(`${ind}let jo${sfx} = ${from('jo', 't.offsets[0]')} + ${lo} * so${d};`);
    for (const k of ops)
      lines.push(`${ind}let j${k}${sfx} = ${from(`j${k}`, `t.offsets[${k + 1}]`)} + ${lo} * s${k}_${d};`);
    if (d < last) {
      lines.push(`${ind}for (let i${d} = ${lo}; i${d} < ${hi}; i${d}++) {`);
      ind += '  ';
      continue;
    }
    // The innermost result axis in batches of Q results: one call computes the batch's rows, then
    // each row is summed — short rows here (pw's first case, inline: pw is a recursive closure).
    lines.push(`${ind}for (let q0 = ${lo}, q1 = 0; q0 < ${hi}; q0 = q1) {`);
    ind += '  ';
    lines.push(`${ind}q1 = Math.min(${hi}, q0 + Q);`);
    lines.push(`${ind}${fk.name}(${call.join(', ')});`);
    lines.push(`${ind}for (let q = 0, b = 0; q < q1 - q0; q++, b += n) {`);
    lines.push(`${ind}  let acc = 0;`);
    lines.push(`${ind}  if (n < 8) for (let k = 0; k < n; k++) acc += buf[b + k];`);
    lines.push(`${ind}  else acc = pw(b, n);`);
    lines.push(`${ind}  O[jo] = 0 + acc;`);
    lines.push(`${ind}  jo += so${d};`);
    lines.push(`${ind}}`);
    const step = ops.map((k) => `j${k} += (q1 - q0) * s${k}_${d};`);
    lines.push(`${ind}${step.join(' ')}`);
  }
  lines.push(`${'  '.repeat(r)}}`);
  for (let d = last - 1; d >= 0; d--) {
    const step = [`jo_${d} += so${d};`, ...ops.map((k) => `j${k}_${d} += s${k}_${d};`)];
    lines.push(`${'  '.repeat(d + 2)}${step.join(' ')}`);
    lines.push(`${'  '.repeat(d + 1)}}`);
  }
  const source = `(function () {
${fk.source}
// NumPy's pairwise summation of buf[o .. o + len) (dense/reduce-kernels.ts, pairwiseAxisKernel).
${pairwiseSumSource('buf', '1')}
let buf = new Float64Array(4096);
// Rows [lo0, hi0) of the first result axis.
const body = function (t, lo0, hi0) {
  const O = t.arrays[0], os = t.strides[0], lo = t.lo, hi = t.hi, c = t.scalars;
  const n = t.shapes[1][${r}];
  // Results per batch: about 4096 values in buf.
  const Q = Math.max(1, Math.floor(4096 / Math.max(1, n)));
  if (buf.length < Q * n) buf = new Float64Array(Q * n);
  ${ops.map((k) => `const X${k} = t.arrays[${k + 1}], sk${k} = t.strides[${k + 1}][${r}];`).join('\n  ')}
  ${hoist.join('\n  ')}
  for (let d = 1; d < ${r}; d++) if (hi[d] <= lo[d]) return;
${lines.join('\n')}
};
return function (t) {
  body(t, t.lo[0], t.hi[0]);
};
})()`;
  ensureKernel(name, () => ({ source }));
  return name;
}
