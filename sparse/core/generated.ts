/**
 * The loops behind SpMV, SpMM, DIA SpMV and the sparse ⊕ sparse merges come from codegen (index
 * notation → kernel source, DESIGN.md §6). The hand-written loops stay as the reference (and as a
 * fallback, or when `COHORT_SPARSE_KERNELS=hand`): those of `kernels/products.ts` have the same
 * parameters as the generated SpMV/SpMM; `binopRows` (`kernels/assemble.ts`) takes the operation
 * and phase as scalars, so its launches keep their own adapter.
 *
 * Add, subtract and multiply of two canonical CSR structures run the count and fill kernels of
 * `C(i,j) = A(i,j) ⊕ B(i,j)` generated with `dropZeros` (SciPy drops the zeros a sum produces; so
 * does cohort). Divide is not an index-notation merge and SpGEMM is not generated: both keep their
 * hand loops.
 */
import {
  type CodegenDType,
  CSR,
  DENSE_MATRIX,
  DENSE_VECTOR,
  DIA,
  emitWasm,
  type GeneratedKernel,
  generateKernel,
  isCodegenDType,
  wasmLengths,
} from '../../codegen/index.js';
import { ctorOf, type DType } from '../../runtime/index.js';
import type { Impl, WasmSpec } from '../kdef.js';
import * as loops from '../kernels/products.js';

/** A loop and whether it was generated (its kernel name gets a `.gen` suffix). */
export interface Loop {
  readonly impl: Impl;
  readonly generated: boolean;
  /** The same kernel in WebAssembly (for launches whose regions are all in the heap), or null. */
  readonly wasm: WasmSpec | null;
}

const noWasm = process.env.COHORT_WASM === '0';

/**
 * The Wasm form of a generated kernel: arrays named `T_vals` or `T` have T's dtype, the other
 * arrays (positions, coordinates, offsets) are int32. Null when the kernel has no exact Wasm form.
 */
function wasmOf(g: GeneratedKernel, dtypes: Record<string, DType>): WasmSpec | null {
  // Float values only: JavaScript computes integer products in doubles (rounded beyond 2^53),
  // Wasm's i32 arithmetic would wrap instead.
  if (noWasm || Object.values(dtypes).some((d) => d !== 'float64' && d !== 'float32')) return null;
  const arrays: Record<string, CodegenDType> = {};
  const types: (string | null)[] = [];
  for (const p of g.ir.params) {
    if (p.kind !== 'array') {
      types.push(null);
      continue;
    }
    const tensor = p.name.endsWith('_vals') ? p.name.slice(0, -5) : p.name;
    const dt = (dtypes[tensor] ?? 'int32') as CodegenDType;
    arrays[p.name] = dt;
    types.push(ctorOf(dt).name);
  }
  const names = g.ir.params.map((p) => p.name);
  const lens = wasmLengths(g.ir).map((a) => names.indexOf(a));
  try {
    return { bytes: Array.from(emitWasm(g.ir, arrays)), types, lens };
  } catch {
    return null;
  }
}

const hand = process.env.COHORT_SPARSE_KERNELS === 'hand';

const memo = new Map<string, Loop | null>();

/**
 * The generated loop for `expr`, or null (hand loops selected, a dtype codegen does not know, an
 * unsupported combination, or parameters other than `params`). Memoized per expression, formats,
 * dtypes and options: every call needs it.
 */
function generated(
  expr: string,
  formats: Parameters<typeof generateKernel>[1],
  dtypes: Record<string, DType>,
  opts: { phase?: 'count' | 'fill'; dropZeros?: boolean; params?: readonly string[] } = {},
): Loop | null {
  const key = `${expr}|${Object.values(formats)
    .map((f) => f.name)
    .join(',')}|${Object.values(dtypes).join(',')}|${opts.phase ?? ''}|${opts.dropZeros ?? ''}`;
  let loop = memo.get(key);
  if (loop !== undefined) return loop;
  loop = null;
  if (!hand && Object.values(dtypes).every(isCodegenDType)) {
    try {
      const g = generateKernel(expr, formats, {
        dtype: dtypes,
        phase: opts.phase,
        dropZeros: opts.dropZeros,
      });
      // The launch's adapter passes arguments by position: a different list keeps the hand loop.
      if (opts.params === undefined || g.params.join() === opts.params.join())
        loop = { impl: g.source, generated: true, wasm: wasmOf(g, dtypes) };
    } catch {
      // An unsupported combination: the caller runs the hand loop.
    }
  }
  memo.set(key, loop);
  return loop;
}

/** The generated loop for `expr`, or `fallback` (a hand loop with the same parameters). */
function gen(
  expr: string,
  formats: Parameters<typeof generateKernel>[1],
  dtypes: Record<string, DType>,
  fallback: Impl,
): Loop {
  return generated(expr, formats, dtypes) ?? { impl: fallback, generated: false, wasm: null };
}

/** `y(i) = A(i,j) * x(j)`, A CSR: `(A_pos, A_crd, A_vals, x, y, lo, hi)` over rows. */
export function spmvLoop(a: DType, x: DType, y: DType): Loop {
  const k = `${a}.${x}.${y}`;
  let loop = spmvLoops.get(k);
  if (loop === undefined) spmvLoops.set(k, (loop = spmvLoopOf(a, x, y)));
  return loop;
}
const spmvLoops = new Map<string, Loop>();

function spmvLoopOf(a: DType, x: DType, y: DType): Loop {
  return gen(
    'y(i) = A(i,j) * x(j)',
    { A: CSR, x: DENSE_VECTOR, y: DENSE_VECTOR },
    { A: a, x, y },
    loops.csrSpmv,
  );
}

/** `C(i,k) = A(i,j) * B(j,k)`, A CSR: `(A_pos, A_crd, A_vals, B, B_ld, C, C_ld, N_k, lo, hi)`. */
export function spmmLoop(a: DType, b: DType, c: DType): Loop {
  return gen(
    'C(i,k) = A(i,j) * B(j,k)',
    { A: CSR, B: DENSE_MATRIX, C: DENSE_MATRIX },
    { A: a, B: b, C: c },
    loops.csrSpmm,
  );
}

/** `y(i) = A(i,j) * x(j)`, A DIA: `(A_offsets, A_vals, A_ld, x, y, N_j, lo, hi)` over rows. */
export function diaSpmvLoop(a: DType, x: DType, y: DType): Loop {
  return gen(
    'y(i) = A(i,j) * x(j)',
    { A: DIA, x: DENSE_VECTOR, y: DENSE_VECTOR },
    { A: a, x, y },
    loops.diaSpmv,
  );
}

/** The count and fill loops of a merge (see {@link binopLoops}). */
export interface MergeLoops {
  /** `(A_pos, A_crd, A_vals, B_pos, B_crd, B_vals, C_count, lo, hi)`: `C_count[i]` = kept entries of row i. */
  readonly count: Loop;
  /** `(A_pos, A_crd, A_vals, B_pos, B_crd, B_vals, C_pos, C_crd, C_vals, lo, hi)`: row i from `C_pos[i]`. */
  readonly fill: Loop;
}

const MERGE_EXPR = {
  add: 'C(i,j) = A(i,j) + B(i,j)',
  subtract: 'C(i,j) = A(i,j) - B(i,j)',
  multiply: 'C(i,j) = A(i,j) * B(i,j)',
} as const;
const MERGE_IN = ['A_pos', 'A_crd', 'A_vals', 'B_pos', 'B_crd', 'B_vals'];

/**
 * The generated zero-dropping merge of two canonical CSR structures — union for add/subtract,
 * intersection for multiply — as count and fill loops over rows; null when the hand loop
 * `binopRows` must run (`COHORT_SPARSE_KERNELS=hand`, or a dtype codegen does not handle).
 * Values are computed in float64 and results equal to 0 are not stored, exactly as `binopRows`.
 * @param op - the operation
 * @param a - A's value dtype
 * @param b - B's value dtype
 * @param out - the result's value dtype
 * @returns both loops, or null
 * @example
 * binopLoops('add', 'float32', 'float64', 'float64')?.fill.generated // true
 */
export function binopLoops(op: keyof typeof MERGE_EXPR, a: DType, b: DType, out: DType): MergeLoops | null {
  const formats = { A: CSR, B: CSR, C: CSR };
  const dtypes = { A: a, B: b, C: out };
  const count = generated(MERGE_EXPR[op], formats, dtypes, {
    phase: 'count',
    dropZeros: true,
    params: [...MERGE_IN, 'C_count', 'lo', 'hi'],
  });
  const fill = generated(MERGE_EXPR[op], formats, dtypes, {
    phase: 'fill',
    dropZeros: true,
    params: [...MERGE_IN, 'C_pos', 'C_crd', 'C_vals', 'lo', 'hi'],
  });
  return count && fill && { count, fill };
}
