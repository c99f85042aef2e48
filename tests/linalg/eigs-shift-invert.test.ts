/**
 * Shift-invert mode of `eigs` and `eigsh` (sparse/linalg/shift-invert.ts: ARPACK's mode 3 with
 * M = I, SciPy's `sigma`): on matrices of known spectra — Q·diag(d)·Qᵀ with a Householder Q
 * (symmetric), and an upper triangular matrix of distinct diagonal (nonsymmetric) — the k
 * eigenvalues returned are those nearest σ (`which` 'LM' on ν = 1/(λ − σ)), to 1e-8, with
 * residuals ‖Av − λv‖ small; the same through a caller's `OPinv` and for a dense ndarray A; typed
 * errors for a bad sigma, a LinearOperator A without OPinv, OPinv without sigma, a singular
 * A − σI; at pool sizes 0, 1 and 2. And `lobpcg`'s constraints `Y` (the eigenvectors of some
 * eigenvalues of a rotated diagonal matrix): the smallest of the rest, eigenvectors orthogonal to Y.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, configure, ShapeError, ValueError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { eigs, eigsh, LinearOperator, lobpcg, splu } from '../../sparse/linalg/index.js';

afterAll(() => configure({ workers: 0 }));

/** Q·diag(d)·Qᵀ for the Householder Q = I − 2uuᵀ/uᵀu (dense, exact spectrum d). */
function symmetricWith(d: number[], u: number[]): np.ndarray {
  const n = d.length;
  const uu = u.reduce((a, x) => a + x * x, 0);
  const Q = Float64Array.from({ length: n * n }, (_, p) => {
    const i = Math.floor(p / n);
    const j = p % n;
    return (i === j ? 1 : 0) - (2 * u[i]! * u[j]!) / uu;
  });
  const q = np.array(Q).reshape([n, n]);
  return np.matmul(np.matmul(q, np.diag(np.array(d))), q.T);
}

/** The k values of `d` nearest σ, ascending; null when the k-th and (k+1)-th are nearly tied. */
function nearest(d: number[], sigma: number, k: number): number[] | null {
  const s = [...d].sort((a, b) => Math.abs(a - sigma) - Math.abs(b - sigma));
  if (s.length > k && Math.abs(Math.abs(s[k]! - sigma) - Math.abs(s[k - 1]! - sigma)) < 1e-3) return null;
  return s.slice(0, k).sort((a, b) => a - b);
}

const sortedList = (w: np.ndarray) => (w.tolist() as number[]).slice().sort((a, b) => a - b);
const close = (got: number[], want: number[]): void => {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < got.length; i++)
    expect(Math.abs(got[i]! - want[i]!), `${got} vs ${want}`).toBeLessThan(
      1e-8 * Math.max(1, Math.abs(want[i]!)),
    );
};
const residual = (A: { dot(v: np.ndarray): unknown }, w: np.ndarray, v: np.ndarray) =>
  Number(np.max(np.abs(np.subtract(A.dot(v) as np.ndarray, np.multiply(v, w)))).item());

const spectrum = fc
  .uniqueArray(fc.integer({ min: -400, max: 400 }), { minLength: 12, maxLength: 30 })
  .map((xs) => xs.map((x) => x / 8));

describe.each([0, 1, 2])('shift-invert eigs / eigsh at pool size %i', (workers) => {
  it('eigsh returns the eigenvalues nearest sigma of a symmetric matrix (sparse, dense, OPinv)', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        spectrum,
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 30, maxLength: 30 }),
        (d, sigma, k, u0) => {
          const want = nearest(d, sigma, k);
          if (want === null || d.some((x) => Math.abs(x - sigma) < 1e-6)) return;
          const u = u0.slice(0, d.length).map((x, i) => x + (i === 0 ? 2 : 0));
          const D = symmetricWith(d, u);
          const A = sp.csr_array(D);
          const [w, v] = eigsh(A, k, { sigma }) as [np.ndarray, np.ndarray];
          close(sortedList(w), want);
          expect(residual(A, w, v)).toBeLessThan(1e-8 * Math.max(1, ...d.map(Math.abs)));
          // A dense operand, and the caller's own (A − σI)⁻¹.
          close(sortedList(eigsh(D, k, { sigma, return_eigenvectors: false }) as np.ndarray), want);
          const lu = splu(sp.csc_array(np.subtract(D, np.multiply(sigma, np.eye(d.length)))));
          const OPinv = new LinearOperator({ shape: [d.length, d.length], matvec: (x) => lu.solve(x) });
          const opA = new LinearOperator({
            shape: [d.length, d.length],
            matvec: (x) => A.dot(x) as np.ndarray,
          });
          close(sortedList(eigsh(opA, k, { sigma, OPinv, return_eigenvectors: false }) as np.ndarray), want);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('eigs returns the eigenvalues nearest sigma of a nonsymmetric matrix, best first', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        spectrum,
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.integer({ min: 1, max: 3 }),
        (d, sigma, k) => {
          const want = nearest(d, sigma, k);
          if (want === null || d.some((x) => Math.abs(x - sigma) < 1e-6)) return;
          const n = d.length;
          // Upper triangular: the spectrum is its diagonal.
          const T = np.add(np.diag(np.array(d)), np.triu(np.multiply(np.ones([n, n]), 0.05), 1));
          const A = sp.csr_array(T);
          const [w, v] = eigs(A, k, { sigma }) as [np.ndarray, np.ndarray];
          close(sortedList(w), want);
          // Best first: nearest σ first.
          const got = w.tolist() as number[];
          for (let i = 1; i < got.length; i++)
            expect(Math.abs(got[i]! - sigma)).toBeGreaterThanOrEqual(Math.abs(got[i - 1]! - sigma) - 1e-9);
          expect(residual(A, w, v)).toBeLessThan(1e-8 * Math.max(1, ...d.map(Math.abs)));
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('shift-invert with sigma very close to an eigenvalue', () => {
  it("eigsh's eigenvalues are Rayleigh quotients with A: every one keeps its digits", () => {
    const n = 200;
    const L = sp.diags([np.full([n - 1], -1), np.full([n], 2), np.full([n - 1], -1)], [-1, 0, 1], {
      format: 'csr',
    });
    const ev = (k: number) => 2 - 2 * Math.cos((k * Math.PI) / (n + 1));
    for (const off of [1e-3, 1e-8, 1e-11]) {
      const s = ev(50) + off;
      const [w, v] = eigsh(L, 5, { sigma: s }) as [np.ndarray, np.ndarray];
      const exact = Array.from({ length: n }, (_, k) => ev(k + 1))
        .sort((a, b) => Math.abs(a - s) - Math.abs(b - s))
        .slice(0, 5)
        .sort((a, b) => a - b);
      // Before: σ + 1/ν, ~3e-11 off at 1e-11 from an eigenvalue.
      const got = w.tolist() as number[];
      for (let i = 0; i < 5; i++)
        expect(Math.abs(got[i]! - exact[i]!), `off ${off}: ${got}`).toBeLessThan(1e-14);
      // The vectors of the far ones carry the error the values no longer do (~7e-9 at 1e-11).
      expect(residual(L, w, v)).toBeLessThan(1e-7);
    }
  });
});

describe('shift-invert argument errors', () => {
  const A = sp.diags([np.full([19], -1), np.full([20], 2), np.full([19], -1)], [-1, 0, 1], { format: 'csr' });
  it('are typed and name the argument', () => {
    expect(() => eigsh(A, 2, { sigma: Number.NaN })).toThrow(ArgumentTypeError);
    expect(() => eigs(A, 2, { sigma: 'near' as never })).toThrow(
      /eigs: argument 'sigma' expected a finite real number/,
    );
    const op = new LinearOperator({ shape: [20, 20], matvec: (x) => A.dot(x) as np.ndarray });
    expect(() => eigsh(op, 2, { sigma: 0.5 })).toThrow(ValueError);
    expect(() => eigsh(op, 2, { sigma: 0.5 })).toThrow(
      /eigsh: argument 'OPinv' expected an operator applying/,
    );
    expect(() => eigs(A, 2, { OPinv: A })).toThrow(/eigs: argument 'OPinv' expected None without sigma/);
    expect(() => eigsh(A, 2, { sigma: 0.5, OPinv: sp.eye(5) })).toThrow(ShapeError);
    expect(() => eigsh(sp.diags([[1, 2, 3, 4, 5, 6]], [0]), 2, { sigma: 3 })).toThrow(
      /singular for sigma = 3/,
    );
    // The library still works after the errors.
    const w = eigsh(A, 1, { sigma: 0, return_eigenvectors: false }) as np.ndarray;
    expect(Math.abs((w.tolist() as number[])[0]! - (2 - 2 * Math.cos(Math.PI / 21)))).toBeLessThan(1e-10);
  });
});

/** Q·diag(d)·Qᵀ and Q for a Householder Q (exact spectrum d, eigenvectors Q's columns). */
function rotated(d: number[], u: number[]): { A: np.ndarray; Q: np.ndarray } {
  const n = d.length;
  const uu = u.reduce((a, x) => a + x * x, 0);
  const q = np
    .array(
      Float64Array.from(
        { length: n * n },
        (_, p) => (p % (n + 1) === 0 ? 1 : 0) - (2 * u[Math.floor(p / n)]! * u[p % n]!) / uu,
      ),
    )
    .reshape([n, n]);
  return { A: np.matmul(np.matmul(q, np.diag(np.array(d))), q.T), Q: q };
}

describe.each([0, 2])('lobpcg with constraints Y at pool size %i', (workers) => {
  it('finds the smallest eigenvalues on the orthogonal complement of span(Y)', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 40, maxLength: 60 }),
        fc.uniqueArray(fc.nat({ max: 39 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        (ints, removed, k, seed) => {
          const d = ints.map((x) => x / 4);
          const n = d.length;
          const u = Array.from({ length: n }, (_, i) => Math.sin(seed + 3 * i) + (i === 0 ? 2 : 0));
          const { A, Q } = rotated(d, u);
          // Y: the eigenvectors of `removed` mixed with a random block (not an invariant subspace,
          // so every preconditioned residual must be kept off it); the reference is the spectrum
          // of P·A·P on the complement (P = I − Y₀Y₀ᵀ, its p zeros dropped: A's spectrum is ≥ 1/4).
          const Yraw = np.add(
            np.take(Q, np.array(Int32Array.from(removed)), { axis: 1 }),
            np.multiply(0.3, np.random.default_rng((seed >>> 0) + 1).normal({ size: [n, removed.length] })),
          );
          const Y = Yraw;
          const [Y0] = np.linalg.qr(Yraw) as np.ndarray[];
          const P = np.subtract(np.eye(n), np.matmul(Y0!, Y0!.T));
          const PAP = np.matmul(np.matmul(P, A), P);
          const all = (
            np.linalg.eigh(np.divide(np.add(PAP, PAP.T), 2))[0] as np.ndarray
          ).tolist() as number[];
          const rest = all.slice(removed.length).sort((a, b) => a - b);
          if (rest.length > k && rest[k]! - rest[k - 1]! < 0.05) return;
          const X0 = np.random.default_rng(seed >>> 0).normal({ size: [n, k] });
          const [w, V] = lobpcg(sp.csr_array(A), X0, { Y, largest: false, maxiter: 400, tol: 1e-9 }) as [
            np.ndarray,
            np.ndarray,
          ];
          // The eigenvectors stay orthogonal to Y, and the values are the complement's smallest.
          expect(Number(np.max(np.abs(np.matmul(Y.T, V))).item())).toBeLessThan(1e-7);
          const got = sortedList(w);
          for (let i = 0; i < k; i++)
            expect(Math.abs(got[i]! - rest[i]!), `${got} vs ${rest.slice(0, k)}`).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 10 },
    );
  });
});
