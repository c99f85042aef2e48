/**
 * The mapper: every machine-specific decision, behind one small interface that a user may
 * replace with `configure({ mapper })` (DESIGN.md §3). One instance serves both libraries.
 */

/** What the mapper is told about an operation. */
export interface MapperQuery {
  /** The operation's name (`'add'`, `'csr.spmv'`, ...). */
  readonly op: string;
  /** Points in the launch domain. */
  readonly volume: number;
  /** Bytes the launch touches (all arguments, approximately). */
  readonly bytes: number;
  /** Workers in the pool (0: everything runs inline). */
  readonly workers: number;
  /**
   * Bytes of arguments every piece reads whole (`broadcast` constraints, e.g. B of a matrix
   * product): work that each extra piece repeats. Optional (0 when absent).
   */
  readonly replicatedBytes?: number;
  /**
   * MPI ranks of the job (DESIGN.md §9; 1 or absent alone): the pieces of a launch are shared out
   * over the ranks (see {@link Mapper.shard}), each of which has `workers` workers.
   */
  readonly ranks?: number;
  /**
   * Arithmetic per point in simple operations (a transcendental counts 8; optional, 0 when
   * absent): a launch that computes more than it moves costs more than its bytes say.
   */
  readonly work?: number;
}

/** The decisions a mapper makes. */
export interface Mapper {
  /** How many pieces to split the launch domain into (1: not distributed). */
  pieces(q: MapperQuery): number;
  /** Which worker runs piece `color` of `colors` — consistently across operations on the same data. */
  worker(color: number, colors: number, workers: number): number;
  /**
   * Under MPI (DESIGN.md §9): the rank that runs piece `piece` of a launch of `pieceCount` pieces,
   * out of `ranks` ranks. Every rank asks the same question at the same point of the program and
   * must get the same answer (answer from the arguments alone). Optional; without it, contiguous
   * blocks of pieces per rank ({@link shardBlock}). One-piece launches are never asked: every rank
   * runs them.
   */
  shard?(pieceCount: number, piece: number, ranks: number): number;
  /**
   * Whether a piece of `bytes` bytes (of a launch of `colors` pieces) runs inline on the calling
   * thread rather than in the pool.
   */
  inline(op: string, bytes: number, workers: number, colors?: number): boolean;
  /**
   * Whether the pieces of a launch may run on any worker (work sharing: each piece goes to its
   * worker first and is offered to the others, whichever claims it first runs it). Asked for
   * every launch given to the pool, one-piece ones included. Optional; without it, every piece
   * runs on the worker {@link Mapper.worker} names.
   */
  share?(op: string, colors: number, workers: number): boolean;
  /**
   * How long a thread about to wait — a worker for a task's input or for new work, the issuing
   * thread for a result — first spins (checks the shared word in a loop) before it sleeps in
   * `Atomics.wait`, in microseconds. Waking a sleeping thread costs tens to hundreds of µs on a
   * virtual machine; a wait that ends within the spin costs none of it. Optional; without it, 0.
   */
  spinMicros?(): number;
  /**
   * How much lower than the issuing thread's the pool threads' scheduling priority is: a nice
   * increment in [0, 19] that each worker applies to its own thread (Linux only: elsewhere nice
   * is per process and the threads keep the process's). With more busy threads than cores (the
   * pool's threads plus the issuing thread, one worker per core), the operating system may run a
   * worker while the issuing thread waits for a core with launches to post: a lower priority for
   * the workers lets the issuing thread in at once. Optional; without it, 0.
   */
  workerNice?(): number;
  /**
   * Whether a launch touching `bytes` bytes should start the pool's threads now, while no piece
   * has needed them yet (threads start in the background: a program of small launches never
   * needs them, while one that will split its launches wants them live before its first big
   * one). Optional; without it, the pool starts at the first piece posted to it.
   */
  startPool?(bytes: number, workers: number): boolean;
  /**
   * The most bytes of fresh results (regions no launch wrote before) that launches posted to the
   * pool may have in flight. A launch that would exceed it first waits for the oldest ones to
   * complete (runtime/govern.ts): a program that runs ahead of the pool waits for memory rather
   * than allocating a result per step it is ahead. Optional; without it, no bound (then only the
   * event table's 131,072 tasks bound how far a program runs ahead).
   */
  inFlightBytes?(workers: number): number;
  /**
   * Whether an iterative solve (`op`: `'cg'`, ...) whose iteration touches `bytes` bytes (the
   * matrix, the preconditioner and the working vectors) runs as ONE task: the whole iteration
   * loop in one kernel on one thread, instead of a handful of launches per iteration. Below some
   * size the per-launch cost of the control path exceeds the work, and one thread has the
   * bandwidth the vectors need. The results are bitwise those of the per-launch loop. Optional;
   * without it, never.
   */
  solveInOneTask?(op: string, bytes: number, workers: number): boolean;
  /**
   * Whether a solve that runs as one task ({@link solveInOneTask}) runs instead as a gang: the same
   * loop by one piece per worker at once, the vectors' blocks shared among them (the runtime's
   * `LaunchSpec.gang`; sparse/linalg/gang-cg.ts), bitwise the same results. Asked for solves that
   * have a gang kernel (`cg`), with two workers or more, alone (not under MPI). Optional; without
   * it, never.
   */
  solveAsGang?(op: string, bytes: number, workers: number): boolean;
}

/**
 * The default sharding: contiguous blocks of pieces per rank (rank r runs pieces
 * `[ceil(r·n/ranks), ceil((r+1)·n/ranks))`), so the pieces of one rank are neighbours and
 * element-wise chains over the same partition keep their data where it was written.
 * @example shardBlock(4, 3, 2) // 1
 */
export function shardBlock(pieceCount: number, piece: number, ranks: number): number {
  return Math.floor((piece * ranks) / pieceCount);
}

/** Type guard for a user-supplied mapper. */
export function isMapper(x: unknown): x is Mapper {
  const m = x as Mapper;
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof m.pieces === 'function' &&
    typeof m.worker === 'function' &&
    typeof m.inline === 'function'
  );
}
