/**
 * Optimized code for a fused kernel's Wasm function before the workers need it (issue 24: the
 * programs' first run). V8 compiles a Wasm function with its baseline compiler and optimizes it
 * once it has run a while, on a background thread; until then every call runs baseline code
 * (~1.5–2× slower on black_scholes' kernels). V8 also keeps one compiled module per byte string
 * for the process, shared by every thread that compiles the same bytes while one of them holds
 * it. So before a big launch's first use of a kernel, the issuing thread compiles its module, runs
 * it a few times on a scratch page — enough for V8 to queue the optimization — and keeps the
 * module: the workers compiling the same bytes get that module, and its optimized code as soon as
 * it is ready. Launches below {@link WARM_WASM_ELEMENTS} skip it (the warm-up costs the issuing
 * thread ~0.1–0.3 ms once per kernel; a small launch gains nothing from optimized code).
 */

/** The part of the WebAssembly API used here (the project's lib has no WebAssembly types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (d: { initial: number; maximum: number; shared: boolean }) => object;
}
const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/** Elements of a launch from which its fused kernel's Wasm function is warmed first. */
export const WARM_WASM_ELEMENTS = 1 << 18;
/** Elements per warm-up call (the out and input addresses all 0: 32 KiB of the scratch page). */
const WARM_ELEMENTS = 4096;
/** Warm-up calls: ~24,000 loop turns, past V8's tier-up budget for these loops. */
const WARM_CALLS = 12;

interface Pending {
  readonly bytes: Uint8Array;
  /** Parameters before `lo, hi`: addresses (0) and float64 scalars or hoisted values (1). */
  readonly addresses: number;
  readonly values: number;
  /** `new Function` body returning the imports object for memory `m` (trig's helper). */
  readonly imports: string;
  /** Arguments after `lo, hi` (the rows form's: one row, strides 0; the strided form's: 8-byte strides). */
  readonly trailing: readonly number[];
}
const pending = new Map<string, Pending>();
/** Warmed modules, held so that V8's per-byte-string module stays alive for the workers. */
const held = new Map<string, object>();
let scratch: object | null = null;

/**
 * Records the Wasm form of kernel `name`, to warm before its first big launch.
 * @param name - the registered kernel's name
 * @param bytes - its module's bytes
 * @param addresses - leading address parameters (out and the inputs)
 * @param values - float64 parameters after them (scalars and hoisted values)
 * @param imports - `{prelude, imports}` of codegen's `wasmImports` for the kernel's source
 * @param trailing - arguments after `lo, hi` for the warm-up calls (the rows form: `[1, 0, …]`;
 *   the strided form: `[8, 8, …]`)
 */
export function noteWasmKernel(
  name: string,
  bytes: Uint8Array,
  addresses: number,
  values: number,
  imports: { prelude: string; imports: string },
  trailing: readonly number[] = [],
): void {
  pending.set(name, {
    bytes,
    addresses,
    values,
    imports: `${imports.prelude}\nreturn { e: { mem: m${imports.imports} } };`,
    trailing,
  });
}

/**
 * Warms kernel `name`'s Wasm function (once) when a launch of `elements` elements is about to
 * use it; a no-op for small launches, kernels without a Wasm form, and after the first time.
 * @param name - the registered kernel's name
 * @param elements - elements of the launch
 */
export function warmWasmKernel(name: string, elements: number): void {
  if (elements < WARM_WASM_ELEMENTS || pending.size === 0) return;
  const p = pending.get(name);
  if (p === undefined || api === undefined) return;
  pending.delete(name);
  try {
    const mod = new api.Module(p.bytes);
    scratch ??= new api.Memory({ initial: 1, maximum: 1, shared: true });
    const imports = new Function('m', p.imports)(scratch) as object;
    const kernel = new api.Instance(mod, imports).exports.kernel as (...a: number[]) => unknown;
    const args: number[] = [];
    for (let k = 0; k < p.addresses; k++) args.push(0);
    for (let k = 0; k < p.values; k++) args.push(1);
    args.push(0, WARM_ELEMENTS, ...p.trailing);
    for (let k = 0; k < WARM_CALLS; k++) kernel(...args);
    held.set(name, mod);
  } catch {
    /* a failed warm-up only costs speed: the workers compile the module themselves */
  }
}

/**
 * Kernels warmed so far (tests: a big launch's kernel is warmed, and no warm-up failed).
 * @returns how many modules are held
 */
export function warmedWasmKernels(): number {
  return held.size;
}
