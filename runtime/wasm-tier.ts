/**
 * Which V8 tier compiles a kernel's WebAssembly module (issue 24: the programs' first run). V8
 * compiles a module with its baseline compiler (Liftoff) and optimizes a function only after it
 * has run a while, for its *next* call — a call in progress keeps the baseline code. A kernel
 * called once per piece on millions of elements then runs its first pieces ~2.5× slower than
 * optimized (the GEMV rows sweep on 2000²: 6.5 ms first call against 2.6). So the first compile
 * of a kernel whose piece has at least {@link OPTIMIZED_COMPILE_ELEMENTS} elements asks for the
 * optimizing compiler: the V8 flags `--liftoff` and `--wasm-lazy-compilation` off around that one
 * compile, so that TurboFan compiles every function of the module there and then (Node 20
 * compiles lazily, each function at its first call, with the tier in force *then*; restoring
 * `--liftoff` before that call gave baseline code in 5 of 6 tries). Both flags are V8 11.3's
 * defaults, to which they are restored. V8 keeps one compiled module per byte string for the
 * process, so the workers and later small calls share it. **Opt-in** (`COHORT_WASM_OPTIMIZE=1`):
 * by default the runtime flips no V8 flag at run time (issue 17, tests/runtime/public-apis.test.ts;
 * Node documents `v8.setFlagsFromString` after start-up as possibly unpredictable). Not done when
 * the process chose a tier itself (a `liftoff`, `wasm-tier`, `wasm-dynamic-tiering` or `wasm-lazy` flag in
 * `execArgv`/`NODE_OPTIONS`). runtime/worker.js holds the same rule for the pool's threads.
 */
import { setFlagsFromString } from 'node:v8';

/** The part of the WebAssembly API used here (the project's lib has no WebAssembly types). */
const Wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } })
  .WebAssembly;

/** Elements of a piece from which its kernel's first compile is an optimizing one. */
export const OPTIMIZED_COMPILE_ELEMENTS = 1 << 18;

const enabled =
  process.env.COHORT_WASM_OPTIMIZE === '1' &&
  !/liftoff|wasm-tier|wasm-dynamic-tiering|wasm-lazy/.test(
    [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '),
  );

/**
 * Compiles a kernel's module, with V8's optimizing compiler when its piece has at least
 * {@link OPTIMIZED_COMPILE_ELEMENTS} elements (see the module comment).
 * @param bytes - the module's bytes
 * @param elements - elements of the piece about to run it
 * @returns the module (a `WebAssembly.Module`)
 * @example compileKernelModule(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]), 10) instanceof Object // true
 */
export function compileKernelModule(bytes: Uint8Array, elements: number): object {
  if (!enabled || !(elements >= OPTIMIZED_COMPILE_ELEMENTS)) return new Wasm.Module(bytes);
  setFlagsFromString('--no-liftoff --no-wasm-lazy-compilation');
  try {
    return new Wasm.Module(bytes);
  } finally {
    setFlagsFromString('--liftoff --wasm-lazy-compilation');
  }
}

// Kernels are shipped as source text and built with `new Function` (no imports): they find the
// compiler here, on the issuing thread as in the workers (runtime/worker.js).
(globalThis as { __cohortWasmModule?: typeof compileKernelModule }).__cohortWasmModule = compileKernelModule;
