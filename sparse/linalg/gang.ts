/**
 * The driver of gang solves (the runtime's `LaunchSpec.gang`, Legion's must-epoch launch): a
 * Krylov loop run by one piece per worker at once, its vectors cut into the dot's blocks of `B`
 * elements and each phase's blocks taken by whichever piece is free (gang-cg.ts,
 * gang-bicgstab.ts hold the phases).
 *
 * **Tickets.** A piece takes ticket t = claim++ (never reset): chunk t mod nc (G blocks) of phase
 * ⌊t / nc⌋ — the issuing side checks that the tickets of `maxiter` iterations fit in 31 bits. It
 * waits until that phase is published (or the solve stopped before it), works the chunk's blocks
 * (`work`), and counts the chunk done; the piece that finishes a phase's last chunk runs `finish`
 * — the solver's scalar steps, from the blocks' partials added in block order — and publishes the
 * next phase, or stops the solve (`info` to `out`). So a piece only ever waits for chunks that
 * running pieces hold — never for a piece that has not started — and the solve finishes even if
 * one piece runs it all (the others then find it stopped): no deadlock whatever the placement.
 * The state of phase k is read before its chunk is counted done, and rewritten only after all of
 * phase k's chunks are. A piece that throws raises the abort word: the others stop.
 *
 * The gang's own arguments, after the solver's: the control words (float64 × 4, zeroed, read as
 * int32: 0 tickets taken, 1 chunks done, 4 the published phase, 5 the stop phase (0: none),
 * 6 abort; the launch's key), the state (float64 × 16: 0 the stage, 15 `info` at the end, the
 * rest the solver's scalars) and the partials (float64 × 2·nb). The last scalar is G.
 * Module-level functions only, joined into the kernel's source (one-task-kernels.ts `sourceOf`).
 */
import type { TaskContext } from '../../runtime/index.js';

declare function view(t: TaskContext, i: number, n: number): Float64Array;

/** A solver's block work: stage `stage`, block `blk` (elements lo … hi) of the vectors. */
export type GangWork<C> = (
  c: C,
  stage: number,
  st: Float64Array,
  part: Float64Array,
  nb: number,
  blk: number,
  lo: number,
  hi: number,
) => void;
/** A solver's scalar steps after a phase: the next stage, or -1 with `info` in st[15]. */
export type GangFinish<C> = (c: C, st: Float64Array, part: Float64Array, nb: number) => number;

/** Σ partials[off … off + nb) in block order from 0 (the combine's order). */
export function gangSum(part: Float64Array, off: number, nb: number): number {
  let tot = 0;
  for (let k = 0; k < nb; k++) tot += part[off + k]!;
  return tot;
}

/**
 * Runs this piece's share of a gang solve (see the module comment).
 * @param t - the task
 * @param base - the index of the control words' argument
 * @param c - the solver's context (its vectors and module), made once per piece
 * @param work - the block work
 * @param finish - the scalar steps
 * @param out - where `info` goes
 */
export function gangDrive<C>(
  t: TaskContext,
  base: number,
  c: C,
  work: GangWork<C>,
  finish: GangFinish<C>,
  out: Float64Array,
): void {
  const S = t.scalars;
  const n = S[0]!;
  const B = S[6]!;
  const G = S[S.length - 1]!;
  const nb = Math.ceil(n / B);
  const nc = Math.ceil(nb / G);
  const ctl = view(t, base, 4);
  const I = new Int32Array(ctl.buffer, ctl.byteOffset, 8);
  const st = view(t, base + 1, 16);
  const part = view(t, base + 2, 2 * nb);
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
        work(c, stage, st, part, nb, blk, lo, lo + B < n ? lo + B : n);
      }
      if (Atomics.add(I, 1, 1) + 1 === (ph + 1) * nc) {
        const next = finish(c, st, part, nb);
        if (next < 0) {
          out[0] = st[15]!;
          Atomics.store(I, 5, ph + 1);
        } else st[0] = next;
        Atomics.store(I, 4, ph + 1);
      }
    }
  } catch (err) {
    Atomics.store(I, 6, 1);
    throw err;
  }
}

/** Ends the solve with `info` (a {@link GangFinish}'s -1). */
export function gangStop(st: Float64Array, info: number): number {
  st[15] = info;
  return -1;
}

/** The driver's functions, for a gang kernel's source. */
export const GANG_DRIVER = { gangSum, gangDrive, gangStop } as const;
