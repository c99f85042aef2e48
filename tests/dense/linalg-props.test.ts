/**
 * np.linalg properties on fast-check matrices (shapes 1..9, tall and wide, stacks) at every pool
 * size: A = QR with Q orthonormal, A·inv(A) = I, L·Lᵀ = A, A·V = V·diag(w), U·diag(S)·Vh = A,
 * A·pinv(A)·A = A; a 260×260 solve/cholesky whose trailing updates run as parallel matrix-product
 * launches; the error semantics (LinAlgError, ShapeError, ValueError, ArgumentTypeError).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, configure, ShapeError, ValueError } from '../../runtime/index.js';
import { POOLS } from './ref.js';

const la = np.linalg;
const mm = (a: np.ndarray, b: np.ndarray) => np.matmul(a, b);

function near(got: np.ndarray, want: np.ndarray, tol: number, what: string): void {
  expect(got.shape, what).toEqual(want.shape);
  const g = got.toArray();
  const w = want.toArray();
  let scale = 1;
  for (let i = 0; i < w.length; i++) scale = Math.max(scale, Math.abs(w[i]!));
  for (let i = 0; i < w.length; i++) {
    if (!(Math.abs(g[i]! - w[i]!) <= tol * scale)) throw new Error(`${what}[${i}]: ${g[i]} vs ${w[i]}`);
  }
}

const matArb = (minM: number, maxM: number, square: boolean) =>
  fc
    .record({ m: fc.integer({ min: minM, max: maxM }), n: fc.integer({ min: minM, max: maxM }) })
    .chain(({ m, n }) => {
      const cols = square ? m : n;
      return (
        fc
          .array(fc.double({ min: -4, max: 4, noNaN: true, noDefaultInfinity: true }), {
            minLength: m * cols,
            maxLength: m * cols,
          })
          // Magnitudes below 1e-100 become 0: subnormal products are not linear algebra (NumPy's
          // pinv of [[5e-324]] is inf too).
          .map((v) =>
            np.array(Float64Array.from(v, (x) => (Math.abs(x) < 1e-100 ? 0 : x))).reshape([m, cols]),
          )
      );
    });

const eye = (n: number) => np.eye(n);

for (const workers of POOLS) {
  describe(`np.linalg properties (workers=${workers})`, () => {
    it('qr: A = QR, Q orthonormal, R upper triangular (reduced and complete)', () => {
      configure({ workers });
      fc.assert(
        fc.property(matArb(1, 9, false), (a) => {
          const [m, n] = a.shape as [number, number];
          for (const mode of ['reduced', 'complete'] as const) {
            const [q, r] = la.qr(a, mode) as [np.ndarray, np.ndarray];
            near(mm(q, r), a, 1e-13, `QR ${mode}`);
            near(mm(q.T, q), eye(q.shape[1]!), 1e-13, `QᵀQ ${mode}`);
            const rv = r.tolist() as number[][];
            for (let i = 0; i < rv.length; i++)
              for (let j = 0; j < Math.min(i, n); j++) expect(rv[i]![j]).toBe(0);
          }
          expect((la.qr(a, 'r') as np.ndarray).shape).toEqual([Math.min(m, n), n]);
        }),
        { numRuns: 25 },
      );
    });

    it('inv, solve, det: A·inv(A) = I, A·x = b, det(AB) = det(A)·det(B) (well-conditioned A + 10I)', () => {
      configure({ workers });
      fc.assert(
        fc.property(matArb(1, 9, true), (a0) => {
          const n = a0.shape[0]!;
          const a = a0.add(eye(n).multiply(10));
          near(mm(a, la.inv(a)), eye(n), 1e-12, 'A·inv(A)');
          const b = np.arange(n).astype('float64');
          near(mm(a, la.solve(a, b)), b, 1e-12, 'A·x');
          const d = la.det(mm(a, a)).item() as number;
          const da = la.det(a).item() as number;
          expect(Math.abs(d - da * da)).toBeLessThanOrEqual(1e-10 * Math.abs(d));
        }),
        { numRuns: 25 },
      );
    });

    it('cholesky, eigh, svd, pinv reconstruct their input', () => {
      configure({ workers });
      fc.assert(
        fc.property(matArb(1, 8, false), (a) => {
          const [m, n] = a.shape as [number, number];
          const spd = mm(a.T, a).add(eye(n));
          const l = la.cholesky(spd);
          near(mm(l, l.T), spd, 1e-13, 'L·Lᵀ');
          near(la.cholesky(spd, { upper: true }), l.T, 0, 'upper');
          const [w, v] = la.eigh(spd);
          near(mm(spd, v), mm(v, np.diag(w)), 1e-12, 'A·V = V·diag(w)');
          const wl = w.tolist() as number[];
          for (let i = 1; i < wl.length; i++) expect(wl[i]!).toBeGreaterThanOrEqual(wl[i - 1]!);
          const [u, s, vh] = la.svd(a, false) as np.ndarray[];
          near(mm(mm(u!, np.diag(s!)), vh!), a, 1e-12, 'U·S·Vh');
          const [uf, , vhf] = la.svd(a) as np.ndarray[];
          near(mm(uf!.T, uf!), eye(m), 1e-12, 'full U orthonormal');
          near(mm(vhf!, vhf!.T), eye(n), 1e-12, 'full Vh orthonormal');
          // A·pinv(A)·A = A holds to ε·κ of the singular values pinv keeps (NumPy's error on a
          // matrix with s = 4.9, 4.2, 9.9e-9 is 5e-8), and not at all when a singular value sits
          // near pinv's cutoff (ε·max(M, N)·s_max): kept, it is inverted with a large relative error.
          const eps = 2.220446049250313e-16;
          const sv = s!.tolist() as number[];
          const cut = eps * Math.max(m, n) * (sv[0] ?? 0);
          const kept = sv.filter((x) => x > cut);
          const kappa = kept.length > 0 ? kept[0]! / kept[kept.length - 1]! : 1;
          if (sv.every((x) => x <= cut || x > 1e6 * cut))
            near(
              mm(mm(a, la.pinv(a)), a),
              a,
              Math.max(1e-12, 100 * eps * Math.max(m, n) * kappa),
              'A·pinv(A)·A',
            );
          const sym = spd.multiply(-1); // symmetric, well-conditioned, negative eigenvalues
          near(la.pinv(sym, { hermitian: true }), la.pinv(sym), 1e-8, 'pinv hermitian');
        }),
        { numRuns: 25 },
      );
    });

    it('260×260 solve and cholesky (trailing updates as parallel matrix-product launches)', () => {
      configure({ workers });
      const n = 260;
      const a = np.random.default_rng(7).standard_normal([n, n]).add(eye(n).multiply(30));
      const b = np.ones([n]);
      near(mm(a, la.solve(a, b)), b, 1e-12, 'solve 260');
      const spd = mm(a, a.T);
      const l = la.cholesky(spd);
      near(mm(l, l.T), spd, 1e-13, 'cholesky 260');
      const det = la.det(np.multiply(eye(n), 1.01)).item() as number;
      expect(Math.abs(det - 1.01 ** n)).toBeLessThan(1e-12 * 1.01 ** n);
    });
  });
}

describe('np.linalg worker-count invariance', () => {
  it('solve, cholesky, svd of a 260×260 matrix: the same bits at 0, 1 and 2 workers', () => {
    const n = 260;
    const bits: Float64Array[][] = [];
    for (const workers of POOLS) {
      configure({ workers });
      const a = np.random.default_rng(3).standard_normal([n, n]).add(np.eye(n).multiply(30));
      const spd = np.matmul(a, a.T);
      bits.push([
        la.solve(a, np.ones([n])).toArray() as Float64Array,
        la.cholesky(spd).toArray() as Float64Array,
        (la.svd(a.get(':40, :30'), { compute_uv: false }) as np.ndarray).toArray() as Float64Array,
      ]);
    }
    for (const other of bits.slice(1)) {
      other.forEach((x, i) => {
        expect(
          Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(
            Buffer.from(bits[0]![i]!.buffer, bits[0]![i]!.byteOffset, bits[0]![i]!.byteLength),
          ),
        ).toBe(true);
      });
    }
  });
});

describe('np.linalg errors', () => {
  it('LinAlgError for singular and non-positive-definite matrices; shapes; options', () => {
    configure({ workers: 0 });
    expect(new la.LinAlgError('x')).toBeInstanceOf(ValueError);
    expect(() =>
      la.solve(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toThrow('linalg.solve: Singular matrix');
    expect(() => la.inv(np.zeros([3, 3]))).toThrow(la.LinAlgError);
    expect(() =>
      la.cholesky([
        [1, 2],
        [2, 1],
      ]),
    ).toThrow('linalg.cholesky: Matrix is not positive definite');
    expect(
      la
        .det([
          [1, 2],
          [2, 4],
        ])
        .item(),
    ).toBe(0);
    expect(() => la.inv([[1, 2, 3]])).toThrow(ShapeError);
    expect(() => la.det([1, 2])).toThrow(ShapeError);
    expect(() => la.solve(np.eye(2), [1, 2, 3])).toThrow("linalg.solve: argument 'b' expected shape [2]");
    expect(() => la.qr(np.eye(2), 'economic' as never)).toThrow(ValueError);
    expect(() => la.eigh(np.eye(2), 'X' as never)).toThrow(ValueError);
    expect(() => la.svd(np.eye(2), { full: true } as never)).toThrow(ArgumentTypeError);
    expect(() => la.pinv(np.eye(2), 1e-3, { rtol: 1e-3 })).toThrow(ValueError);
    expect(la.inv(np.zeros([0, 0])).shape).toEqual([0, 0]);
    expect(la.det(np.zeros([0, 0])).item()).toBe(1);
    expect(la.inv(np.eye(2, { dtype: 'float32' })).dtype).toBe('float32');
    expect(la.solve([[2]], [4]).dtype).toBe('float64');
    // mode='raw' as NumPy 2.4: h is LAPACK's column-major array (shape [N, M]) and tau.
    const [h, tau] = la.qr(
      [
        [3, 0, 1],
        [4, 5, 2],
      ],
      'raw',
    ) as np.ndarray[];
    expect(h!.tolist()).toEqual([
      [-5, 0.5],
      [-4, 3],
      [-2.2, 0.3999999999999999],
    ]);
    expect(tau!.tolist()).toEqual([1.6, 0]);
  });
});
