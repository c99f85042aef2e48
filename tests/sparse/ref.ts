/**
 * Reference helpers for the sparse tests: random matrices as entry lists (duplicates, unsorted
 * order, explicit zeros, empty rows/columns, 0×n and n×0 shapes), builders for every format that
 * keep the non-canonical structure, and the dense reference (duplicates summed).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import * as np from '../../dense/index.js';
import type { DType } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';

export const POOLS = [0, 1, 2] as const;
export const FORMATS = ['csr', 'csc', 'coo', 'dia'] as const;
export type Fmt = (typeof FORMATS)[number];
export const DTYPES = ['float64', 'float32'] as const;

/** A matrix as a list of entries in storage order (may repeat (i, j), may hold zeros). */
export interface Mat {
  m: number;
  n: number;
  i: number[];
  j: number[];
  v: number[];
}

const VALUES = [-3, -1.5, -1, 0, 0.25, 0.5, 1, 2, 7];

/** Random matrices up to `max` × `max`; `dups` lets entries repeat positions. */
export function matArb(max = 7, opts: { dups?: boolean; mn?: [number, number] } = {}): fc.Arbitrary<Mat> {
  const dims = opts.mn
    ? fc.constant(opts.mn)
    : fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }));
  return dims.chain(([m, n]) => {
    if (m === 0 || n === 0) return fc.constant({ m, n, i: [], j: [], v: [] });
    const entry = fc.tuple(
      fc.integer({ min: 0, max: m - 1 }),
      fc.integer({ min: 0, max: n - 1 }),
      fc.constantFrom(...VALUES),
    );
    const list =
      opts.dups === false
        ? fc.uniqueArray(entry, { maxLength: m * n, selector: (e) => e[0] * n + e[1] })
        : fc.array(entry, { maxLength: 2 * m * n });
    return list.map((es) => ({
      m,
      n,
      i: es.map((e) => e[0]),
      j: es.map((e) => e[1]),
      v: es.map((e) => e[2]),
    }));
  });
}

/** Pairs of same-shape matrices. */
export function pairArb(max = 6): fc.Arbitrary<[Mat, Mat]> {
  return fc
    .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }))
    .chain(([m, n]) => fc.tuple(matArb(max, { mn: [m, n] }), matArb(max, { mn: [m, n] })));
}

/** Dense row-major reference (duplicates summed), rounded to the dtype. */
export function dense(a: Mat, dtype: DType = 'float64'): Float64Array {
  const out = new Float64Array(a.m * a.n);
  for (let k = 0; k < a.v.length; k++) out[a.i[k]! * a.n + a.j[k]!]! += a.v[k]!;
  if (dtype === 'float32') for (let k = 0; k < out.length; k++) out[k] = Math.fround(out[k]!);
  return out;
}

/** Nested rows of a dense reference. */
export function nested(d: ArrayLike<number>, m: number, n: number): number[][] {
  return Array.from({ length: m }, (_, r) => Array.from({ length: n }, (_, c) => d[r * n + c]!));
}

const ctor = (dtype: DType) => (dtype === 'float32' ? Float32Array : Float64Array);

/** Compressed arrays grouped by the major index, keeping each group's storage order. */
function compressed(
  a: Mat,
  major: 'row' | 'col',
  dtype: DType,
): [Float64Array | Float32Array, Int32Array, Int32Array] {
  const M = major === 'row' ? a.m : a.n;
  const key = major === 'row' ? a.i : a.j;
  const other = major === 'row' ? a.j : a.i;
  const ptr = new Int32Array(M + 1);
  for (const r of key) ptr[r + 1]!++;
  for (let r = 0; r < M; r++) ptr[r + 1]! += ptr[r]!;
  const next = ptr.slice(0, M);
  const idx = new Int32Array(a.v.length);
  const dat = new (ctor(dtype))(a.v.length);
  for (let k = 0; k < a.v.length; k++) {
    const q = next[key[k]!]!++;
    idx[q] = other[k]!;
    dat[q] = a.v[k]!;
  }
  return [dat, idx, ptr];
}

/** Builds `a` in a format, keeping duplicates/unsorted order/zeros where the format can hold them. */
export function build(a: Mat, fmt: Fmt, dtype: DType = 'float64'): sp.sparray {
  const shape = [a.m, a.n] as [number, number];
  switch (fmt) {
    case 'coo':
      return sp.coo_array([new (ctor(dtype))(a.v), [Int32Array.from(a.i), Int32Array.from(a.j)]], { shape });
    case 'csr':
      return sp.csr_array(compressed(a, 'row', dtype), { shape });
    case 'csc':
      return sp.csc_array(compressed(a, 'col', dtype), { shape });
    default: {
      const d = np.array(ctor(dtype).from(dense(a, dtype)), { dtype }).reshape([a.m, a.n]);
      return sp.dia_array(d);
    }
  }
}

/** Compares element-wise with a tolerance for the dtype. */
export function close(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  dtype: DType = 'float64',
  msg = '',
): void {
  expect(actual.length, `${msg} length`).toBe(expected.length);
  const tol = dtype === 'float32' ? 1e-5 : 1e-12;
  for (let k = 0; k < expected.length; k++) {
    const a = actual[k]!;
    const e = expected[k]!;
    if (Number.isNaN(e)) {
      expect(Number.isNaN(a), `${msg} [${k}] NaN`).toBe(true);
      continue;
    }
    if (!Number.isFinite(e)) {
      expect(a, `${msg} [${k}]`).toBe(e);
      continue;
    }
    if (Math.abs(a - e) > tol * (1 + Math.abs(e))) expect(a, `${msg} [${k}]`).toBe(e);
  }
}

/** Dense product of row-major matrices. */
export function matmulRef(
  a: ArrayLike<number>,
  m: number,
  k: number,
  b: ArrayLike<number>,
  n: number,
): Float64Array {
  const out = new Float64Array(m * n);
  for (let i = 0; i < m; i++)
    for (let t = 0; t < k; t++) {
      const v = a[i * k + t]!;
      if (v !== 0) for (let j = 0; j < n; j++) out[i * n + j]! += v * b[t * n + j]!;
    }
  return out;
}

/** Transpose of a row-major matrix. */
export function transposeRef(a: ArrayLike<number>, m: number, n: number): Float64Array {
  const out = new Float64Array(m * n);
  for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) out[j * m + i] = a[i * n + j]!;
  return out;
}

/** Dense of a sparse array (host copy). */
export function dense_of(A: sp.sparray): ArrayLike<number> {
  return A.toarray().toArray() as ArrayLike<number>;
}

/** Fast-check settings for these tests. */
export const RUNS = { numRuns: 25 };
