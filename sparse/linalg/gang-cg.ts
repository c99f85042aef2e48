/**
 * CG as a gang (runtime `LaunchSpec.gang`, Legion's must-epoch launch): the one-task CG loop
 * (one-task-kernels.ts `cgSolve`) run by one piece per worker at once, the vectors cut into the
 * dot's blocks of `B` elements and each phase's blocks taken by whichever piece is free.
 *
 * **Phases.** An iteration is three phases without a preconditioner — p ← z + β·p; q ← A·p with
 * the partials of p·q; x ← x + α·p, r ← r − α·q with those of r·r — and four with one (the test's
 * r·r, z ← M·r and r·z first). Each block's partial is its dot kernel partial; the piece that
 * finishes a phase's last block adds them in block order (so every dot is bitwise the per-launch
 * one's: one-task-kernels.ts), takes the scalar steps of cg-host.ts (α, β, the tests, `info`),
 * writes them to the shared state and publishes the next phase.
 *
 * **Tickets.** A piece takes ticket t = claim++ (never reset): chunk t mod nc (G blocks) of
 * phase ⌊t / nc⌋ — the issuing side checks that the tickets of `maxiter` iterations fit in 31 bits. It waits until that phase is published (or the solve stopped before it), works the
 * chunk's blocks, and counts the chunk done. So a piece only ever waits for blocks that running pieces hold —
 * never for a piece that has not started — and the solve finishes even if one piece runs it all
 * (the others then find it stopped): no deadlock whatever the placement. The state of phase k is
 * read before its block is counted done, and rewritten only after all of phase k's blocks are.
 *
 * Arguments: as `cgSolve` (0 x, 1–3 A, 4 b, 5 r, 6 p, 7 q, 8 out, with M 9–11 M, 12 z), then the
 * control words (float64 × 4, zeroed, read as int32 words: 0 tickets taken, 1 chunks done; the key), the state (float64, 16) and the partials (float64,
 * 2·nb). Scalars: as `cgSolve`'s, then G. A piece that throws raises the abort word: the others stop.
 */
import type { TaskContext } from '../../runtime/index.js';
import type { OneTaskWasm } from './one-task-kernels.js';

// Helpers of one-task-kernels.ts, joined into the same kernel source (sourceOf).
declare function dotPart(X: Float64Array, Y: Float64Array, lo: number, hi: number): number;
declare function spmvRows(
  P: Int32Array,
  C: Int32Array,
  V: Float64Array,
  v: Float64Array,
  y: Float64Array,
  lo: number,
  hi: number,
): void;
declare function wasmFor(t: TaskContext, n: number, csrArgs: readonly number[]): OneTaskWasm | null;
declare function view(t: TaskContext, i: number, n: number): Float64Array;

/*
 * Control words (int32 indices): 0 tickets taken, 1 chunks done, 4 the published
 * phase, 5 the stop phase (0: none), 6 abort. State (float64): 0 stage, 1 iteration, 2 ρ,
 * 3 ρ_prev, 4 α, 5 β, 6 atol. Stages: 0 setup (b·b, q = A·x0), 1 x = b (b = 0), 2 r = b − q,
 * 3 p update, 4 q = A·p and p·q, 5 x and r updates (and r·r), 6 r·r, z = M·r and r·z. The kernel
 * ships as text, so these are written as numbers below.
 */

/** Σ partials[off … off + nb) in block order from 0 (the combine's order). */
function gangSum(part: Float64Array, off: number, nb: number): number {
  let tot = 0;
  for (let k = 0; k < nb; k++) tot += part[off + k]!;
  return tot;
}

/**
 * The gang CG kernel (see the module comment). Its constants are inlined: the kernel ships as
 * text.
 */
function cgGang(t: TaskContext): void {
  const S = t.scalars;
  const n = S[0]!;
  const rtol = S[1]!;
  const atolIn = S[2]!;
  const maxiter = S[3]!;
  const hasX0 = S[4] === 1;
  const hasM = S[5] === 1;
  const B = S[6]!;
  const G = S[7]!;
  const a = t.arrays;
  const base = hasM ? 13 : 9;
  const ctl = view(t, base, 4);
  const I = new Int32Array(ctl.buffer, ctl.byteOffset, 8);
  const st = view(t, base + 1, 16);
  const part = view(t, base + 2, 2 * Math.ceil(n / B));
  const nb = Math.ceil(n / B);
  const nc = Math.ceil(nb / G);
  const x = view(t, 0, n);
  const Ap = a[1] as Int32Array;
  const Ai = a[2] as Int32Array;
  const Av = a[3] as Float64Array;
  const b = view(t, 4, n);
  const r = view(t, 5, n);
  const p = view(t, 6, n);
  const q = view(t, 7, n);
  const out = a[8] as Float64Array;
  const Mp = hasM ? (a[9] as Int32Array) : Ap;
  const Mi = hasM ? (a[10] as Int32Array) : Ai;
  const Mv = hasM ? (a[11] as Float64Array) : Av;
  const z = hasM ? view(t, 12, n) : r;
  const W = wasmFor(t, n, hasM ? [1, 9] : [1]);
  try {
    for (;;) {
      const ticket = Atomics.add(I, 0, 1);
      const ph = Math.floor(ticket / nc);
      const c0 = (ticket - ph * nc) * G;
      const c1 = c0 + G < nb ? c0 + G : nb;
      // Wait for the phase (or for the solve to stop before it). The chunks waited for are held
      // by running pieces; should none complete for a minute (a worker thread died holding one),
      // stop with an error rather than spin for ever.
      let seen = -1;
      let since = 0;
      for (let spins = 1; ; spins++) {
        if (Atomics.load(I, 4) >= ph) break;
        const s = Atomics.load(I, 5);
        if (s > 0 && ph >= s) return;
        if (Atomics.load(I, 6) !== 0) throw new Error('another piece of the gang failed');
        if ((spins & 0xffff) === 0) {
          const d = Atomics.load(I, 1);
          const now = Date.now();
          if (d !== seen) {
            seen = d;
            since = now;
          } else if (now - since > 60_000) throw new Error('no chunk of the gang completed for 60 s');
        }
      }
      const stop = Atomics.load(I, 5);
      if (stop > 0 && ph >= stop) return;
      const stage = st[0]!;
      for (let blk = c0; blk < c1; blk++) {
        const lo = blk * B;
        const hi = lo + B < n ? lo + B : n;
        if (stage === 0) {
          part[blk] =
            W !== null
              ? W.dotBlocks(b.byteOffset + 8 * lo, b.byteOffset + 8 * lo, hi - lo, B)
              : dotPart(b, b, lo, hi);
          if (hasX0) {
            if (W !== null)
              W.spmvRows(Ap.byteOffset, Ai.byteOffset, Av.byteOffset, x.byteOffset, q.byteOffset, lo, hi);
            else spmvRows(Ap, Ai, Av, x, q, lo, hi);
          }
        } else if (stage === 1) {
          for (let i = lo; i < hi; i++) x[i] = b[i]!;
        } else if (stage === 2) {
          if (hasX0) for (let i = lo; i < hi; i++) r[i] = b[i]! - q[i]!;
          else for (let i = lo; i < hi; i++) r[i] = b[i]!;
          if (!hasM)
            part[blk] =
              W !== null
                ? W.dotBlocks(r.byteOffset + 8 * lo, r.byteOffset + 8 * lo, hi - lo, B)
                : dotPart(r, r, lo, hi);
        } else if (stage === 6) {
          part[blk] =
            W !== null
              ? W.dotBlocks(r.byteOffset + 8 * lo, r.byteOffset + 8 * lo, hi - lo, B)
              : dotPart(r, r, lo, hi);
          if (W !== null)
            W.spmvRows(Mp.byteOffset, Mi.byteOffset, Mv.byteOffset, r.byteOffset, z.byteOffset, lo, hi);
          else spmvRows(Mp, Mi, Mv, r, z, lo, hi);
          part[nb + blk] =
            W !== null
              ? W.dotBlocks(r.byteOffset + 8 * lo, z.byteOffset + 8 * lo, hi - lo, B)
              : dotPart(r, z, lo, hi);
        } else if (stage === 3) {
          if (st[1] === 0) for (let i = lo; i < hi; i++) p[i] = z[i]!;
          else if (W !== null) W.zpp(p.byteOffset, st[5]!, z.byteOffset, lo, hi);
          else {
            const beta = st[5]!;
            for (let i = lo; i < hi; i++) p[i] = z[i]! + p[i]! * beta;
          }
        } else if (stage === 4) {
          // The fused SpMV + dot of the block (indptr from row lo: its values index C and V).
          if (W !== null)
            part[blk] = W.spmvDot(
              Ap.byteOffset + 4 * lo,
              Ai.byteOffset,
              Av.byteOffset,
              p.byteOffset,
              q.byteOffset + 8 * lo,
              p.byteOffset + 8 * lo,
              hi - lo,
              B,
            );
          else {
            spmvRows(Ap, Ai, Av, p, q, lo, hi);
            part[blk] = dotPart(p, q, lo, hi);
          }
        } else if (stage === 5) {
          const alpha = st[4]!;
          if (W !== null) W.ypx(x.byteOffset, alpha, p.byteOffset, lo, hi);
          else for (let i = lo; i < hi; i++) x[i] = x[i]! + p[i]! * alpha;
          if (hasM) {
            if (W !== null) W.ymx(r.byteOffset, alpha, q.byteOffset, lo, hi);
            else for (let i = lo; i < hi; i++) r[i] = r[i]! - q[i]! * alpha;
          } else if (W !== null)
            part[blk] = W.axmyDot(r.byteOffset + 8 * lo, alpha, q.byteOffset + 8 * lo, hi - lo, B);
          else {
            for (let i = lo; i < hi; i++) r[i] = r[i]! - q[i]! * alpha;
            part[blk] = dotPart(r, r, lo, hi);
          }
        }
      }
      if (Atomics.add(I, 1, 1) + 1 === (ph + 1) * nc)
        gangFinish(I, st, part, out, ph, nb, rtol, atolIn, maxiter, hasM);
    }
  } catch (err) {
    Atomics.store(I, 6, 1);
    throw err;
  }
}

/**
 * The scalar steps after phase `ph`'s last block (cg-host.ts's, in its order): the next stage and
 * its scalars, or the end (`info` to `out`, the stop phase); then the next phase is published.
 */
function gangFinish(
  I: Int32Array,
  st: Float64Array,
  part: Float64Array,
  out: Float64Array,
  ph: number,
  nb: number,
  rtol: number,
  atolIn: number,
  maxiter: number,
  hasM: boolean,
): void {
  const stage = st[0]!;
  let next = -1;
  let info = -1;
  if (stage === 0) {
    const bnrm = Math.sqrt(gangSum(part, 0, nb));
    st[6] = Math.max(bnrm * rtol, atolIn);
    next = bnrm === 0 ? 1 : 2;
  } else if (stage === 1) info = 0;
  else if (stage === 2) {
    st[1] = 0;
    if (hasM) next = maxiter > 0 ? 6 : -1;
    else next = gangTop(st, gangSum(part, 0, nb), maxiter);
    if (next < 0) info = maxiter > 0 ? 0 : maxiter;
  } else if (stage === 6) {
    if (Math.sqrt(gangSum(part, 0, nb)) < st[6]!) info = 0;
    else {
      const rho = gangSum(part, nb, nb);
      if (st[1]! > 0) st[5] = rho / st[3]!;
      st[2] = rho;
      next = 3;
    }
  } else if (stage === 3) next = 4;
  else if (stage === 4) {
    st[4] = st[2]! / gangSum(part, 0, nb);
    next = 5;
  } else if (stage === 5) {
    st[3] = st[2]!;
    st[1] = st[1]! + 1;
    if (st[1]! >= maxiter) info = maxiter;
    else if (hasM) next = 6;
    else {
      next = gangTop(st, gangSum(part, 0, nb), maxiter);
      if (next < 0) info = 0;
    }
  }
  if (next < 0) {
    out[0] = info < 0 ? maxiter : info;
    Atomics.store(I, 5, ph + 1);
  } else st[0] = next;
  Atomics.store(I, 4, ph + 1);
}

/**
 * The top of an iteration without a preconditioner, given r·r: -1 when it converged (‖r‖ <
 * atol), else the p update with ρ = r·r (β = ρ / ρ_prev after the first iteration).
 */
function gangTop(st: Float64Array, rr: number, maxiter: number): number {
  if (st[1]! >= maxiter) return -1;
  if (Math.sqrt(rr) < st[6]!) return -1;
  if (st[1]! > 0) st[5] = rr / st[3]!;
  st[2] = rr;
  return 3;
}

/** The helpers the gang kernel adds to one-task-kernels.ts's. */
export const GANG_HELPERS = [gangSum, gangFinish, gangTop] as const;
export { cgGang };
