import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import {
  ArpackNoConvergence,
  aslinearoperator,
  eigsh,
  LinearOperator,
  norm,
  spsolve,
} from 'cohortjs/sparse/linalg';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures, matrixOf } from './helpers.js';

afterAll(() => configure({ workers: 0 }));

for (const workers of [0, 1, 2]) {
  describe(`eigsh against SciPy (workers=${workers})`, () => {
    for (const [name, byWhich] of Object.entries(fixtures.eigsh)) {
      for (const which of ['LM', 'LA', 'SA'] as const) {
        it(`${name} k=4 which=${which}`, () => {
          configure({ workers });
          const A = matrixOf(fixtures.cases[name]!);
          const [w, v] = eigsh(A, { k: 4, which });
          const want = byWhich[which]!;
          const got = Array.from(w.toArray());
          for (const [i, g] of got.entries()) expect(g).toBeCloseTo(want[i]!, 8);
          // A·v = λ·v for each returned pair.
          for (let j = 0; j < 4; j++) {
            const vj = v.get(`:, ${j}`);
            const r = np.subtract(A.dot(vj), np.multiply(vj, got[j]!));
            expect(np.linalg.norm(r).item() as number).toBeLessThan(1e-6 * Math.max(1, Math.abs(got[j]!)));
          }
        });
      }
    }
  });
}

describe('eigsh options and errors', () => {
  const A = matrixOf(fixtures.cases.poisson2d!);
  it('return_eigenvectors: false returns only the eigenvalues', () => {
    const w = eigsh(A, { k: 2, which: 'LA', return_eigenvectors: false });
    expect(w.shape).toEqual([2]);
  });
  it('SM finds the eigenvalues nearest zero of an indefinite matrix', () => {
    const c = fixtures.eigsh.indefinite!;
    const want = [...c.all!]
      .sort((a, b) => Math.abs(a) - Math.abs(b))
      .slice(0, 2)
      .sort((a, b) => a - b);
    const w = eigsh(matrixOf(fixtures.cases.indefinite!), { k: 2, which: 'SM', return_eigenvectors: false });
    for (const [i, g] of Array.from(w.toArray()).entries()) expect(g).toBeCloseTo(want[i]!, 8);
  });
  it('works on a LinearOperator', () => {
    const op = aslinearoperator(A);
    const w = eigsh(op, { k: 1, which: 'LA', return_eigenvectors: false });
    expect(w.toArray()[0]).toBeCloseTo(fixtures.eigsh.poisson2d!.LA!.at(-1)!, 8);
  });
  it('an invariant starting subspace (diagonal matrix) still finds the eigenvalues', () => {
    const D = sparse.diags([np.array([1, 2, 3, 4, 5, 6, 7, 8])], [0]);
    const w = eigsh(D, { k: 2, ncv: 4, v0: np.array([1, 0, 0, 0, 0, 0, 0, 1]), return_eigenvectors: false });
    expect(Array.from(w.toArray())).toEqual([expect.closeTo(7, 10), expect.closeTo(8, 10)]);
  });
  it('raises ArpackNoConvergence when maxiter is too small', () => {
    expect(() => eigsh(A, { k: 3, which: 'SA', ncv: 8, maxiter: 1 })).toThrow(ArpackNoConvergence);
  });
  it('validates k, which and ncv', () => {
    expect(() => eigsh(A, { k: 0 })).toThrow(/eigsh: argument 'k'/);
    expect(() => eigsh(A, { k: 256 })).toThrow(/eigsh: argument 'k'/);
    expect(() => eigsh(A, { which: 'XX' as never })).toThrow(/eigsh: argument 'which'/);
    expect(() => eigsh(A, { k: 4, ncv: 4 })).toThrow(/eigsh: argument 'ncv'/);
  });
});

describe('norm against SciPy', () => {
  for (const [name, want] of Object.entries(fixtures.norms)) {
    it(name, () => {
      const A = matrixOf(fixtures.cases[name]!);
      expect(norm(A).item()).toBeCloseTo(want.fro!, 10);
      expect(norm(A, 1).item()).toBeCloseTo(want['1']!, 10);
      expect(norm(A, Infinity).item()).toBeCloseTo(want.inf!, 10);
      expect(norm(A, -1).item()).toBeCloseTo(want['-1']!, 10);
      expect(norm(A, -Infinity).item()).toBeCloseTo(want['-inf']!, 10);
    });
  }
  it('2-norm of a symmetric matrix is its largest |eigenvalue|', () => {
    const A = matrixOf(fixtures.cases.poisson2d!);
    expect(norm(A, 2).item()).toBeCloseTo(fixtures.eigsh.poisson2d!.LA!.at(-1)!, 8);
  });
  it('sums duplicates before the Frobenius norm', () => {
    const A = new sparse.coo_array(
      [np.array([3, 4]), [np.array([0, 0], { dtype: 'int32' }), np.array([1, 1], { dtype: 'int32' })]],
      {
        shape: [2, 2],
      },
    );
    expect(norm(A).item()).toBe(7);
  });
  it('rejects a bad ord and a non-matrix', () => {
    expect(() => norm(sparse.eye(3), 3 as never)).toThrow(/norm: argument 'ord'/);
    expect(() => norm('x' as never)).toThrow(/norm: argument 'A'/);
  });
});

describe('spsolve', () => {
  for (const name of ['poisson2d', 'convdiff', 'indefinite', 'spd_random']) {
    it(`solves ${name} to rounding (RCM and natural order)`, () => {
      const c = fixtures.cases[name]!;
      const A = matrixOf(c);
      const b = np.array(c.b);
      for (const permc_spec of ['COLAMD', 'NATURAL'] as const) {
        const x = spsolve(A, b, { permc_spec }) as np.ndarray;
        const r = np.linalg.norm(np.subtract(b, A.dot(x))).item() as number;
        expect(r).toBeLessThan(1e-11 * (np.linalg.norm(b).item() as number));
      }
    });
  }
  it('solves several right-hand sides and a sparse b', () => {
    const A = new sparse.csr_array(
      np.array([
        [3, 2],
        [1, 2],
      ]),
    );
    const X = spsolve(
      A,
      np.array([
        [2, 1],
        [4, 1],
      ]),
    ) as np.ndarray;
    expect(X.tolist()).toEqual([
      [expect.closeTo(-1, 12), expect.closeTo(0, 12)],
      [expect.closeTo(2.5, 12), expect.closeTo(0.5, 12)],
    ]);
    const Xs = spsolve(A, sparse.identity(2, { format: 'csc' }));
    expect(sparse.issparse(Xs)).toBe(true);
    expect(
      np.allclose(
        Xs.toarray(),
        np.array([
          [0.5, -0.5],
          [-0.25, 0.75],
        ]),
      ),
    ).toBe(true);
  });
  it('rejects singular and non-square matrices and a wrong b', () => {
    const S = new sparse.csr_array(
      np.array([
        [1, 2],
        [2, 4],
      ]),
    );
    expect(() => spsolve(S, np.array([1, 1]))).toThrow(/spsolve: matrix is singular/);
    expect(() => spsolve(new sparse.csr_array(np.ones([2, 3])), np.ones([2]))).toThrow(
      /spsolve: argument 'A'/,
    );
    expect(() => spsolve(sparse.eye(3), np.ones([2]))).toThrow(/spsolve: argument 'b'/);
    expect(() => spsolve(sparse.eye(3), np.ones([3]), { permc_spec: 'X' as never })).toThrow(
      /spsolve: argument 'permc_spec'/,
    );
  });
});

describe('LinearOperator', () => {
  const A = matrixOf(fixtures.cases.convdiff!);
  const x = np.linspace(0, 1, 196);
  it('aslinearoperator of sparse and dense arrays matches A.dot / A.T.dot', () => {
    for (const op of [aslinearoperator(A), aslinearoperator(A.toarray())]) {
      expect(np.allclose(op.matvec(x), A.dot(x))).toBe(true);
      expect(np.allclose(op.rmatvec(x), A.T.dot(x))).toBe(true);
      expect(op.shape).toEqual([196, 196]);
      expect(op.dtype).toBe('float64');
    }
  });
  it('matvec keeps an [n, 1] column shape; matmat works column by column', () => {
    const op = new LinearOperator({ shape: [196, 196], matvec: (v) => A.dot(v) });
    expect(op.matvec(x.reshape([196, 1])).shape).toEqual([196, 1]);
    const X = np.stack([x, np.multiply(x, 2)], { axis: 1 });
    const Y = op.matmat(X);
    expect(Y.shape).toEqual([196, 2]);
    expect(np.allclose(Y.get(':, 1'), np.multiply(A.dot(x), 2))).toBe(true);
    expect(op.dtype).toBe('float64');
  });
  it('composes: dot, add, multiply, neg, power, T', () => {
    const op = new LinearOperator({ shape: [196, 196], matvec: (v) => A.dot(v), rmatvec: (v) => A.T.dot(v) });
    expect(np.allclose(op.dot(op).matvec(x), A.dot(A.dot(x)))).toBe(true);
    expect(np.allclose(op.add(A).matvec(x), np.multiply(A.dot(x), 2))).toBe(true);
    expect(np.allclose(op.multiply(3).neg().matvec(x), np.multiply(A.dot(x), -3))).toBe(true);
    expect(np.allclose(op.power(2).matvec(x), A.dot(A.dot(x)))).toBe(true);
    expect(np.allclose(op.T.matvec(x), A.T.dot(x))).toBe(true);
    expect(String(op)).toBe('<196x196 LinearOperator with dtype=float64>');
  });
  it('validates its arguments', () => {
    expect(() => new LinearOperator({ shape: [2], matvec: (v) => v })).toThrow(
      /LinearOperator: argument 'shape'/,
    );
    expect(() => new LinearOperator({ shape: [2, 2], matvec: 3 as never })).toThrow(
      /LinearOperator: argument 'matvec'/,
    );
    const op = new LinearOperator({ shape: [2, 2], matvec: (v) => v });
    expect(() => op.matvec(np.ones([3]))).toThrow(/matvec: argument 'x'/);
    expect(() => op.rmatvec(np.ones([2]))).toThrow(/without rmatvec/);
    expect(() => op.T).toThrow(/without rmatvec/);
    expect(() => op.power(-1)).toThrow(/power: argument 'p'/);
    expect(() => op.add(np.eye(3))).toThrow(/add: argument 'other'/);
    expect(() => aslinearoperator(np.ones([3]))).toThrow(/aslinearoperator: argument 'A'/);
  });
  it("takes SciPy's signature, with or without new", () => {
    const mv = (v: np.ndarray) => np.array([v.get(0).multiply(2), v.get(1).multiply(3)]);
    const A = LinearOperator([2, 2], { matvec: mv });
    expect(A).toBeInstanceOf(LinearOperator);
    expect(A.matmul(np.ones(2)).tolist()).toEqual([2, 3]);
    expect(new LinearOperator([2, 2], mv).matvec(np.ones(2)).tolist()).toEqual([2, 3]);
    expect(LinearOperator({ shape: [2, 2], matvec: mv, dtype: 'float64' }).dtype).toBe('float64');
    expect(() => LinearOperator([2, 2], { matvec: mv, tol: 1 } as never)).toThrow(
      /^LinearOperator: unknown option 'tol'/,
    );
    expect(() => LinearOperator([2, 2], mv, { matvec: mv } as never)).toThrow(
      /^LinearOperator: argument 'matvec' given twice/,
    );
  });
});
