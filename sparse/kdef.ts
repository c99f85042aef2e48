/**
 * Kernel definition helper (CONVENTIONS.md 5): a kernel is a pure function over typed arrays and a
 * piece's bounds (`impl`), wrapped by a thin adapter that unpacks the task context. Both are shipped
 * as source text, so neither may use free variables; the runtime registers the pair once under its
 * name (names in `kernel-names.ts`).
 */
import { ensureKernel, type TaskContext } from '../runtime/index.js';

/** A pure loop over typed arrays (hand-written, or the source text of a generated kernel). */
// biome-ignore lint/complexity/noBannedTypes: any self-contained function
export type Impl = Function | string;

/** Unpacks a task context and calls `impl`; returns nothing (or a scalar task's value). */
// biome-ignore lint/suspicious/noConfusingVoidType: kernels that write regions return nothing
export type Adapter = (t: TaskContext, impl: any) => number | void;

/**
 * Registers `name` once as `adapter(t, impl)` and returns the name, for `launch({ kernel })`.
 * @param name a constant of `kernel-names.ts`, possibly suffixed by a dtype
 * @param impl the loop (function or source text of a function expression/declaration)
 * @param adapter unpacks `t` (arrays, scalars, lo/hi) into `impl`'s parameters
 * @returns `name`
 */
export function kernel(name: string, impl: Impl, adapter: Adapter): string {
  // The loop and its adapter are built once per thread (an IIFE), not once per call: a fresh
  // closure per piece starts cold and leaves V8 less to specialize on.
  ensureKernel(name, () => ({
    source: `(() => { const impl = (${impl.toString()}); const adapter = (${adapter.toString()}); return function (t) { return adapter(t, impl); }; })()`,
  }));
  return name;
}
