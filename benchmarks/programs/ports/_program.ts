/**
 * What every ported program provides, and the deterministic inputs both sides generate
 * (the NumPy/SciPy twins in `../twins.py` compute the same numbers with `uniform` there).
 */
import type * as np from 'cohortjs/numpy';

/** One of the seed papers' programs, ported to cohort. */
export interface Program {
  /** The name the runner, the twins and the fixtures use. */
  readonly name: string;
  /** Where it comes from and what it stresses. */
  readonly what: string;
  /** The size parameter at each scale: `tiny` for the tests, `small` ~1e4, `large` 1e6–1e7 elements. */
  readonly sizes: { readonly tiny: number; readonly small: number; readonly large: number };
  /** Elements of the main data at size parameter `n` (for the table). */
  elements(n: number): number;
  /** What cohort lacks and how the port works around it (empty when nothing). */
  readonly workaround: string;
  /**
   * True when the twin's time is mostly BLAS matrix products (GEMV, GEMM, dot), which NumPy's
   * OpenBLAS runs on every core of the machine; the runner then also times the twin with one BLAS
   * thread (`OPENBLAS_NUM_THREADS=1`), the rest of NumPy being single-threaded anyway.
   */
  readonly blas?: boolean;
  /**
   * Builds the inputs (not timed) and returns them with the timed part: `run` does the program's
   * work and returns its result, which the caller reads (counted in the time).
   */
  prepare(n: number): { inputs: unknown[]; run: () => np.ndarray };
}

/**
 * `count` values in [0, 1) from a 32-bit integer hash of (index, seed): the same bits as
 * `uniform` in `twins.py`, so both sides start from identical inputs without files.
 * @param count how many values
 * @param seed which stream
 * @returns the values
 */
export function uniform(count: number, seed: number): Float64Array {
  const out = new Float64Array(count);
  const s = Math.imul(seed, 0x3c6ef35f);
  for (let i = 0; i < count; i++) {
    let h = Math.imul(i ^ s, 0x9e3779b1) >>> 0;
    h = (h ^ (h >>> 15)) >>> 0;
    h = Math.imul(h, 0x85ebca77) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    out[i] = h / 4294967296;
  }
  return out;
}
