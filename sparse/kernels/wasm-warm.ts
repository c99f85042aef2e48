/**
 * Warming a kernel's WebAssembly module on the issuing thread (issue 24, the programs' setups).
 *
 * V8 compiles a module with its baseline compiler and optimizes a function only after it has run
 * a while, for its *next* call: a kernel whose first call is a piece over millions of entries
 * runs that whole piece on baseline code (DIA → CSR's count 13–33 ms against 2 warm, the
 * transpose's pieces 43–62 ms against 6–15). V8 keeps one compiled module per byte string for
 * the process, shared by every thread that compiles the same bytes, so running a module ~60 times
 * on a small input here, once per process, starts its optimized compile before any worker's first
 * piece. Each caller builds its own small, valid input in a memory of its own (nothing of the
 * runtime's heap is touched); a failure only costs speed.
 */

/** The part of the WebAssembly API used here (the project's lib has no WebAssembly types). */
interface WasmApi {
  Module: new (b: Uint8Array) => object;
  Instance: new (m: object, i: object) => { exports: Record<string, unknown> };
  Memory: new (d: object) => { buffer: unknown };
}

const warmed = new Set<string>();
const failures: string[] = [];

/** The warm-ups that threw, as `key: message` (tests: every warm-up's input must be valid). */
export function warmFailures(): readonly string[] {
  return failures.slice();
}

/** A module's exported `kernel`, instantiated over `mem`. */
export type WarmKernel = (...a: number[]) => number | undefined;

/**
 * Runs `run` once per process for `key`: it gets the kernels of `modules` (module bytes),
 * instantiated over one fresh shared memory of `pages` 64 KiB pages, and that memory's buffer.
 * @param key - what was warmed (a module's name and dtype)
 * @param modules - the modules' bytes
 * @param pages - the memory's size in pages
 * @param run - the warm-up: ~60 calls of the kernels on a small valid input it writes
 */
export function warmOnce(
  key: string,
  modules: readonly (readonly number[])[],
  pages: number,
  run: (kernels: WarmKernel[], buf: ArrayBuffer) => void,
): void {
  if (warmed.has(key)) return;
  warmed.add(key);
  try {
    const W = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const mem = new W.Memory({ initial: pages, maximum: pages, shared: true });
    const kernels = modules.map(
      (b) => new W.Instance(new W.Module(new Uint8Array(b)), { e: { mem } }).exports.kernel as WarmKernel,
    );
    run(kernels, mem.buffer as ArrayBuffer);
  } catch (e) {
    // Warming only saves time: a failure is recorded, not thrown.
    failures.push(`${key}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Entries from which a sparse product or transpose warms its module before its first launch: a
 * smaller one's first call is short on any tier, and a warm-up costs ~1–2 ms once.
 */
export const WARM_MIN_NNZ = 65_536;

/** Rows of the warm-ups' tridiagonal matrix, and the byte addresses of its `indptr` and `indices`. */
export const WARM_ROWS = 512;
const WARM_PTR = 0;
export const WARM_IDX = 2112;

/**
 * Writes the CSR structure of a {@link WARM_ROWS}-row tridiagonal matrix into a warm-up's memory:
 * `indptr` at byte 0 (513 int32), `indices` at {@link WARM_IDX} (1,534 int32, ending at 8248).
 * @param buf - the warm-up's memory
 * @returns the number of entries
 */
export function tridiagonalCsr(buf: ArrayBuffer): number {
  const n = WARM_ROWS;
  const ptr = new Int32Array(buf, WARM_PTR, n + 1);
  const idx = new Int32Array(buf, WARM_IDX, 3 * n - 2);
  let q = 0;
  for (let i = 0; i < n; i++) {
    ptr[i] = q;
    for (let j = Math.max(0, i - 1); j <= Math.min(n - 1, i + 1); j++) idx[q++] = j;
  }
  ptr[n] = q;
  return q;
}
