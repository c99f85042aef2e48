/**
 * The loops behind SpMV, SpMM and DIA SpMV come from codegen (index notation → kernel source,
 * DESIGN.md §6); the hand-written loops of `kernels/products.ts` have the same parameters and stay
 * as the reference (and as a fallback, or when `COHORT_SPARSE_KERNELS=hand`).
 *
 * Union/intersection (add, multiply) and SpGEMM keep their hand loops: codegen's merges are
 * structural (they keep the zeros a sum produces), while SciPy — and so cohort — drops them.
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

const memo = new Map<string, Loop>();

/** The generated loop for `expr` (memoized per expression, formats and dtypes: every call needs it). */
function gen(
  expr: string,
  formats: Parameters<typeof generateKernel>[1],
  dtypes: Record<string, DType>,
  fallback: Impl,
): Loop {
  const key = `${expr}|${Object.values(formats)
    .map((f) => f.name)
    .join(',')}|${Object.values(dtypes).join(',')}`;
  let loop = memo.get(key);
  if (loop) return loop;
  loop = { impl: fallback, generated: false, wasm: null };
  if (!hand && Object.values(dtypes).every(isCodegenDType)) {
    try {
      const g = generateKernel(expr, formats, { dtype: dtypes });
      loop = { impl: g.source, generated: true, wasm: wasmOf(g, dtypes) };
    } catch {
      // An unsupported combination: the hand loop has the same parameters.
    }
  }
  memo.set(key, loop);
  return loop;
}

/** `y(i) = A(i,j) * x(j)`, A CSR: `(A_pos, A_crd, A_vals, x, y, lo, hi)` over rows. */
export function spmvLoop(a: DType, x: DType, y: DType): Loop {
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
