/**
 * Geometric multigrid as a preconditioner for CG on 2-D Poisson.
 *
 * Each level halves the grid (nx → (nx − 1)/2). Restriction R is injection or full weighting (the
 * transpose of linear interpolation), prolongation P = Rᵀ, the coarse operators are the Galerkin
 * products R·A·P computed by SpGEMM, the smoother is weighted Jacobi with ω = (4/3)/ρ(D⁻¹A) where ρ
 * comes from power iterations, and the coarsest level (at most 7×7 points) is solved exactly by a
 * dense inverse (made once by `spsolve`). The V-cycle is a `LinearOperator`, symmetric (same number
 * of pre- and post-smoothing sweeps), so CG can use it as M.
 *
 * Run: node --import tsx examples/multigrid.ts [nx=255] [injection|linear]
 */
import { pathToFileURL } from 'node:url';
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';
import { cg, LinearOperator, spsolve } from 'cohortjs/sparse/linalg';
import { poisson2d, poissonProblem } from './poisson.js';

/** How fine residuals go to the coarse grid. */
export type Restriction = 'injection' | 'linear';

/** One level of the hierarchy. */
export interface Level {
  nx: number;
  A: sparse.csr_array;
  /** ω·D⁻¹ as a vector. */
  wdinv: np.ndarray;
  /** Restriction to the next level and prolongation from it (absent on the coarsest). */
  R?: sparse.csr_array;
  P?: sparse.csr_array;
  /** Dense inverse of A on the coarsest level. */
  inverse?: np.ndarray;
}

/**
 * The 1-D restriction from nf fine points (2·nc + 1, or 2·nc + 2 for an even fine grid, whose last
 * point then has no coarse neighbour) to nc coarse points (coarse point i sits on fine point
 * 2i + 1).
 * @param nc - coarse points.
 * @param kind - injection, or full weighting [¼ ½ ¼].
 * @param nf - fine points.
 * @returns the nc×nf CSR matrix.
 */
export function restriction1d(nc: number, kind: Restriction, nf = 2 * nc + 1): sparse.csr_array {
  const rows: number[] = [];
  const cols: number[] = [];
  const vals: number[] = [];
  for (let i = 0; i < nc; i++) {
    if (kind === 'injection') {
      rows.push(i);
      cols.push(2 * i + 1);
      vals.push(1);
    } else {
      rows.push(i, i, i);
      cols.push(2 * i, 2 * i + 1, 2 * i + 2);
      vals.push(0.25, 0.5, 0.25);
    }
  }
  const coo = new sparse.coo_array(
    [np.array(vals), [np.array(rows, { dtype: 'int32' }), np.array(cols, { dtype: 'int32' })]],
    {
      shape: [nc, nf],
    },
  );
  return coo.tocsr() as sparse.csr_array;
}

/**
 * ρ(D⁻¹A) by power iteration (deferred: the estimate is read once at the end).
 * @param A - the matrix.
 * @param dinv - 1/diag(A).
 * @param iters - power steps.
 * @returns the spectral radius estimate.
 */
export function spectralRadius(A: sparse.csr_array, dinv: np.ndarray, iters = 15): number {
  const n = A.shape[0]!;
  // Two vectors for all the steps (`out`): a fresh w and v per step made 2 × 8 MB of garbage per
  // step at nx = 1000 — page faults and forced collections that cost more than the products.
  const v = np.divide(np.ones([n]), Math.sqrt(n));
  const w = np.empty([n]);
  let lambda = np.zeros([]);
  for (let k = 0; k < iters; k++) {
    A.dot(v, { out: w });
    np.multiply(dinv, w, { out: w });
    lambda = np.linalg.norm(w);
    np.divide(w, lambda, { out: v });
  }
  return Number(lambda.item());
}

/**
 * Builds the multigrid hierarchy down to at most 7×7 points.
 * @param A - the fine 2-D Poisson matrix on an nx×nx grid (nx = 2ᵏ − 1 gives all levels).
 * @param nx - grid points per side.
 * @param kind - restriction kind.
 * @returns the levels, finest first.
 */
export function buildHierarchy(A: sparse.csr_array, nx: number, kind: Restriction = 'linear'): Level[] {
  const levels: Level[] = [];
  let a = A;
  let m = nx;
  for (;;) {
    const dinv = np.divide(1, a.diagonal());
    const rho = spectralRadius(a, dinv);
    const level: Level = { nx: m, A: a, wdinv: np.multiply(dinv, 4 / 3 / rho) };
    levels.push(level);
    if (m <= 7) {
      const n = m * m;
      level.inverse = spsolve(a.tocsc(), np.eye(n)) as np.ndarray;
      break;
    }
    // An even grid coarsens to (m − 2)/2 points (its last line is reached by the smoother only):
    // stopping there instead would make the coarsest level the whole fine grid, whose dense
    // inverse cannot be formed at nx = 1000.
    const mc = Math.floor((m - 1) / 2);
    const r1 = restriction1d(mc, kind, m);
    const R = sparse.kron(r1, r1, { format: 'csr' }) as sparse.csr_array;
    const P = R.T.tocsr() as sparse.csr_array;
    level.R = R;
    level.P = P;
    a = R.dot(a).dot(P).tocsr() as sparse.csr_array;
    m = mc;
  }
  return levels;
}

/**
 * One V-cycle applied to b on `levels[l]`, starting from x = 0.
 * @param levels - the hierarchy.
 * @param l - the level.
 * @param b - right-hand side on that level.
 * @param sweeps - Jacobi sweeps before and after the coarse correction.
 * @returns the approximate solution.
 */
export function vcycle(levels: Level[], l: number, b: np.ndarray, sweeps = 2): np.ndarray {
  const lv = levels[l]!;
  if (lv.inverse) return np.dot(lv.inverse, b);
  const x = np.multiply(lv.wdinv, b);
  const smooth = () => {
    const r = np.subtract(b, lv.A.dot(x));
    np.add(x, np.multiply(lv.wdinv, r), { out: x });
  };
  for (let s = 1; s < sweeps; s++) smooth();
  const r = np.subtract(b, lv.A.dot(x));
  const xc = vcycle(levels, l + 1, lv.R!.dot(r), sweeps);
  np.add(x, lv.P!.dot(xc), { out: x });
  for (let s = 0; s < sweeps; s++) smooth();
  return x;
}

/**
 * The V-cycle as a `LinearOperator` (symmetric; usable as M in `cg`).
 * @param levels - the hierarchy.
 * @param sweeps - Jacobi sweeps per side.
 * @returns the preconditioner.
 */
export function vcycleOperator(levels: Level[], sweeps = 2): LinearOperator {
  const n = levels[0]!.A.shape[0]!;
  return new LinearOperator({
    shape: [n, n],
    matvec: (b) => vcycle(levels, 0, b, sweeps),
    dtype: 'float64',
  });
}

/**
 * Multigrid-preconditioned CG next to plain CG on 2-D Poisson.
 * @param nx - grid points per side.
 * @param kind - restriction kind.
 * @param rtol - relative tolerance.
 * @returns iterations and seconds for each.
 */
export function compare(
  nx: number,
  kind: Restriction = 'linear',
  rtol = 1e-10,
): {
  mg: { iterations: number; seconds: number; info: number };
  plain: { iterations: number; seconds: number; info: number };
} {
  const A = poisson2d(nx);
  const { b } = poissonProblem(nx);
  const t0 = performance.now();
  const levels = buildHierarchy(A, nx, kind);
  const M = vcycleOperator(levels);
  let itMg = 0;
  const [, infoMg] = cg(A, b, { rtol, M, callback: () => itMg++ });
  const t1 = performance.now();
  let itPlain = 0;
  const [, infoPlain] = cg(A, b, { rtol, callback: () => itPlain++ });
  const t2 = performance.now();
  return {
    mg: { iterations: itMg, seconds: (t1 - t0) / 1000, info: infoMg },
    plain: { iterations: itPlain, seconds: (t2 - t1) / 1000, info: infoPlain },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const nx = Number(process.argv[2] ?? 255);
  const kind = (process.argv[3] ?? 'linear') as Restriction;
  const r = compare(nx, kind);
  console.log(`2-D Poisson, ${nx}x${nx} = ${nx * nx} unknowns, rtol 1e-10, restriction: ${kind}`);
  console.log(
    `  multigrid-preconditioned CG: ${r.mg.iterations} iterations, ${r.mg.seconds.toFixed(2)} s (incl. setup), info ${r.mg.info}`,
  );
  console.log(
    `  plain CG:                    ${r.plain.iterations} iterations, ${r.plain.seconds.toFixed(2)} s, info ${r.plain.info}`,
  );
}
