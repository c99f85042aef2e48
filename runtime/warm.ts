/**
 * Warm from the first call (issue 16 item 4): a library runs a short program of tiny operations
 * through its real code paths once, when it is imported, so that the user's first operations do
 * not pay the one-time costs of a cold process — V8 compiling each function of the issuing path
 * on its first call, generating and compiling the kernels every program uses, first-time shape
 * transitions of the runtime's tables.
 *
 * What a warm-up must not change: results (it works on its own throwaway arrays), the decisions
 * taken for the user's operations, nor the counters a program or a test reads. So it runs under
 * its own mapper — a fresh default mapper that keeps every piece inline on the issuing thread and
 * never starts the pool, whatever the environment asks of the default one (the test suite sends
 * small launches to the pool) — the user's mapper is not asked anything and is restored, and {@link warmUp} checks
 * that no event was numbered and no pool made; the partition counters are restored. It is skipped
 * under an MPI launch of several ranks (every rank would run it alike, but it is not worth a
 * collective's risk), and when `COHORT_WARMUP=0`.
 */
import { DefaultMapper } from '../mapper/index.js';
import { configure, currentMapper } from './config.js';
import { currentPool } from './engine-pool.js';
import { CohortError } from './errors.js';
import { peekSeq } from './events.js';
import { distributed } from './mpi.js';
import { statsSink } from './partition.js';

/**
 * The warm-up's mapper: the default mapper's code (so that it is warm too) on a fresh instance
 * whose every launch is small enough to run inline and never starts the pool; with `split`, a
 * launch is cut into that many pieces (still inline), so that the general path — the solver,
 * tilings, footprints, per-piece dependence analysis — is compiled as well as the one-piece one.
 */
function inlineOnly(split: number): DefaultMapper {
  const m = new DefaultMapper({
    inlineLaunchBytes: 2 ** 50,
    inlineBytes: 2 ** 50,
    minPieceBytes: 256 * 1024,
  });
  if (split > 1) {
    const pieces = m.pieces.bind(m);
    m.pieces = (q) => Math.max(pieces(q), Math.min(split, q.volume));
  }
  return m;
}

/** What one warm-up did (see {@link warmupReport}). */
export interface WarmupRecord {
  /** The library's name for it, e.g. `numpy`. */
  readonly name: string;
  /** Wall time it took, ms. */
  readonly ms: number;
  /**
   * Why it did not run (`COHORT_WARMUP=0`, `distributed`) or did not finish (`failed (message)`:
   * the program threw, which is not rethrown — a warm-up changes speed, not results), or null.
   */
  readonly skipped: string | null;
}

const records: WarmupRecord[] = [];

/** True unless the environment turns warm-ups off (`COHORT_WARMUP=0`). */
function enabled(): boolean {
  const v = typeof process === 'undefined' ? undefined : process.env?.COHORT_WARMUP;
  return v !== '0' && v !== 'false' && v !== 'off';
}

/**
 * Runs a library's warm-up program, now (a library calls it when its module is evaluated): once
 * with every launch as one inline piece, once with launches cut in two inline pieces.
 * The program must be deterministic, issue only tiny operations on arrays it makes itself, and
 * read what it computes (so that the read path is warm too), and be correct with any piece
 * count. It is not run again for the same name. A program that throws is recorded as failed, not rethrown (the library must still
 * import). One that numbers an event (a posted piece) or starts the pool is a bug of the library
 * that would change the process's later decisions: that throws.
 * @param name the library's name, e.g. `numpy`
 * @param program the warm-up program
 * @returns the record of this warm-up
 * @throws {CohortError} when the program numbered an event or started or dropped the pool
 * @example warmUp('mylib', () => { const a = np.ones([8]); a.iadd(1); a.toArray(); }).skipped // null
 */
export function warmUp(name: string, program: () => void): WarmupRecord {
  const done = records.find((r) => r.name === name);
  if (done !== undefined) return done;
  let skipped = !enabled() ? 'COHORT_WARMUP=0' : distributed() ? 'distributed' : null;
  let ms = 0;
  if (skipped === null) {
    const stats = statsSink();
    const saved = { ...stats, created: { ...stats.created } };
    const seq = peekSeq();
    const hadPool = currentPool() !== null;
    const mapper = currentMapper();
    const t0 = performance.now();
    try {
      // Each launch as one piece (the fast path a small program takes), then cut in two; a pass
      // that posted work is not followed by another.
      for (let split = 1; split <= 2 && peekSeq() === seq; split++) {
        configure({ mapper: inlineOnly(split) });
        program();
      }
    } catch (err) {
      // Speed only: a warm-up that fails where this host lacks something (WebAssembly, SIMD,
      // shared memory) must not make the library fail to import. Recorded, not thrown.
      skipped = `failed (${err instanceof Error ? err.message : String(err)})`;
    } finally {
      configure({ mapper });
      Object.assign(stats, saved);
    }
    ms = performance.now() - t0;
    const what =
      peekSeq() !== seq
        ? `event numbers ${seq}..${peekSeq()}`
        : (currentPool() !== null) !== hadPool
          ? 'the pool was started or dropped'
          : '';
    if (what !== '')
      throw new CohortError(`cohort: the '${name}' warm-up posted work (${what}): it must run inline only`);
  }
  const rec: WarmupRecord = { name, ms, skipped };
  records.push(rec);
  return rec;
}

/**
 * The warm-ups run in this process, in order (internal; tests and benchmarks).
 * @returns one record per library warm-up
 * @example warmupReport().map((r) => r.name).includes('numpy') // true once cohortjs/numpy is imported
 */
export function warmupReport(): readonly WarmupRecord[] {
  return records;
}
