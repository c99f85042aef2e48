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
  /**
   * The region heap (a shared `WebAssembly.Memory`) when every region argument of the launch
   * lives in it — then `arrays[k].byteOffset` is argument k's address there, and a kernel may run
   * WebAssembly over it — otherwise null (see runtime/heap.ts).
   */
  heap?: WebAssemblyMemoryLike | null;
  /**
   * Launches with `scratch` (runtime/scratch.ts): this piece's own workspace, a byte offset in
   * `heap` (64-byte aligned, not zeroed); -1 (or absent) when none.
   */
  scratch?: number;
}

/** The part of `WebAssembly.Memory` a kernel sees (the project's `lib` has no Wasm types). */
export interface WebAssemblyMemoryLike {
  readonly buffer: SharedArrayBuffer;
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
  /** Source of the warm-up input maker, if the registration gave one. */
  readonly warm?: string;
  /** The kernel never throws on any data (see {@link KernelOptions.nothrow}). */
  readonly nothrow?: boolean;
  /** Values set on each worker's globalThis before the warm-up (see {@link KernelOptions.globals}). */
  readonly globals?: () => Record<string, unknown>;
}

/** Options of {@link registerKernel}. */
export interface KernelOptions {
  /** Source shipped to workers (default `fn.toString()`). */
  readonly source?: string;
  /**
   * A pure function (shipped as source, like the kernel) returning a tiny {@link TaskContext}:
   * each worker runs the kernel on it a few times when it receives the kernel, so that V8
   * optimizes it before the first long call (a cold worker may otherwise stay on slow code).
   * @example warm: () => ({ arrays: [new Float64Array(64)], offsets: [0], strides: [[1]], shapes: [[64]], lo: [0], hi: [64], scalars: [1], futures: [], color: 0, colors: 1, partials: null, block: 0 })
   */
  readonly warm?: () => TaskContext;
  /**
   * The kernel never throws on any data (a dot, a sum): a launch-pair fusion may then run it in
   * one task after an update, whose success must not depend on it (runtime/launch-fusion.ts).
   */
  readonly nothrow?: boolean;
  /**
   * Called once on the issuing thread when the kernel is first shipped to a worker; each entry of
   * the result is structured-cloned onto the worker's globalThis before its warm-up. A
   * `WebAssembly.Module` sent so shares its compiled code, tier-up included, with this thread:
   * a module warmed here runs optimized code at a worker's first call (no per-worker compile).
   */
  readonly globals?: () => Record<string, unknown>;
}

const byName = new Map<string, KernelInfo>();
const byId: KernelInfo[] = [];

/**
 * Registers a kernel under a unique name. The function must be self-contained: it is rebuilt in
 * workers from its source text. Registering a name twice throws.
 * @example registerKernel('dense.fill', (t) => { t.arrays[0].fill(t.scalars[0], t.lo[0], t.hi[0]); })
 */
export function registerKernel(name: string, fn: KernelFn, source?: string | KernelOptions): KernelInfo {
  if (typeof source === 'object' && source !== null) {
    const warm = source.warm;
    if (warm !== undefined && typeof warm !== 'function')
      throw new ValueError(argMessage('registerKernel', 'warm', 'a function', warm));
    const globals = source.globals;
    if (globals !== undefined && typeof globals !== 'function')
      throw new ValueError(argMessage('registerKernel', 'globals', 'a function', globals));
    return register(name, fn, source.source, warm?.toString(), source.nothrow === true, globals);
  }
  return register(name, fn, source);
}

/** Registers a combine function for reduction partials (`ReduceSpec.combine`). */
export function registerCombine(name: string, fn: CombineFn, source?: string): KernelInfo {
  return register(name, fn, source);
}

function register(
  name: string,
  fn: KernelFn | CombineFn,
  source?: string,
  warm?: string,
  nothrow = false,
  globals?: () => Record<string, unknown>,
): KernelInfo {
  if (byName.has(name))
    throw new ValueError(argMessage('registerKernel', 'name', 'a name not yet registered', name));
  if (typeof fn !== 'function') throw new ValueError(argMessage('registerKernel', 'fn', 'a function', fn));
  const src = source ?? fn.toString();
  const base = { name, fn, source: src, id: byId.length };
  const info: KernelInfo = {
    ...base,
    ...(warm === undefined ? {} : { warm }),
    ...(nothrow ? { nothrow: true } : {}),
    ...(globals === undefined ? {} : { globals: once(globals) }),
  };
  byName.set(name, info);
  byId.push(info);
  return info;
}

/** `f` called at most once; its result remembered. */
function once<T>(f: () => T): () => T {
  let done = false;
  let v: T | undefined;
  return () => {
    if (!done) {
      v = f();
      done = true;
    }
    return v as T;
  };
}

/** Registers `name` unless it already exists (for generated kernels cached by key); returns it. */
export function ensureKernel(
  name: string,
  make: () => { fn?: KernelFn | CombineFn; source: string; warm?: (() => TaskContext) | string },
): KernelInfo {
  const found = byName.get(name);
  if (found) return found;
  const { fn, source, warm } = make();
  const f = fn ?? (new Function(`return (${source});`)() as KernelFn);
  // A warm-up maker runs only on workers: its source is enough (no compile on this thread).
  return register(name, f, source, typeof warm === 'string' ? warm : warm?.toString());
}

/** Looks a kernel up by name. */
export function getKernel(name: string): KernelInfo {
  const k = byName.get(name);
  if (!k) throw new ValueError(argMessage('launch', 'kernel', 'a registered kernel name', name));
  return k;
}

/** How many kernels are registered (tests: the warm-up's kernels are made before a first call). */
export function kernelCount(): number {
  return byId.length;
}

/** Looks a kernel up by id (used by workers' caches). */
export function kernelById(id: number): KernelInfo {
  return byId[id]!;
}
