/**
 * splu / spilu / factorized / spsolve / spsolve_triangular against SciPy's results
 * (tests/fixtures/linalg/direct.json, scripts/fixtures_sparse_direct.py) and against the dense
 * np.linalg.solve on fast-check matrices, at pool sizes 0, 1, 2: Pr·A·Pc = L·U, A·x = b and
 * Aᵀ·x = b, every column order; spilu as GMRES's M cuts SciPy's unpreconditioned iteration count.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, configure, ShapeError, ValueError } from '../../runtime/index.js';
import * as sparse from '../../sparse/index.js';
import {
  factorized,
  gmres,
  LinearOperator,
  spilu,
  splu,
  spsolve,
  spsolve_triangular,
} from '../../sparse/linalg/index.js';
import { ndOrder } from '../../sparse/linalg/nd-order.js';

interface Csc {
  shape: [number, number];
  data: number[];
  indices: number[];
  indptr: number[];
}
const F = JSON.parse(readFileSync(new URL('../fixtures/linalg/direct.json', import.meta.url), 'utf8'));
const cscOf = (c: Csc) =>
  new sparse.csc_array(
    [np.array(c.data), np.array(c.indices, { dtype: 'int32' }), np.array(c.indptr, { dtype: 'int32' })],
    {
      shape: c.shape,
    },
  );

function close(got: np.ndarray, want: unknown, tol: number, what: string): void {
  const g = got.toArray();
  const w = (want as number[] | number[][]).flat() as number[];
  expect(g.length, what).toBe(w.length);
  const scale = Math.max(1, ...w.map(Math.abs));
  for (let i = 0; i < w.length; i++) {
    if (!(Math.abs(g[i]! - w[i]!) <= tol * scale)) throw new Error(`${what}[${i}]: ${g[i]} vs SciPy ${w[i]}`);
  }
}

const SPECS = ['COLAMD', 'NATURAL', 'RCM', 'MMD_ATA', 'MMD_AT_PLUS_A'] as const;

const sysArb = fc.integer({ min: 1, max: 14 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    a: fc.array(
      fc.oneof(fc.constant(0), fc.constant(0), fc.constant(0), fc.double({ min: -5, max: 5, noNaN: true })),
      {
        minLength: n * n,
        maxLength: n * n,
      },
    ),
    spec: fc.constantFrom(...SPECS),
  }),
);

for (const workers of [0, 1, 2]) {
  describe(`sparse direct solvers (workers=${workers})`, () => {
    it("splu.solve ('N' and 'T') and spsolve equal SciPy's on its matrices, for every column order", () => {
      configure({ workers });
      for (const [name, c] of Object.entries<Record<string, never>>(F.cases)) {
        const A = cscOf(c.A);
        for (const spec of SPECS) {
          const lu = splu(A, { permc_spec: spec });
          close(lu.solve(np.array(c.b)), c.x, 1e-9, `${name} ${spec} x`);
          close(lu.solve(np.array(c.b), 'T'), c.xT, 1e-9, `${name} ${spec} xT`);
        }
        close(spsolve(A, np.array(c.B)), c.X, 1e-9, `${name} spsolve B`);
        close(factorized(A)(c.b), c.x, 1e-9, `${name} factorized`);
      }
    });

    it('Pr·A·Pc = L·U with L unit lower and U upper (fast-check matrices made nonsingular)', () => {
      configure({ workers });
      fc.assert(
        fc.property(sysArb, ({ n, a, spec }) => {
          const dense = np.array(Float64Array.from(a)).reshape([n, n]).add(np.eye(n).multiply(20));
          const A = new sparse.csc_array(dense);
          const lu = splu(A, { permc_spec: spec });
          const pr = lu.perm_r.tolist() as number[];
          const pc = lu.perm_c.tolist() as number[];
          const Pr = new sparse.csc_array([np.ones([n]), [np.array(pr), np.arange(n)]] as never, {
            shape: [n, n],
          });
          const Pc = new sparse.csc_array([np.ones([n]), [np.arange(n), np.array(pc)]] as never, {
            shape: [n, n],
          });
          const lhs = Pr.dot(A).dot(Pc).toarray();
          const L = lu.L.toarray();
          const U = lu.U.toarray();
          expect(np.allclose(np.matmul(L, U), lhs, { rtol: 1e-12, atol: 1e-12 })).toBe(true);
          const lv = L.tolist() as number[][];
          const uv = U.tolist() as number[][];
          for (let i = 0; i < n; i++) {
            expect(lv[i]![i]).toBe(1);
            for (let j = i + 1; j < n; j++) expect(lv[i]![j]).toBe(0);
            for (let j = 0; j < i; j++) expect(uv[i]![j]).toBe(0);
          }
          const b = np.arange(n).astype('float64');
          const ref = np.linalg.solve(dense, b);
          expect(np.allclose(lu.solve(b), ref, { rtol: 1e-10, atol: 1e-10 })).toBe(true);
          expect(
            np.allclose(lu.solve(b, 'T'), np.linalg.solve(dense.T, b), { rtol: 1e-10, atol: 1e-10 }),
          ).toBe(true);
        }),
        { numRuns: 40 },
      );
    });

    it("spsolve_triangular equals SciPy's (lower, upper, unit_diagonal; 2-D b)", () => {
      configure({ workers });
      const lo = F.triangular.lower;
      const A = cscOf(lo.A);
      close(spsolve_triangular(A, lo.b), lo.x, 1e-12, 'lower');
      close(spsolve_triangular(A, lo.b, { unit_diagonal: true }), lo.x_unit, 1e-12, 'unit');
      const up = F.triangular.upper;
      close(spsolve_triangular(cscOf(up.A), up.b, { lower: false }), up.x, 1e-12, 'upper');
      const B = np.stack([np.array(lo.b), np.array(lo.b)], 1);
      const X = spsolve_triangular(A, B);
      expect(X.shape).toEqual([30, 2]);
      close(X.get(':, 1'), lo.x, 1e-12, 'lower 2-D');
    });

    it("spilu as GMRES's M (LinearOperator): converges in far fewer iterations than without (SciPy: 146 → 3)", () => {
      configure({ workers });
      const C = cscOf(F.gmres.A);
      const n = C.shape[0];
      const b = np.ones([n]);
      const ilu = spilu(C);
      const M = new LinearOperator({ shape: [n, n], matvec: (v: np.ndarray) => ilu.solve(v) });
      let its = 0;
      const [x, info] = gmres(C, b, {
        M,
        rtol: 1e-8,
        callback: () => its++,
        callback_type: 'pr_norm',
      } as never);
      expect(info).toBe(0);
      expect(its).toBeLessThanOrEqual(3 * F.gmres.counts.spilu.iterations + 3);
      expect(its).toBeLessThan(F.gmres.counts.none.iterations / 5);
      const r =
        (np.linalg.norm(C.dot(x).subtract(b)).item() as number) / (np.linalg.norm(b).item() as number);
      expect(r).toBeLessThan(1e-7);
      // With no dropping and no fill limit spilu is the exact LU.
      const exact = spilu(C, { drop_tol: 0, fill_factor: 1e9 });
      expect(np.allclose(C.dot(exact.solve(b)), b, { rtol: 1e-10, atol: 1e-10 })).toBe(true);
      expect(spilu(C, { drop_tol: 1e-2, fill_factor: 2 }).nnz).toBeLessThan(exact.nnz);
    });
  });
}

describe('sparse direct solvers: errors and the ordering', () => {
  it('singular, shapes, options; nested dissection is a permutation', () => {
    configure({ workers: 0 });
    expect(() =>
      splu(
        sparse.csc_array([
          [1, 2],
          [2, 4],
        ]),
      ),
    ).toThrow('splu: matrix is singular');
    expect(() => splu(sparse.csc_array([[1, 2, 3]]))).toThrow(ShapeError);
    expect(() => splu(sparse.eye(2), { permc_spec: 'AMD' as never })).toThrow(ValueError);
    expect(() => splu(sparse.eye(2), { relax: 3 } as never)).toThrow(ArgumentTypeError);
    expect(() => splu(sparse.eye(2), { bogus: 1 } as never)).toThrow("'bogus'");
    expect(() => splu(sparse.eye(2)).solve(np.ones([3]))).toThrow(ShapeError);
    expect(() => splu(sparse.eye(2)).solve(np.ones([2]), 'X' as never)).toThrow(ValueError);
    expect(() =>
      spsolve_triangular(
        sparse.csr_array([
          [0, 0],
          [1, 1],
        ]),
        [1, 1],
      ),
    ).toThrow(np.linalg.LinAlgError);
    expect(() => spilu(sparse.eye(2), { fill_factor: 0.5 })).toThrow(ValueError);
    const nx = 60;
    const t = sparse.diags([-1, 2, -1], [-1, 0, 1], { shape: [nx, nx] });
    const A = sparse
      .kron(t, sparse.identity(nx))
      .add(sparse.kron(sparse.identity(nx), t))
      .tocsc();
    const c = A.tocsc();
    const q = ndOrder({
      n: nx * nx,
      indptr: c.indptr.toArray(),
      indices: c.indices.toArray(),
      data: c.data.toArray(),
    });
    expect([...q].sort((x, y) => x - y)).toEqual(Array.from({ length: nx * nx }, (_, i) => i));
    // Nested dissection fills far less than reverse Cuthill–McKee on a 2-D mesh.
    expect(splu(A).nnz).toBeLessThan(0.7 * splu(A, { permc_spec: 'RCM' }).nnz);
  });
});
