/**
 * Issue 20, `eigs`, `svds` and `lobpcg` against SciPy and the exact spectra
 * (scripts/fixtures_sparse_eig.py: nonsymmetric matrices with real spectra, rectangular random
 * matrices, the 1-D Laplacian), with property checks — residuals ‖Av − λv‖, ‖Av − σu‖, ‖Aᵀu − σv‖,
 * orthonormal singular vectors — at pool sizes 0 and 2; complex spectra raise DTypeError; argument
 * checks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, configure, DTypeError, ShapeError, ValueError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { eigs, eigsh, LinearOperator, lobpcg, svds } from '../../sparse/linalg/index.js';

afterAll(() => configure({ workers: 0 }));

interface Coo {
  shape: [number, number];
  row: number[];
  col: number[];
  data: number[];
}
const FIX = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/linalg/expm-eig.json'), 'utf8'));
const csr = (c: Coo) =>
  sp.coo_array([np.array(c.data), [np.array(c.row), np.array(c.col)]], { shape: c.shape }).tocsr();
const maxAbs = (a: np.ndarray) => Number(np.max(np.abs(a)).item());
const sorted = (a: np.ndarray) => (a.tolist() as number[]).slice().sort((x, y) => x - y);
const near = (got: number[], want: number[], tol: number) => {
  expect(got.length).toBe(want.length);
  got.forEach((g, i) => {
    expect(Math.abs(g - want[i]!), `${g} vs ${want[i]}`).toBeLessThanOrEqual(
      tol * Math.max(1, Math.abs(want[i]!)),
    );
  });
};

for (const workers of [0, 2]) {
  describe(`eigs, svds, lobpcg, pool size ${workers}`, () => {
    it("eigs: SciPy's eigenvalues for LM, SM, LR, SR; residuals ‖Av − λv‖ small; unit vectors", () => {
      configure({ workers });
      for (const c of FIX.eigs as { A: Coo; k: number; which: Record<string, number[]> }[]) {
        const A = csr(c.A);
        const scale = maxAbs(A.toarray());
        for (const which of ['LM', 'SM', 'LR', 'SR'] as const) {
          const [w, v] = eigs(A, { k: c.k, which });
          near(sorted(w), c.which[which]!, 1e-10);
          // SciPy's order: best first for `which`
          const lst = w.tolist() as number[];
          const mag = which === 'LM' || which === 'LR' ? lst.map((x) => -x) : lst;
          expect(mag).toEqual(mag.slice().sort((x, y) => x - y));
          expect(maxAbs(np.subtract(A.dot(v) as np.ndarray, np.multiply(v, w)))).toBeLessThan(1e-9 * scale);
          near(np.linalg.norm(v, { axis: 0 }).tolist() as number[], Array(c.k).fill(1), 1e-12);
        }
        const w2 = eigs(A, { k: c.k, return_eigenvectors: false });
        near(sorted(w2), c.which.LM!, 1e-10);
      }
    });

    it('eigs: complex wanted eigenvalues raise DTypeError (complex dtypes are Tier 3)', () => {
      configure({ workers });
      const A = csr(FIX.eigs_complex.A);
      expect(() => eigs(A, { k: 2 })).toThrow(DTypeError);
      expect(() => eigs(A, { k: 2 })).toThrow(
        /eigs: the wanted eigenvalues include complex ones \(.* ± 0\.99999\d*i\); complex results need complex dtypes/,
      );
      // wanted real eigenvalues of the same matrix are fine
      const [w] = eigs(A, { k: 1, which: 'SM' });
      near(w.tolist() as number[], [0.1], 1e-10);
    });

    it("svds: SciPy's singular values (LM, SM), ascending; residuals; orthonormal u and v", () => {
      configure({ workers });
      for (const c of FIX.svds as {
        A: Coo;
        k: number;
        LM: number[];
        SM: number[];
        singular_values: number[];
      }[]) {
        const A = csr(c.A);
        for (const which of ['LM', 'SM'] as const) {
          const [u, s, vh] = svds(A, { k: c.k, which }) as [np.ndarray, np.ndarray, np.ndarray];
          near(s.tolist() as number[], c[which], 1e-10);
          near(
            s.tolist() as number[],
            which === 'LM' ? c.singular_values.slice(-c.k) : c.singular_values.slice(0, c.k),
            1e-10,
          );
          expect(u.shape).toEqual([c.A.shape[0], c.k]);
          expect(vh.shape).toEqual([c.k, c.A.shape[1]]);
          expect(maxAbs(np.subtract(A.dot(vh.T) as np.ndarray, np.multiply(u, s)))).toBeLessThan(1e-12);
          expect(maxAbs(np.subtract(A.T.dot(u) as np.ndarray, np.multiply(vh.T, s)))).toBeLessThan(1e-12);
          expect(maxAbs(np.subtract(np.matmul(u.T, u), np.eye(c.k)))).toBeLessThan(1e-12);
          expect(maxAbs(np.subtract(np.matmul(vh, vh.T), np.eye(c.k)))).toBeLessThan(1e-12);
        }
        near(svds(A, c.k, { return_singular_vectors: false }).tolist() as number[], c.LM, 1e-10);
        const [u0, , vh0] = svds(A, { k: c.k, return_singular_vectors: 'u' }) as [
          np.ndarray,
          np.ndarray,
          null,
        ];
        expect([u0.shape, vh0]).toEqual([[c.A.shape[0], c.k], null]);
      }
    });

    it("lobpcg: the smallest and the largest eigenvalues of the Laplacian (SciPy's order), residuals", () => {
      configure({ workers });
      const L = FIX.lobpcg as {
        A: Coo;
        X: number[][];
        eigenvalues: number[];
        cases: { largest: boolean; scipy: number[] }[];
      };
      const A = csr(L.A);
      const X = np.array(L.X);
      for (const c of L.cases) {
        const [w, V, lh, rh] = lobpcg(A, X, {
          largest: c.largest,
          tol: 1e-8,
          maxiter: 500,
          retLambdaHistory: true,
          retResidualNormsHistory: true,
        }) as unknown as [np.ndarray, np.ndarray, np.ndarray[], np.ndarray[]];
        const want = c.largest ? L.eigenvalues.slice(-3).reverse() : L.eigenvalues.slice(0, 3);
        near(w.tolist() as number[], want, 1e-10);
        near(sorted(w), c.scipy, 1e-10);
        expect(maxAbs(np.subtract(A.dot(V) as np.ndarray, np.multiply(V, w)))).toBeLessThan(1e-7);
        expect(lh.length).toBe(rh.length);
        expect(maxAbs(rh[rh.length - 1]!)).toBeLessThanOrEqual(1e-8);
      }
    });
  });
}

describe('eigs, svds, lobpcg: properties and arguments', () => {
  it('eigs on random upper-triangular matrices (distinct real spectrum) finds the k largest', () => {
    configure({ workers: 0 });
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 30 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        (n, k, seed) => {
          const rng = np.random.default_rng(Math.abs(seed));
          const d = np.add(np.arange(n), rng.random([n]).multiply(0.5));
          const U = sp.triu(sp.random_array([n, n], { density: 0.2, rng: Math.abs(seed) }), 1);
          const A = sp.diags([d], [0]).add(U).tocsr();
          const [w, v] = eigs(A, { k });
          const want = (d.tolist() as number[]).sort((a, b) => b - a).slice(0, k);
          near(w.tolist() as number[], want, 1e-9);
          expect(maxAbs(np.subtract(A.dot(v) as np.ndarray, np.multiply(v, w)))).toBeLessThan(1e-8 * n);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('svds through a LinearOperator and a dense array gives the same values', () => {
    const c = FIX.svds[0] as { A: Coo; k: number; LM: number[] };
    const A = csr(c.A);
    const op = new LinearOperator({
      shape: A.shape,
      matvec: (x) => A.dot(x) as np.ndarray,
      rmatvec: (x) => A.T.dot(x) as np.ndarray,
    });
    near(svds(op, { k: 3, return_singular_vectors: false }).tolist() as number[], c.LM.slice(-3), 1e-10);
    near(
      svds(A.toarray(), { k: 3, return_singular_vectors: false }).tolist() as number[],
      c.LM.slice(-3),
      1e-10,
    );
  });

  it('lobpcg: a small problem (n < 5k) goes to the dense solver, as SciPy', () => {
    const A = sp.diags([[4, 1, 3, 2, 5, 6]], [0]);
    const [w] = lobpcg(A, np.ones([6, 2]), { largest: true });
    expect(w.tolist()).toEqual([6, 5]);
  });

  it("lobpcg follows SciPy's docstring: largest by default, a callable A or M, X's float32 kept", () => {
    const n = 100;
    const vals = np.arange(1, n + 1);
    const A = sp.diags_array(vals, { offsets: 0, shape: [n, n], dtype: null });
    expect(A.dtype).toBe('int32');
    const rng = np.random.default_rng(7);
    const X1 = rng.normal({ size: [n, 1] });
    // Default largest=true (SciPy's default), as the docstring's first call shows.
    expect((lobpcg(A, X1, { maxiter: 60 })[0].item() as number) - 100).toBeCloseTo(0, 2);
    // A function of the block X (SciPy's `lambda X: vals[:, np.newaxis] * X`), and M likewise.
    const A_matmat = (X: np.ndarray) => vals.get(':, None').multiply(X);
    const inv = np.divide(1, vals);
    const M = (X: np.ndarray) => inv.get(':, None').multiply(X);
    const X3 = rng.normal({ size: [n, 3] });
    const [w] = lobpcg(A_matmat, X3, { M, largest: false, maxiter: 60 });
    near(w.tolist() as number[], [1, 2, 3], 1e-8);
    // A float32 X with a float32 operator gives float32 results; an int32 A widens them (NumPy).
    const X32 = X1.astype('float32');
    const f32 = (X: np.ndarray) => vals.astype('float32').get(':, None').multiply(X);
    expect(lobpcg(f32, X32, { maxiter: 60 })[0].dtype).toBe('float32');
    expect(lobpcg(A, X32, { maxiter: 60 })[0].dtype).toBe('float64');
  });

  it('svds, eigsh, eigs: rng (a seed or a Generator) draws the starting vector', () => {
    const A = sp.diags_array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]], { offsets: [0] });
    const s1 = svds(A, { k: 2, rng: 3, return_singular_vectors: false }) as np.ndarray;
    near(s1.tolist() as number[], [11, 12], 1e-10);
    const [w] = eigsh(A, { k: 2, rng: np.random.default_rng(5) });
    near(w.tolist() as number[], [11, 12], 1e-10);
    const [we] = eigs(A, { k: 2, rng: 9 });
    near((we as np.ndarray).tolist() as number[], [12, 11], 1e-10);
  });

  it('reject what they do not implement and bad arguments, with messages', () => {
    const A = sp.eye_array(10, { format: 'csr' });
    expect(() => eigs(A, { k: 9 })).toThrow(/eigs: argument 'k' expected an integer with 0 < k < n - 1 = 9/);
    expect(() => eigs(A, { which: 'LI' as never })).toThrow(ValueError);
    expect(() => eigs(A, { M: A } as never)).toThrow(/eigs: unknown option 'M'/);
    // The identity shifted by one of its eigenvalues: singular, said so.
    expect(() => eigs(A, { sigma: 1 })).toThrow(/eigs: A - sigma·I is singular for sigma = 1/);
    expect(() => eigs(A, { k: 2, ncv: 3 })).toThrow(
      /argument 'ncv' expected an integer with k \+ 1 < ncv <= n/,
    );
    expect(() => eigs(sp.csr_array([[1, 2, 3]]))).toThrow(ShapeError);
    expect(() => svds(A, { k: 10 })).toThrow(
      /svds: argument 'k' expected an integer with 0 < k < min\(m, n\) = 10/,
    );
    expect(() => svds(A, { which: 'LA' as never })).toThrow(/argument 'which' expected 'LM' or 'SM'/);
    expect(() => svds(A, { solver: 'propack' as never })).toThrow(/argument 'solver' expected 'arpack'/);
    // SciPy's rng (and its older name random_state) draw the starting vector; anything but a seed
    // or a Generator is rejected, naming the function and the argument.
    for (const f of [svds, eigsh, eigs] as const)
      expect(() => (f as (A: unknown, o: unknown) => unknown)(A, { k: 2, rng: 'x' })).toThrow(
        /^(svds|eigsh|eigs): argument 'rng' expected an integer seed or a np\.random\.Generator, received "x"$/,
      );
    expect(() => svds(A, { k: 2, random_state: [1] } as never)).toThrow(ArgumentTypeError);
    expect(() => lobpcg(A, np.ones([10, 1]), { B: A as never })).toThrow(
      /lobpcg: argument 'B' expected null/,
    );
    // Constraints: refused where SciPy takes its dense path (n − p < 5k), and when dependent.
    expect(() => lobpcg(A, np.ones([10, 2]), { Y: np.ones([10, 1]) })).toThrow(
      /lobpcg: argument 'Y' expected no constraints \(n = 10 < 5k = 10/,
    );
    expect(() => lobpcg(sp.eye_array(14), np.ones([14, 2]), { Y: np.ones([14, 5]) })).toThrow(
      /lobpcg: argument 'Y' expected at most 4 constraints/,
    );
    expect(() => lobpcg(A, np.ones([10, 1]), { Y: np.ones([10, 2]) })).toThrow(
      /lobpcg: argument 'Y' expected linearly independent columns/,
    );
    expect(() => lobpcg(A, np.ones([10, 1]), { Y: np.ones([9, 1]) })).toThrow(ShapeError);
    expect(() => lobpcg(A, np.ones([10, 1]), { verbosityLevel: 1 })).toThrow(
      /argument 'verbosityLevel' expected 0/,
    );
    expect(() => lobpcg(A, np.ones([9, 1]))).toThrow(/lobpcg: argument 'X' expected shape \[10, k\]/);
    expect(() => lobpcg(A, np.ones([10, 1]), { restartControl: 20 } as never)).toThrow(
      /unknown option 'restartControl'/,
    );
  });
});
