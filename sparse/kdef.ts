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
 * The same loop as a WebAssembly module (codegen's `emitWasm`): `bytes`, and per parameter of the
 * loop the typed-array class it expects (null for numbers).
 */
export interface WasmSpec {
  readonly bytes: readonly number[];
  readonly types: readonly (string | null)[];
  /** Parameter positions of the arrays whose lengths follow the other parameters. */
  readonly lens: readonly number[];
  /**
   * The loop's last parameter is the piece's scratch (`t.scratch`, runtime/scratch.ts): the
   * module runs only when the piece has one; otherwise `impl` (which allocates its own).
   */
  readonly scratch?: boolean;
}

/**
 * Registers `name` once as `adapter(t, impl)` and returns the name, for `launch({ kernel })`.
 * With `wasm`, a piece whose launch has every region in the runtime's heap (`t.heap`) runs the
 * Wasm module instead, with the arrays passed as their byte offsets in the heap; a piece whose
 * arrays are not of the expected classes runs `impl` (results are bitwise the same either way).
 * @param name a constant of `kernel-names.ts`, possibly suffixed by a dtype
 * @param impl the loop (function or source text of a function expression/declaration)
 * @param adapter unpacks `t` (arrays, scalars, lo/hi) into `impl`'s parameters
 * @param wasm the loop as WebAssembly (optional)
 * @param guarded run `wasm` only when every future of the launch is 1 (range checks' results)
 * @returns `name`
 */
export function kernel(
  name: string,
  impl: Impl,
  adapter: Adapter,
  wasm?: WasmSpec | null,
  guarded = false,
): string {
  // The loop and its adapter are built once per thread (an IIFE), not once per call: a fresh
  // closure per piece starts cold and leaves V8 less to specialize on.
  ensureKernel(name, () => ({
    source:
      wasm === undefined || wasm === null
        ? `(() => { const impl = (${impl.toString()}); const adapter = (${adapter.toString()}); return function (t) { return adapter(t, impl); }; })()`
        : `(() => { const impl = (${impl.toString()}); const adapter = (${adapter.toString()}); const W = ${JSON.stringify(wasm)}; return (${wasmDispatch.toString()})(impl, adapter, W, ${guarded}, ${JSON.stringify(name)}); })()`,
  }));
  return name;
}

/**
 * Builds the kernel that runs `W` on heap launches and `impl` otherwise (shipped as source: no
 * free variables). The Wasm instance is made once per thread and heap. With an object on
 * `globalThis.__cohortWasmRuns` (tests), each call of the module adds 1 under the kernel's `name`.
 */
function wasmDispatch(
  impl: (...a: unknown[]) => unknown,
  adapter: Adapter,
  W: WasmSpec,
  guarded: boolean,
  name: string,
) {
  const wasmApi = (globalThis as any).WebAssembly;
  let mem: unknown = null;
  let fn: ((...a: number[]) => unknown) | null = null;
  const types = W.types;
  return (t: TaskContext) => {
    // Guarded: the launch's futures are the structures' range checks (1: in range).
    let inRange = true;
    if (guarded) for (let k = 0; k < t.futures.length; k++) if (t.futures[k] !== 1) inRange = false;
    if (W.scratch === true && !((t.scratch ?? -1) >= 0)) inRange = false;
    if (t.heap && inRange) {
      if (mem !== t.heap) {
        // runtime/wasm-tier.ts: an optimizing first compile for large pieces (rows here).
        const mk = (globalThis as any).__cohortWasmModule;
        const bytes = new Uint8Array(W.bytes as number[]);
        const mod = mk !== undefined ? mk(bytes, t.hi[0]! - t.lo[0]!) : new wasmApi.Module(bytes);
        fn = new wasmApi.Instance(mod, { e: { mem: t.heap } }).exports.kernel;
        mem = t.heap;
      }
      // (Inline arrows only: named ones get a `__name` wrapper from tsx that the kernel's source
      // cannot resolve.)
      return adapter(t, (...args: unknown[]) => {
        // Every array of the expected class first: otherwise the JavaScript loop, untouched args.
        for (let k = 0; k < types.length; k++) {
          const ty = types[k];
          if (ty !== null && (args[k] as { constructor: { name: string } }).constructor.name !== ty)
            return impl(...args);
        }
        const n = args.length;
        for (let j = 0; j < W.lens.length; j++) args.push((args[W.lens[j]!] as { length: number }).length);
        for (let k = 0; k < n; k++) {
          const a = args[k];
          if (typeof a !== 'number') args[k] = (a as { byteOffset: number }).byteOffset;
        }
        // Tests count the module's calls on this thread (`globalThis.__cohortWasmRuns`, when set).
        const runs = (globalThis as any).__cohortWasmRuns;
        if (runs !== undefined) runs[name] = (runs[name] ?? 0) + 1;
        try {
          return fn!(...(args as number[]));
        } catch (e) {
          // An integer read out of range traps: a corrupt index structure (no memory is touched).
          throw new RangeError(
            `an index or pointer of the sparse structure is out of range (${(e as Error).message}); check_format(true) locates it`,
          );
        }
      });
    }
    return adapter(t, impl);
  };
}
