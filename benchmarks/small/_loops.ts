/**
 * The small-problem loops that benchmarks/small times and profiles and
 * tests/runtime/small-loop-heap.test.ts measures: the 2-D Poisson matrix and the hand-written CG
 * loop in the Legate Sparse paper's style (every scalar a 0-d array). The library comes as an
 * argument, so that a caller can pass the built package (`dist/`) or the sources.
 */
import type * as Cohort from '../../index.js';

/** The namespaces the loops use, from whichever build the caller loaded. */
export type Lib = Pick<typeof Cohort, 'np' | 'sp'>;
type ndarray = InstanceType<typeof Cohort.np.ndarray>;

/** The 2-D 5-point Poisson matrix kron(T, I) + kron(I, T) on an nx × nx grid (CSR). */
export function poisson({ np, sp }: Lib, nx: number) {
  const T = sp.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  });
  const I = sp.identity(nx, { format: 'csr' });
  return sp
    .kron(T, I, { format: 'csr' })
    .add(sp.kron(I, T, { format: 'csr' }))
    .tocsr();
}

/** A hand-written CG solve of A x = b under way: the iterate, residual, direction and r·r. */
export interface HandCg {
  readonly A: ReturnType<typeof poisson>;
  readonly x: ndarray;
  readonly r: ndarray;
  readonly p: ndarray;
  rr: ndarray;
}

/** Starts {@link HandCg} from x = 0. */
export function handCgStart({ np }: Lib, A: ReturnType<typeof poisson>, b: ndarray): HandCg {
  const r = b.copy();
  return { A, x: np.zeros([b.size]), r, p: r.copy(), rr: r.dot(r) };
}

/**
 * `iters` iterations of the hand-written CG loop. With `restart`, r and p go back to ones every
 * 50 iterations, before the residual underflows (for b = ones: the loop then measures the path,
 * not convergence).
 */
export function handCgIterate(s: HandCg, iters: number, restart = false): void {
  const { A, x, r, p } = s;
  for (let k = 0; k < iters; k++) {
    const Ap = A.dot(p);
    const alpha = s.rr.divide(p.dot(Ap));
    x.iadd(p.multiply(alpha));
    r.isub(Ap.multiply(alpha));
    const rrNew = r.dot(r);
    const beta = rrNew.divide(s.rr);
    s.rr = rrNew;
    p.imul(beta).iadd(r);
    if (restart && k % 50 === 49) {
      r.fill(1);
      p.fill(1);
      s.rr = r.dot(r);
    }
  }
}
