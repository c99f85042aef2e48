import type { TypedArray } from './dtype.js';
import { argMessage, ValueError } from './errors.js';

/**
 * What a kernel receives for one point task (one piece of one launch). Kernels are pure functions
 * of this context: no free variables, because their source is shipped to worker threads as text.
 */
export interface TaskContext {
  /** Per region argument: the whole region's typed array (shared memory). */
  arrays: TypedArray[];
  /** Per region argument: its store's view. */
  offsets: number[];
  strides: number[][];
  shapes: number[][];
  /** This piece's bounds in the launch domain (the key store's coordinates), half-open. */
  lo: number[];
  hi: number[];
  /** Scalars of the launch. */
  scalars: number[];
  /** Values of the launch's input futures (available when the task runs). */
  futures: number[];
  /** This piece's color and the number of colors. */
  color: number;
  colors: number;
  /**
   * Reduction launches only: the launch's partials (length `nBlocks * width`); the kernel writes
   * one partial per block of `block` consecutive points of the (1-D) domain that it covers, at
   * `(globalIndex / block | 0) * width + j`. Pieces are aligned to blocks. Otherwise null.
   */
  partials: Float64Array | null;
  block: number;
}

/** A kernel over one piece. Scalar tasks return their value; others return nothing. */
// biome-ignore lint/suspicious/noConfusingVoidType: kernels that write regions return nothing
export type KernelFn = (t: TaskContext) => number | void;

/** A combine function for reduction partials, in block order. */
export type CombineFn = (partials: Float64Array, nBlocks: number, width: number) => number;

export interface KernelInfo {
  readonly name: string;
  readonly fn: KernelFn | CombineFn;
  /** Source shipped to workers (`fn.toString()` or generated text). */
  readonly source: string;
  readonly id: number;
}

const byName = new Map<string, KernelInfo>();
const byId: KernelInfo[] = [];

/**
 * Registers a kernel under a unique name. The function must be self-contained: it is rebuilt in
 * workers from its source text. Registering a name twice throws.
 * @example registerKernel('dense.fill', (t) => { t.arrays[0].fill(t.scalars[0], t.lo[0], t.hi[0]); })
 */
export function registerKernel(name: string, fn: KernelFn, source?: string): KernelInfo {
  return register(name, fn, source);
}

/** Registers a combine function for reduction partials (`ReduceSpec.combine`). */
export function registerCombine(name: string, fn: CombineFn, source?: string): KernelInfo {
  return register(name, fn, source);
}

function register(name: string, fn: KernelFn | CombineFn, source?: string): KernelInfo {
  if (byName.has(name))
    throw new ValueError(argMessage('registerKernel', 'name', 'a name not yet registered', name));
  const src = source ?? fn.toString();
  const info: KernelInfo = { name, fn, source: src, id: byId.length };
  byName.set(name, info);
  byId.push(info);
  return info;
}

/** Registers `name` unless it already exists (for generated kernels cached by key); returns it. */
export function ensureKernel(
  name: string,
  make: () => { fn?: KernelFn | CombineFn; source: string },
): KernelInfo {
  const found = byName.get(name);
  if (found) return found;
  const { fn, source } = make();
  const f = fn ?? (new Function(`return (${source});`)() as KernelFn);
  return register(name, f, source);
}

/** Looks a kernel up by name. */
export function getKernel(name: string): KernelInfo {
  const k = byName.get(name);
  if (!k) throw new ValueError(argMessage('launch', 'kernel', 'a registered kernel name', name));
  return k;
}

/** Looks a kernel up by id (used by workers' caches). */
export function kernelById(id: number): KernelInfo {
  return byId[id]!;
}
