/**
 * Sparse LU with partial pivoting (left-looking, Gilbert–Peierls) on a CSC matrix held on the
 * calling thread. This is the factorization behind `spsolve`, `splu`, `spilu` (with dropping) and
 * `factorized`: P·A·Q = L·U, where Q is a fill-reducing column order (`nd-order.ts` nested
 * dissection, reverse Cuthill–McKee, or the natural order) and P comes from partial pivoting with
 * a diagonal threshold.
 *
 * Cost: the work of each column is the flops it does (no O(n) scans per column): with nested
 * dissection a 2-D mesh of n unknowns costs O(n^1.5).
 */
import { ValueError } from '../../runtime/index.js';
import { symGraph } from './nd-order.js';

/** A CSC matrix on the host. */
export interface HostCsc {
  n: number;
  indptr: ArrayLike<number>;
  indices: ArrayLike<number>;
  data: ArrayLike<number>;
}

/** The factors of P·A·Q = L·U. */
export interface LuFactors {
  n: number;
  /** Column order Q: column k of the factored matrix is column q[k] of A. */
  q: Int32Array;
  /** prow[k]: the row of A chosen as pivot k. */
  prow: Int32Array;
  lp: Int32Array;
  li: Int32Array;
  lx: Float64Array;
  up: Int32Array;
  /** Row positions of U entries, in pivot numbering (k ≤ column). */
  ui: Int32Array;
  ux: Float64Array;
}

class Grow {
  i: Int32Array;
  x: Float64Array;
  n = 0;
  constructor(cap: number) {
    this.i = new Int32Array(Math.max(16, cap));
    this.x = new Float64Array(Math.max(16, cap));
  }
  push(i: number, x: number): void {
    if (this.n === this.i.length) {
      const ni = new Int32Array(this.n * 2);
      ni.set(this.i);
      this.i = ni;
      const nx = new Float64Array(this.n * 2);
      nx.set(this.x);
      this.x = nx;
    }
    this.i[this.n] = i;
    this.x[this.n++] = x;
  }
}

/**
 * Reverse Cuthill–McKee order of the symmetric pattern of A + Aᵀ (A in CSC; n×n).
 * @param a - the matrix.
 * @returns a permutation of 0..n-1.
 */
export function rcmOrder(a: HostCsc): Int32Array {
  const n = a.n;
  const { ptr, adj } = symGraph(a);
  const deg = new Int32Array(n);
  for (let i = 0; i < n; i++) deg[i] = ptr[i + 1]! - ptr[i]!;
  const order = new Int32Array(n);
  const seen = new Uint8Array(n);
  let head = 0;
  let tail = 0;
  const byDegree = Array.from({ length: n }, (_, i) => i).sort((x, y) => deg[x]! - deg[y]!);
  for (const start of byDegree) {
    if (seen[start]) continue;
    seen[start] = 1;
    order[tail++] = start;
    while (head < tail) {
      const v = order[head++]!;
      const nbrs: number[] = [];
      for (let p = ptr[v]!; p < ptr[v + 1]!; p++) {
        const u = adj[p]!;
        if (!seen[u]) {
          seen[u] = 1;
          nbrs.push(u);
        }
      }
      nbrs.sort((x, y) => deg[x]! - deg[y]!);
      for (const u of nbrs) order[tail++] = u;
    }
  }
  return order.reverse();
}

/** Options of {@link luFactor}. */
export interface LuOptions {
  /**
   * The diagonal is the pivot when |a_jj| ≥ thresh·max|a_ij| (SuperLU's `diag_pivot_thresh`;
   * default 1: partial pivoting preferring the diagonal on ties).
   */
  diagPivotThresh?: number;
  /**
   * Incomplete LU (ILUT-like): entries of L and U below dropTol·‖A[:, j]‖∞ are dropped, and
   * each column keeps at most fillFactor·nnz(A[:, j]) entries in L and as many in U (the largest).
   * A zero pivot is replaced by dropTol·‖A[:, j]‖∞ (or 1) instead of raising.
   */
  dropTol?: number;
  fillFactor?: number;
}

/**
 * Factors P·A·Q = L·U.
 * @param a - square CSC matrix on the host (duplicates are summed).
 * @param q - column order (a permutation of 0..n-1).
 * @param fn - the public function name, for error messages.
 * @param opts - pivoting threshold; dropping for an incomplete factorization (`spilu`).
 * @returns the factors.
 * @throws ValueError when A is (numerically) singular.
 */
export function luFactor(a: HostCsc, q: Int32Array, fn: string, opts: LuOptions = {}): LuFactors {
  const n = a.n;
  const thresh = opts.diagPivotThresh ?? 1;
  const ilu = opts.dropTol !== undefined;
  const dropTol = opts.dropTol ?? 0;
  const fillFactor = opts.fillFactor ?? Number.POSITIVE_INFINITY;
  const uTmp: number[] = [];
  const pinv = new Int32Array(n).fill(-1);
  const prow = new Int32Array(n);
  const lp = new Int32Array(n + 1);
  const up = new Int32Array(n + 1);
  const L = new Grow(4 * (a.indptr[n] ?? 0) + n);
  const U = new Grow(4 * (a.indptr[n] ?? 0) + n);
  const x = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  const reach = new Int32Array(n);
  const stack = new Int32Array(n);
  const pstack = new Int32Array(n);
  // Symmetric pruning (Eisenstat & Liu): once column kk of L holds the pivot row of a later column
  // k that kk updates (U[kk, k] ≠ 0), the depth-first searches need only its already pivoted rows
  // — every other row of L[:, kk] is reached through column k. Those rows are moved to the front of
  // the column (after the unit diagonal) and lpend[kk] ends them; −1 while unpruned. The numeric
  // updates still use the whole column. Not with dropping (spilu): there the reach is that of the
  // dropped factor, which pruning would change.
  const lpend = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    const col = q[k]!;
    lp[k] = L.n;
    up[k] = U.n;
    // Symbolic: rows reachable from the pattern of A[:, col] through the columns of L so far,
    // in topological order (reach[top..n-1]).
    let top = n;
    // L does not grow until the column's pivot is chosen: hoist its arrays for the loops below.
    const Li = L.i;
    const Lx = L.x;
    for (let p = a.indptr[col]!; p < a.indptr[col + 1]!; p++) {
      const start = a.indices[p]!;
      if (mark[start] === k) continue;
      let head = 0;
      stack[0] = start;
      while (head >= 0) {
        const i = stack[head]!;
        const kk = pinv[i]!;
        if (mark[i] !== k) {
          mark[i] = k;
          pstack[head] = kk < 0 ? 0 : lp[kk]! + 1;
        }
        let done = true;
        if (kk >= 0) {
          const pe = lpend[kk]!;
          const end = pe >= 0 ? pe : lp[kk + 1]!;
          for (let pp = pstack[head]!; pp < end; pp++) {
            const r = Li[pp]!;
            if (mark[r] === k) continue;
            pstack[head] = pp + 1;
            stack[++head] = r;
            done = false;
            break;
          }
        }
        if (done) {
          head--;
          reach[--top] = i;
        }
      }
    }
    // Numeric: x = L \ A[:, col] restricted to the reach.
    for (let p = top; p < n; p++) x[reach[p]!] = 0;
    for (let p = a.indptr[col]!; p < a.indptr[col + 1]!; p++) x[a.indices[p]!]! += a.data[p]!;
    let ipiv = -1;
    let amax = -1;
    let anorm = 0;
    let keep = n;
    if (ilu) {
      for (let p = a.indptr[col]!; p < a.indptr[col + 1]!; p++) anorm = Math.max(anorm, Math.abs(a.data[p]!));
      keep = Math.max(1, Math.ceil(fillFactor * (a.indptr[col + 1]! - a.indptr[col]!)));
      uTmp.length = 0;
    }
    for (let p = top; p < n; p++) {
      const i = reach[p]!;
      const kk = pinv[i]!;
      if (kk < 0) {
        const v = Math.abs(x[i]!);
        if (v > amax || (v === amax && i === col)) {
          amax = v;
          ipiv = i;
        }
        continue;
      }
      const xi = x[i]!;
      if (!ilu) U.push(kk, xi);
      else if (Math.abs(xi) >= dropTol * anorm && xi !== 0) uTmp.push(kk, xi);
      if (xi === 0) continue;
      const pe = lp[kk + 1]!;
      for (let pp = lp[kk]! + 1; pp < pe; pp++) x[Li[pp]!]! -= Lx[pp]! * xi;
    }
    if (ilu && uTmp.length > 0) pushLargest(U, uTmp, keep);
    if (ilu && (ipiv < 0 || amax === 0)) {
      // No usable pivot after dropping: the diagonal (or any unpivoted row), with a small value.
      ipiv = pinv[col]! < 0 ? col : pinv.indexOf(-1);
      x[ipiv] = (dropTol || 1e-8) * (anorm || 1);
      if (mark[ipiv] !== k) {
        mark[ipiv] = k;
        reach[--top] = ipiv;
      }
      amax = Math.abs(x[ipiv]!);
    }
    if (ipiv < 0 || amax === 0 || !Number.isFinite(amax)) {
      throw new ValueError(`${fn}: matrix is singular (no usable pivot in column ${col})`);
    }
    // Prefer the diagonal when it is at least thresh times the maximum, as SuperLU does.
    if (pinv[col]! < 0 && mark[col] === k && Math.abs(x[col]!) >= thresh * amax && x[col] !== 0) ipiv = col;
    const pivot = x[ipiv]!;
    U.push(k, pivot);
    pinv[ipiv] = k;
    prow[k] = ipiv;
    L.push(ipiv, 1);
    if (ilu) uTmp.length = 0;
    for (let p = top; p < n; p++) {
      const i = reach[p]!;
      if (pinv[i]! < 0) {
        if (!ilu) L.push(i, x[i]! / pivot);
        else if (Math.abs(x[i]!) >= dropTol * anorm && x[i] !== 0) uTmp.push(i, x[i]! / pivot);
      }
      x[i] = 0;
    }
    if (ilu && uTmp.length > 0) pushLargest(L, uTmp, keep);
    else if (!ilu) prune(L.i, L.x, lp, lpend, pinv, U.i, up[k]!, U.n - 1, ipiv);
  }
  lp[n] = L.n;
  up[n] = U.n;
  return {
    n,
    q,
    prow,
    lp,
    li: L.i.subarray(0, L.n),
    lx: L.x.subarray(0, L.n),
    up,
    ui: U.i.subarray(0, U.n),
    ux: U.x.subarray(0, U.n),
  };
}

/**
 * Symmetric pruning after column k (pivot row `pivrow`): each unpruned column kk of L in U[:, k]'s
 * pattern (`ui[us..ue)`) that contains `pivrow` gets its pivoted rows moved to the front and
 * `lpend[kk]` set to their end.
 */
function prune(
  li: Int32Array,
  lx: Float64Array,
  lp: Int32Array,
  lpend: Int32Array,
  pinv: Int32Array,
  ui: Int32Array,
  us: number,
  ue: number,
  pivrow: number,
): void {
  for (let p = us; p < ue; p++) {
    const kk = ui[p]!;
    if (lpend[kk]! >= 0) continue;
    const s = lp[kk]! + 1;
    const e = lp[kk + 1]!;
    let found = false;
    for (let q = s; q < e; q++) {
      if (li[q] === pivrow) {
        found = true;
        break;
      }
    }
    if (!found) continue;
    let head = s;
    let tail = e;
    while (head < tail) {
      if (pinv[li[head]!]! >= 0) head++;
      else {
        tail--;
        const ti = li[head]!;
        li[head] = li[tail]!;
        li[tail] = ti;
        const tx = lx[head]!;
        lx[head] = lx[tail]!;
        lx[tail] = tx;
      }
    }
    lpend[kk] = tail;
  }
}

/** Pushes the `keep` largest (by magnitude) of the (index, value) pairs, in their given order. */
function pushLargest(g: Grow, pairs: number[], keep: number): void {
  const m = pairs.length / 2;
  let cut = -1;
  if (m > keep) {
    const mags = Array.from({ length: m }, (_, t) => Math.abs(pairs[2 * t + 1]!)).sort((p, q) => q - p);
    cut = mags[keep - 1]!;
  }
  let kept = 0;
  for (let t = 0; t < m && kept < keep; t++) {
    if (Math.abs(pairs[2 * t + 1]!) < cut) continue;
    g.push(pairs[2 * t]!, pairs[2 * t + 1]!);
    kept++;
  }
}

/**
 * Solves A·x = b with the factors of `luFactor`.
 * @param f - the factors.
 * @param b - right-hand side (length n; not modified).
 * @returns x.
 */
export function luSolve(f: LuFactors, b: ArrayLike<number>): Float64Array {
  const n = f.n;
  const w = Float64Array.from(b);
  const y = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const yk = w[f.prow[k]!]!;
    y[k] = yk;
    if (yk === 0) continue;
    for (let p = f.lp[k]! + 1; p < f.lp[k + 1]!; p++) w[f.li[p]!]! -= f.lx[p]! * yk;
  }
  const x = new Float64Array(n);
  for (let j = n - 1; j >= 0; j--) {
    // The diagonal is the last entry of U's column j.
    const end = f.up[j + 1]! - 1;
    const zj = y[j]! / f.ux[end]!;
    x[f.q[j]!] = zj;
    if (zj === 0) continue;
    for (let p = f.up[j]!; p < end; p++) y[f.ui[p]!]! -= f.ux[p]! * zj;
  }
  return x;
}
