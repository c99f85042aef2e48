import { type Mapper, type MapperQuery, shardBlock } from './mapper.js';

/** Options of the default mapper. */
export interface DefaultMapperOptions {
  /**
   * Minimum bytes per piece: below it an operation is not split (Legate's "every thread needs
   * enough bytes to saturate bandwidth"). Default 256 KiB, or the environment's
   * `COHORT_MIN_PIECE_BYTES` (the test suite sets 64, so that its small arrays are cut into pieces).
   */
  readonly minPieceBytes?: number;
  /**
   * Pieces at most `piecesPerWorker × workers`. Default 2: with sharing, a free worker takes over
   * the end of a busy one's share; more pieces cost more than they balance on uniform work (see
   * README).
   */
  readonly piecesPerWorker?: number;
  /**
   * Pieces smaller than this many bytes run inline on the calling thread. Default 64 KiB, or the
   * environment's `COHORT_INLINE_BYTES` (the test suite sets 0, so that its small pieces run on
   * the pool).
   */
  readonly inlineBytes?: number;
  /**
   * Launches moving fewer bytes than this in total run as ONE piece inline on the calling thread:
   * below it, handing pieces to the pool (issue, wake-up, the barrier at the next reduction)
   * costs more than the work. Default 4 MiB (measured crossover, see README), or the
   * environment's `COHORT_INLINE_LAUNCH_BYTES` (the test suite sets 0, so that small launches
   * still exercise the pool).
   */
  readonly inlineLaunchBytes?: number;
  /** Work sharing (see {@link Mapper.share}): pieces go to any worker that is free first. Default true. */
  readonly share?: boolean;
  /** Spin before sleeping (see {@link Mapper.spinMicros}), µs. Default 50. */
  readonly spinMicros?: number;
  /**
   * The pool threads' nice increment (see {@link Mapper.workerNice}), 0–19. Default
   * {@link DEFAULT_WORKER_NICE}, or the environment's `COHORT_WORKER_NICE`.
   */
  readonly workerNice?: number;
  /**
   * Bytes of fresh results the pool may have in flight (see {@link Mapper.inFlightBytes}).
   * Default 256 MiB: room for the pool to work on one large result while the program issues the
   * next (see README).
   */
  readonly inFlightBytes?: number;
  /**
   * Iterative solves whose iteration touches fewer bytes than this run as one task (see
   * {@link Mapper.solveInOneTask}). Default 32 MiB (measured crossover, see README), or the
   * environment's `COHORT_ONE_TASK_SOLVE_BYTES`; 0 turns one-task solves off (the test suite
   * sets 0, so that its small solves still exercise the per-launch loop).
   */
  readonly oneTaskSolveBytes?: number;
  /**
   * One-task solves whose iteration touches at least this many bytes run as a gang when there
   * are two workers or more (see {@link Mapper.solveAsGang}), at any size above it. Default 8 MiB
   * (see README), or the environment's `COHORT_GANG_SOLVE_BYTES`; 0 turns gangs off. One-task
   * solves off (`oneTaskSolveBytes` 0) turns them off too.
   */
  readonly gangSolveBytes?: number;
}

/** The environment variable `name` when set to a non-negative number, else `dflt`. */
function envNonNegative(name: string, dflt: number): number {
  const env = typeof process === 'undefined' ? undefined : process.env[name];
  const v = env === undefined || env.trim() === '' ? Number.NaN : Number(env);
  return Number.isFinite(v) && v >= 0 ? v : dflt;
}

/** `COHORT_INLINE_LAUNCH_BYTES` when set (a non-negative number), else 4 MiB. */
const defaultInlineLaunchBytes = (): number => envNonNegative('COHORT_INLINE_LAUNCH_BYTES', 4 * 1024 * 1024);

/** `COHORT_MIN_PIECE_BYTES` when set (a positive number), else 256 KiB. */
const defaultMinPieceBytes = (): number => envNonNegative('COHORT_MIN_PIECE_BYTES', 0) || 256 * 1024;

/** `COHORT_INLINE_BYTES` when set (a non-negative number), else 64 KiB. */
const defaultInlineBytes = (): number => envNonNegative('COHORT_INLINE_BYTES', 64 * 1024);

/** `COHORT_ONE_TASK_SOLVE_BYTES` when set (a non-negative number), else 32 MiB. */
const defaultOneTaskSolveBytes = (): number => envNonNegative('COHORT_ONE_TASK_SOLVE_BYTES', 32 * 2 ** 20);

/**
 * The pool threads' default nice increment (see {@link Mapper.workerNice}): 0 until measured
 * otherwise (mapper/README "Worker priority").
 * @example DEFAULT_WORKER_NICE // 0
 */
export const DEFAULT_WORKER_NICE = 0;

/** `COHORT_WORKER_NICE` when set (an integer in [0, 19]), else {@link DEFAULT_WORKER_NICE}. */
function defaultWorkerNice(): number {
  const env = typeof process === 'undefined' ? undefined : process.env.COHORT_WORKER_NICE;
  const v = env === undefined || env === '' ? Number.NaN : Number(env);
  return Number.isInteger(v) && v >= 0 && v <= 19 ? v : DEFAULT_WORKER_NICE;
}

/** `COHORT_SPIN_MICROS` when set (a non-negative number), else 50. */
const defaultSpinMicros = (): number => envNonNegative('COHORT_SPIN_MICROS', 50);

/** Operations per point that a memory-bound kernel does for free (hidden by its loads and stores). */
const FREE_WORK = 4;
/**
 * Bytes of memory traffic that one more operation per point costs about as much as (measured:
 * a fused sigmoid, cost 13, takes ~10 ns per element on one thread of this machine kind, where
 * moving a byte takes ~0.1 ns).
 */
const WORK_BYTES = 8;

/**
 * What a launch costs, in bytes: those it touches, plus its arithmetic beyond {@link FREE_WORK}
 * operations per point at {@link WORK_BYTES} each (a fused Black–Scholes or sigmoid is cut into
 * pieces at sizes where a subtract runs as one inline piece).
 */
export function costBytes(q: MapperQuery): number {
  const w = q.work ?? 0;
  return w > FREE_WORK ? q.bytes + (w - FREE_WORK) * WORK_BYTES * q.volume : q.bytes;
}

/**
 * The default mapper: one piece per worker for large operations, one inline piece for small
 * ones, piece `c` always on worker `c mod workers` (so piece c of every operation over the same
 * data stays on the same worker's cache).
 */
export class DefaultMapper implements Mapper {
  readonly minPieceBytes: number;
  readonly piecesPerWorker: number;
  readonly inlineBytes: number;
  readonly inlineLaunchBytes: number;
  readonly sharing: boolean;
  readonly spin: number;
  readonly nice: number;
  readonly inFlight: number;
  readonly oneTaskSolveBytes: number;
  readonly gangSolveBytes: number;

  constructor(opts: DefaultMapperOptions = {}) {
    this.sharing = opts.share ?? true;
    this.spin = opts.spinMicros ?? defaultSpinMicros();
    this.nice = opts.workerNice ?? defaultWorkerNice();
    this.inFlight = opts.inFlightBytes ?? 256 * 2 ** 20;
    this.minPieceBytes = opts.minPieceBytes ?? defaultMinPieceBytes();
    this.piecesPerWorker = opts.piecesPerWorker ?? 2;
    this.inlineBytes = opts.inlineBytes ?? defaultInlineBytes();
    this.inlineLaunchBytes = opts.inlineLaunchBytes ?? defaultInlineLaunchBytes();
    this.oneTaskSolveBytes = opts.oneTaskSolveBytes ?? defaultOneTaskSolveBytes();
    this.gangSolveBytes = opts.gangSolveBytes ?? envNonNegative('COHORT_GANG_SOLVE_BYTES', 8 * 2 ** 20);
  }

  pieces(q: MapperQuery): number {
    const ranks = q.ranks ?? 1;
    if (ranks > 1) return this.piecesOver(q, Math.max(1, q.workers), ranks);
    if (q.workers <= 0 || q.volume <= 1) return 1;
    const bytes = costBytes(q);
    // Small launches run as one inline piece — but not those that read a broadcast argument whole
    // (a matrix product): their work grows faster than their bytes.
    if (bytes < this.inlineLaunchBytes && !((q.replicatedBytes ?? 0) > 0)) return 1;
    const byBytes = this.piecesByBytes(bytes, q.volume);
    const perWorker = this.perWorkerReplicated(q);
    return Math.max(1, Math.min(q.workers * perWorker, byBytes, q.volume));
  }

  /** Pieces of at least {@link minPieceBytes} in `bytes` (one per element when that is 0). */
  private piecesByBytes(bytes: number, volume: number): number {
    return this.minPieceBytes > 0 ? Math.floor(bytes / this.minPieceBytes) : volume;
  }

  /**
   * Pieces per worker of a launch. Every piece reads broadcast arguments whole (and a matrix
   * product packs them): one piece per worker then, not more — unless what is repeated is small
   * next to what the launch moves (≤ 1/64 of it: x of a GEMV, 16 KB against a 32 MB matrix), where
   * it costs nothing and {@link piecesPerWorker} pieces let a worker that wakes late still find
   * a piece of its own (with one piece each, the awake worker took both: jacobi's and dense cg's
   * GEMVs ran on one worker most steps).
   */
  private perWorkerReplicated(q: MapperQuery): number {
    const rep = q.replicatedBytes ?? 0;
    if (rep <= 0) return this.piecesPerWorker;
    return rep * 64 <= q.bytes ? this.piecesPerWorker : 1;
  }

  /**
   * Under MPI: the same rule per rank, and a multiple of the ranks when every rank gets a piece
   * (each rank then runs the same share of every launch, so launches of different piece counts
   * over the same data cut it at the same rank boundaries, and element-wise chains move nothing).
   */
  private piecesOver(q: MapperQuery, workers: number, ranks: number): number {
    if (q.volume <= 1) return 1;
    const bytes = costBytes(q);
    if (bytes < this.inlineLaunchBytes && !((q.replicatedBytes ?? 0) > 0)) return 1;
    const byBytes = this.piecesByBytes(bytes, q.volume);
    const perWorker = this.perWorkerReplicated(q);
    // At least one piece per rank (below minPieceBytes per rank if need be): a launch split
    // differently from the others over the same data would move it between the ranks.
    const perRank = Math.max(1, Math.min(workers * perWorker, Math.floor(byBytes / ranks)));
    return Math.max(1, Math.min(perRank * ranks, q.volume));
  }

  worker(color: number, _colors: number, workers: number): number {
    return workers > 0 ? color % workers : 0;
  }

  inline(_op: string, bytes: number, workers: number, colors = 0): boolean {
    return workers === 0 || bytes < this.inlineBytes || (colors === 1 && bytes < this.inlineLaunchBytes);
  }

  /** Contiguous blocks of pieces per rank ({@link shardBlock}). */
  shard(pieceCount: number, piece: number, ranks: number): number {
    return shardBlock(pieceCount, piece, ranks);
  }

  /**
   * Shares every launch given to a pool of several workers, one-piece ones included: a posted
   * one-piece launch waits for inputs (else it would run inline), and the worker that completes
   * the last of them then runs it at once, without waking the piece's own worker (jacobi's
   * divide between two GEMVs, issue 24).
   */
  share(_op: string, colors: number, workers: number): boolean {
    return this.sharing && workers > 1 && colors >= 1;
  }

  /** Starts the pool's threads at the first launch that touches a quarter of {@link inlineLaunchBytes}. */
  startPool(bytes: number, workers: number): boolean {
    return workers > 0 && bytes >= this.inlineLaunchBytes / 4;
  }

  spinMicros(): number {
    return this.spin;
  }

  workerNice(): number {
    return this.nice;
  }

  inFlightBytes(_workers: number): number {
    return this.inFlight;
  }

  /**
   * One task below {@link DefaultMapperOptions.oneTaskSolveBytes}; with no pool, at any size
   * (everything runs on this thread anyway) unless one-task solves are off.
   */
  solveInOneTask(_op: string, bytes: number, workers: number): boolean {
    const limit = this.oneTaskSolveBytes;
    return limit > 0 && (workers === 0 || bytes < limit);
  }

  /**
   * A gang from {@link DefaultMapperOptions.gangSolveBytes} up, with two workers or more, while
   * one-task solves are on — at any size: the per-launch loop's wake-ups between its launches
   * cost more than a gang's spins at its phase ends.
   */
  solveAsGang(_op: string, bytes: number, workers: number): boolean {
    const g = this.gangSolveBytes;
    return workers >= 2 && this.oneTaskSolveBytes > 0 && g > 0 && bytes >= g;
  }
}
