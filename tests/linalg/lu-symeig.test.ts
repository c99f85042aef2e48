import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HostCsc, luFactor, luSolve, rcmOrder } from '../../sparse/linalg/lu.js';
import { symeig } from '../../sparse/linalg/symeig.js';

/** Dense row-major n×n → CSC (keeping explicit zeros out). */
function toCsc(a: number[], n: number): HostCsc {
  const indptr = [0];
  const indices: number[] = [];
  const data: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      if (a[i * n + j] !== 0) {
        indices.push(i);
        data.push(a[i * n + j]!);
      }
    }
    indptr.push(indices.length);
  }
  return { n, indptr, indices, data };
}

function matvec(a: number[], n: number, x: ArrayLike<number>): number[] {
  return Array.from({ length: n }, (_, i) => {
    let s = 0;
    for (let j = 0; j < n; j++) s += a[i * n + j]! * x[j]!;
    return s;
  });
}

const sparseSystem = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    a: fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.double({ min: -5, max: 5, noNaN: true })), {
      minLength: n * n,
      maxLength: n * n,
    }),
    b: fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: n, maxLength: n }),
    rcm: fc.boolean(),
  }),
);

describe('sparse LU (spsolve kernel)', () => {
  it('solves random sparse systems (diagonal shifted to keep them nonsingular) to rounding', () => {
    fc.assert(
      fc.property(sparseSystem, ({ n, a, b, rcm }) => {
        // Mostly-off-diagonal pivots: shift a random-ish entry per row so pivoting is exercised.
        for (let i = 0; i < n; i++) a[i * n + ((i + 3) % n)] = 20 + i;
        const A = toCsc(a, n);
        const q = rcm ? rcmOrder(A) : Int32Array.from({ length: n }, (_, i) => i);
        const x = luSolve(luFactor(A, q, 'test'), b);
        const ax = matvec(a, n, x);
        const scale = Math.max(1, ...b.map(Math.abs));
        for (let i = 0; i < n; i++) expect(Math.abs(ax[i]! - b[i]!)).toBeLessThan(1e-9 * scale * n);
      }),
      { numRuns: 200 },
    );
  });

  it('needs pivoting: a zero diagonal', () => {
    const a = [0, 1, 1, 0];
    const x = luSolve(luFactor(toCsc(a, 2), Int32Array.of(0, 1), 'test'), [2, 3]);
    expect(Array.from(x)).toEqual([3, 2]);
  });

  it('sums duplicate entries', () => {
    const A: HostCsc = { n: 2, indptr: [0, 2, 3], indices: [0, 0, 1], data: [1, 1, 4] };
    const x = luSolve(luFactor(A, Int32Array.of(0, 1), 'test'), [2, 4]);
    expect(Array.from(x)).toEqual([1, 1]);
  });

  it('throws on a singular matrix', () => {
    expect(() => luFactor(toCsc([1, 2, 2, 4], 2), Int32Array.of(0, 1), 'spsolve')).toThrow(
      /spsolve: matrix is singular/,
    );
  });

  it('RCM returns a permutation that narrows a scrambled band', () => {
    const n = 30;
    const perm = Array.from({ length: n }, (_, i) => (i * 7) % n);
    const a = new Array(n * n).fill(0);
    for (let i = 0; i < n; i++) {
      a[perm[i]! * n + perm[i]!] = 4;
      if (i + 1 < n) {
        a[perm[i]! * n + perm[i + 1]!] = -1;
        a[perm[i + 1]! * n + perm[i]!] = -1;
      }
    }
    const q = Array.from(rcmOrder(toCsc(a, n)));
    expect([...q].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
    const pos = new Map(q.map((v, i) => [v, i]));
    let bw = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++)
        if (a[i * n + j] !== 0) bw = Math.max(bw, Math.abs(pos.get(i)! - pos.get(j)!));
    expect(bw).toBe(1);
  });
});

describe('symeig (Jacobi)', () => {
  it('diagonalizes random symmetric matrices: A·v = λ·v, V orthonormal, λ ascending', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 10 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: n * n, maxLength: n * n }),
            ),
          ),
        ([n, raw]) => {
          const a = new Float64Array(n * n);
          for (let i = 0; i < n; i++)
            for (let j = 0; j < n; j++) a[i * n + j] = raw[Math.min(i, j) * n + Math.max(i, j)]!;
          const { values, vectors } = symeig(a, n);
          for (let k = 1; k < n; k++) expect(values[k]!).toBeGreaterThanOrEqual(values[k - 1]!);
          for (let k = 0; k < n; k++) {
            const v = Array.from({ length: n }, (_, i) => vectors[i * n + k]!);
            const av = matvec(Array.from(a), n, v);
            for (let i = 0; i < n; i++) expect(Math.abs(av[i]! - values[k]! * v[i]!)).toBeLessThan(1e-10);
            for (let l = 0; l < n; l++) {
              let d = 0;
              for (let i = 0; i < n; i++) d += v[i]! * vectors[i * n + l]!;
              expect(Math.abs(d - (k === l ? 1 : 0))).toBeLessThan(1e-10);
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
