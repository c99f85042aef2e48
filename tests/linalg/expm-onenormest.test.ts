/**
 * Issue 20, `expm_multiply` and `onenormest` against SciPy and the exact quantities
 * (scripts/fixtures_sparse_eig.py: scipy.linalg.expm, ‖A‖₁), on sparse arrays, dense arrays and
 * LinearOperators, pool sizes 0 and 2; argument checks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, ShapeError, ValueError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { aslinearoperator, expm_multiply, LinearOperator, onenormest } from '../../sparse/linalg/index.js';

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
const flat = (x: unknown): number[] => (Array.isArray(x) ? (x as unknown[]).flat(3) : [x]) as number[];
function close(got: np.ndarray, want: unknown, rtol: number, atol: number): void {
  const g = Array.from(got.toArray() as Float64Array);
  const w = flat(want);
  expect(g.length).toBe(w.length);
  const bad = g.findIndex((v, i) => !(Math.abs(v - w[i]!) <= atol + rtol * Math.abs(w[i]!)));
  expect(bad, bad >= 0 ? `[${bad}] ${g[bad]} vs ${w[bad]}` : '').toBe(-1);
}

for (const workers of [0, 2]) {
  describe(`expm_multiply and onenormest, pool size ${workers}`, () => {
    it('onenormest: a lower bound of ‖A‖₁, exact on nonnegative matrices and when t ≥ n', () => {
      configure({ workers });
      for (const c of FIX.onenormest as { A: Coo; nonneg: boolean; scipy: number; exact: number }[]) {
        const A = csr(c.A);
        const est = onenormest(A);
        expect(est).toBeLessThanOrEqual(c.exact * (1 + 1e-14));
        expect(est).toBeGreaterThanOrEqual(c.exact / 3);
        if (c.nonneg) expect(est).toBeCloseTo(c.exact, 12);
        expect(onenormest(A, { t: c.A.shape[0] })).toBeCloseTo(c.exact, 12);
        const [e2, v, w] = onenormest(A, { compute_v: true, compute_w: true }) as [
          number,
          np.ndarray,
          np.ndarray,
        ];
        expect(e2).toBe(est);
        close(A.dot(v) as np.ndarray, w.tolist(), 1e-12, 1e-14);
        expect(Number(np.sum(np.abs(w)).item())).toBeCloseTo(est, 12);
      }
    });

    it("expm_multiply: SciPy's results and expm(A)·B, vector and matrix B", () => {
      configure({ workers });
      for (const c of FIX.expm_multiply as {
        name: string;
        A: Coo;
        B: unknown;
        scipy: unknown;
        exact?: unknown;
        start?: number;
        stop?: number;
        num?: number;
        endpoint?: boolean;
      }[]) {
        const A = csr(c.A);
        const B = np.array(c.B as number[]);
        if (c.start === undefined) {
          const y = expm_multiply(A, B);
          expect(y.shape).toEqual(B.shape);
          close(y, c.scipy, 1e-10, 1e-12);
          close(y, c.exact, 1e-9, 1e-11);
          if (c.name === 'random') {
            // the same through a dense array and a LinearOperator (traceA given, and not)
            close(expm_multiply(A.toarray(), B), c.scipy, 1e-10, 1e-12);
            const op = new LinearOperator({
              shape: A.shape,
              matvec: (x) => A.dot(x) as np.ndarray,
              rmatvec: (x) => A.T.dot(x) as np.ndarray,
            });
            close(expm_multiply(op, B), c.scipy, 1e-10, 1e-12);
            const tr = Number(A.diagonal().sum().item());
            close(expm_multiply(aslinearoperator(A), B, { traceA: tr }), c.scipy, 1e-10, 1e-12);
          }
        } else {
          const y = expm_multiply(A, B, { start: c.start, stop: c.stop, num: c.num, endpoint: c.endpoint });
          expect(y.shape).toEqual([c.num, ...B.shape]);
          close(y, c.scipy, 1e-9, 1e-11);
        }
      }
    });
  });
}

describe('expm_multiply and onenormest arguments', () => {
  it('reject bad shapes and options', () => {
    const A = sp.eye_array(3, { format: 'csr' });
    expect(() => expm_multiply(sp.csr_array([[1, 2, 3]]), np.ones(3))).toThrow(ShapeError);
    expect(() => expm_multiply(A, np.ones(4))).toThrow(/expm_multiply: argument 'B' expected 3 rows/);
    expect(() => expm_multiply(A, np.ones([3, 1, 1]))).toThrow(/argument 'B' expected a vector or a matrix/);
    expect(() => expm_multiply(A, np.ones(3), { num: 0 })).toThrow(ValueError);
    expect(() => expm_multiply(A, np.ones(3), { balance: true } as never)).toThrow(
      /unknown option 'balance'/,
    );
    expect(() => onenormest(sp.csr_array([[1, 2, 3]]))).toThrow(
      /onenormest: argument 'A' expected a square operator/,
    );
    expect(() => onenormest(A, { itmax: 1 })).toThrow(/argument 'itmax' expected at least 2/);
    expect(() => onenormest(A, { t: 0 })).toThrow(/argument 't' expected at least 1/);
  });
  it('exp of the zero matrix is the identity; a zero interval gives B', () => {
    const Z = sp.csr_array([
      [0, 0],
      [0, 0],
    ]);
    expect(expm_multiply(Z, np.array([1, 2])).tolist()).toEqual([1, 2]);
  });
});
