/**
 * The sparse-kernel entry point: index notation + formats + dtypes → the source of one plain
 * JavaScript function, cached by a key of all three and the phase.
 */
import type { CodegenDType } from './dtypes.js';
import { isCodegenDType } from './dtypes.js';
import { argError } from './errors.js';
import type { Format } from './formats.js';
import { formatKey } from './formats.js';
import { fnv1a } from './hash.js';
import type { KernelIR } from './ir.js';
import { emitJS, printIR } from './ir-print.js';
import { verifyKernel } from './ir-verify.js';
import { lower } from './lower.js';
import type { OutputMode, Phase } from './lower-types.js';
import { parse, printIndexExpr } from './notation.js';

/** Options of {@link generateKernel}. */
export interface KernelOptions {
  /** Value dtype of every tensor, or per tensor name (default `float64`). Part of the cache key. */
  readonly dtype?: CodegenDType | Readonly<Record<string, CodegenDType>>;
  /** The function's name (default: `kernel_<hash of the key>`). */
  readonly name?: string;
  /** `compute` (default), or `count` / `fill` for a sparse output. */
  readonly phase?: Phase;
  /**
   * With phase `count` or `fill`: append only values `!== 0` (SciPy's rule for sums, so `A - A`
   * stores nothing). Each value is computed in float64 and tested before the store rounds it; NaN
   * is kept, -0 dropped. Part of the cache key. Default false (results are structural).
   */
  readonly dropZeros?: boolean;
}

/** A generated kernel. */
export interface GeneratedKernel {
  /** The function's name. */
  readonly name: string;
  /** Source of one function declaration `function name(...params) { ... }` with no free variables. */
  readonly source: string;
  /** Positional parameter names, in order (see the README for the naming rules). */
  readonly params: readonly string[];
  /** The cache key: expression + formats + dtypes + phase (+ `dropZeros` when set). */
  readonly key: string;
  /** How the output is written (`assign`: `=` over the piece; `accumulate`: `+=` into a zeroed output). */
  readonly output: OutputMode;
  /** What `lo, hi` range over: the outermost loop's index variable, over coordinates or positions of `tensor`. */
  readonly piece: {
    readonly indexVar: string;
    readonly over: 'coordinates' | 'positions';
    readonly tensor: string;
  };
  /** The verified IR. */
  readonly ir: KernelIR;
  /** The IR as a readable listing. */
  readonly listing: string;
}

const cache = new Map<string, GeneratedKernel>();

function dtypeOf(opts: KernelOptions, tensor: string): CodegenDType {
  const d = opts.dtype;
  if (d === undefined) return 'float64';
  if (typeof d === 'string') return d;
  return d[tensor] ?? 'float64';
}

/**
 * Generates the kernel of an index-notation assignment for the given operand formats.
 *
 * Calling convention: positional parameters `params` — operands in order of first appearance on the
 * right, then the output; per operand its level arrays (`_pos`, `_crd`, `_row`, `_col`, `_offsets`,
 * `_count`), its values (`_vals`, or the bare tensor name for dense operands), then its scalars
 * (`_ld`); then extents `N_<index>` in loop order; then `lo, hi`, the piece's range over the
 * outermost loop (see `piece`). Only parameters the kernel uses are listed.
 *
 * @param expr - e.g. `'y(i) = A(i,j) * x(j)'`
 * @param formats - a {@link Format} for every tensor (e.g. `{ A: CSR, x: DENSE_VECTOR, y: DENSE_VECTOR }`)
 * @param opts - dtypes, name, phase, dropZeros
 * @returns the kernel (cached: the same request returns the same object)
 * @throws {@link CodegenError} on bad notation, a missing format or an unsupported combination
 * @example
 * generateKernel('y(i) = A(i,j) * x(j)', { A: CSR, x: DENSE_VECTOR, y: DENSE_VECTOR }).params
 * // ['A_pos', 'A_crd', 'A_vals', 'x', 'y', 'lo', 'hi']
 */
export function generateKernel(
  expr: string,
  formats: Readonly<Record<string, Format>>,
  opts: KernelOptions = {},
): GeneratedKernel {
  const asg = parse(expr);
  const phase = opts.phase ?? 'compute';
  if (phase !== 'compute' && phase !== 'count' && phase !== 'fill') {
    throw argError('generateKernel', 'opts.phase', "'compute', 'count' or 'fill'", phase);
  }
  const dropZeros = opts.dropZeros ?? false;
  if (typeof dropZeros !== 'boolean')
    throw argError('generateKernel', 'opts.dropZeros', 'a boolean', dropZeros);
  if (dropZeros && phase === 'compute') {
    throw argError('generateKernel', 'opts.dropZeros', "true only with phase 'count' or 'fill'", phase);
  }
  if (opts.name !== undefined && !/^[A-Za-z_$][\w$]*$/.test(opts.name)) {
    throw argError('generateKernel', 'opts.name', 'a JavaScript identifier', opts.name);
  }
  const tensors = [...new Set([...asg.accesses.map((a) => a.tensor), asg.lhs.tensor])];
  for (const t of tensors) {
    const dt = dtypeOf(opts, t);
    if (!isCodegenDType(dt)) throw argError('generateKernel', 'opts.dtype', 'a dtype name', dt);
  }
  const desc = tensors.map((t) => `${t}:${formats[t] ? formatKey(formats[t]) : '?'}:${dtypeOf(opts, t)}`);
  // (Kernels without dropZeros keep the keys, and so the names and sources, they always had.)
  const key = `${printIndexExpr(asg.lhs)} = ${printIndexExpr(asg.rhs)}|${desc.join(';')}|${phase}${dropZeros ? '|dropZeros' : ''}`;
  const name = opts.name ?? `kernel_${fnv1a(key)}`;
  const cacheKey = `${key}|${name}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const low = lower(asg, formats, phase, name, dropZeros);
  verifyKernel(low.ir);
  const gen: GeneratedKernel = Object.freeze({
    name,
    source: emitJS(low.ir),
    params: Object.freeze(low.ir.params.map((p) => p.name)),
    key,
    output: low.output,
    piece: low.piece,
    ir: low.ir,
    listing: printIR(low.ir),
  });
  cache.set(cacheKey, gen);
  return gen;
}

/**
 * Rebuilds a kernel's function from its source, as a worker does (`new Function`).
 * @param gen - anything with the kernel's `source`
 * @returns the function
 * @example
 * compileKernel(generateKernel('y(i) = A(i,j) * x(j)', formats))(A_pos, A_crd, A_vals, x, y, 0, n)
 */
export function compileKernel<F extends (...args: never[]) => unknown = (...args: unknown[]) => void>(gen: {
  readonly source: string;
}): F {
  return new Function(`return (${gen.source});`)() as F;
}
