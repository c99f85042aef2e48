/**
 * The min/max scan of an image task (image-kernel.ts, mode 'point' not exact) as a WebAssembly
 * SIMD module over the region heap: the smallest and largest of the int32 values in `[0, ext)`
 * among `n` contiguous values (n a multiple of 16; the kernel scans the rest itself).
 *
 * Export `kernel(p, n, ext) -> (mn, mx)`: `p` the byte address of the first value, `ext` the
 * destination extent as an unsigned 32-bit number. Four vectors (16 values, one cache line) per
 * step; each vector `v` is widened to `w = v | (v ≥ᵤ ext)`, so a value out of range becomes
 * all ones: the largest unsigned number, ignored by the unsigned minimum, and -1, ignored by the
 * signed maximum (in-range values are below 2³¹, where both orders agree). `mn` comes back as -1
 * (0xffffffff) when no value is in range. The runtime may not import codegen (DESIGN.md), so the
 * few bytes are assembled here.
 */

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (s: string): number[] => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

const I32 = 0x7f;
const V128 = 0x7b;
const get = (k: number) => [0x20, k];
const set = (k: number) => [0x21, k];
const tee = (k: number) => [0x22, k];
const simd = (op: number) => [0xfd, ...uleb(op)];
const v128Load = (off: number) => [0xfd, 0x00, 4, ...uleb(off)];
const shuffle = (lanes: number[]) => [0xfd, 0x0d, ...lanes];
const ONES = [0xfd, 0x0c, ...new Array<number>(16).fill(0xff)];
const I32X4_SPLAT = simd(0x11);
const I32X4_EXTRACT = (k: number) => [0xfd, 0x1b, k];
const I32X4_GE_U = simd(0x40);
const V128_OR = simd(0x50);
const I32X4_MIN_U = simd(0xb7);
const I32X4_MAX_S = simd(0xb8);

/** Lanes 2, 3 then 0, 1 (bytes 8–15, 0–7) and lanes 1, 0, 3, 2: the two steps of a lane fold. */
const SWAP_HALVES = [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];
const SWAP_PAIRS = [4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11];

/**
 * Assembles the module (imports `e.mem`, the shared region heap).
 * @returns the module's bytes
 * @example WebAssembly.validate(imageMinMaxWasmBytes()) // true
 */
export function imageMinMaxWasmBytes(): Uint8Array {
  // Params 0 p, 1 n, 2 ext; locals 3 stop (bytes), 4 extv, 5 mn, 6 mx, 7 w.
  const [P, N, EXT, STOP, EXTV, MN, MX, W] = [0, 1, 2, 3, 4, 5, 6, 7];
  const step = (off: number) => [
    ...get(P),
    ...v128Load(off),
    ...tee(W),
    ...get(EXTV),
    ...I32X4_GE_U,
    ...get(W),
    ...V128_OR,
    ...tee(W),
    ...get(MN),
    ...I32X4_MIN_U,
    ...set(MN),
    ...get(W),
    ...get(MX),
    ...I32X4_MAX_S,
    ...set(MX),
  ];
  // acc = op(acc, acc with halves swapped); then the same with neighbouring lanes swapped.
  const fold = (acc: number, op: number[]) => [
    ...get(acc),
    ...get(acc),
    ...get(acc),
    ...shuffle(SWAP_HALVES),
    ...op,
    ...tee(acc),
    ...get(acc),
    ...get(acc),
    ...shuffle(SWAP_PAIRS),
    ...op,
    ...set(acc),
  ];
  const code = [
    // stop = p + 4n; extv = splat(ext); mn = mx = all ones
    ...get(P),
    ...get(N),
    0x41,
    2,
    0x74, // i32.shl
    0x6a, // i32.add
    ...set(STOP),
    ...get(EXT),
    ...I32X4_SPLAT,
    ...set(EXTV),
    ...ONES,
    ...set(MN),
    ...ONES,
    ...set(MX),
    0x02,
    0x40, // block
    0x03,
    0x40, // loop
    ...get(P),
    ...get(STOP),
    0x4f, // i32.ge_u
    0x0d,
    1, // br_if 1 (out of the block)
    ...step(0),
    ...step(16),
    ...step(32),
    ...step(48),
    ...get(P),
    0x41,
    ...[0xc0, 0x00], // i32.const 64 (signed LEB128)
    0x6a,
    ...set(P),
    0x0c,
    0, // br 0 (the loop)
    0x0b,
    0x0b,
    ...fold(MN, I32X4_MIN_U),
    ...fold(MX, I32X4_MAX_S),
    ...get(MN),
    ...I32X4_EXTRACT(0),
    ...get(MX),
    ...I32X4_EXTRACT(0),
    0x0b,
  ];
  const locals = [
    [1, I32],
    [4, V128],
  ];
  const body = [...vec(locals), ...code];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32]]), ...vec([[I32], [I32]])]])),
    ...section(2, vec([[...name('e'), ...name('mem'), 0x02, 0x03, ...uleb(0), ...uleb(65536)]])),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('kernel'), 0x00, 0]])),
    ...section(10, vec([[...uleb(body.length), ...body]])),
  ]);
}

/** The slice of the WebAssembly API used here (the project's `lib` has no WebAssembly types). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (d: { initial: number; maximum: number; shared: boolean }) => { buffer: SharedArrayBuffer };
}

let warmed: object | null | undefined;

/**
 * The module compiled and run here until V8 tiers it up (once per process), for the workers:
 * sent as a kernel global, its optimized code is shared, so a worker's first long scan does not
 * run on the baseline tier. Null when this engine lacks WebAssembly SIMD.
 */
export function imageWarmModule(): object | null {
  if (warmed !== undefined) return warmed;
  const W = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  const bytes = imageMinMaxWasmBytes();
  if (W === undefined || !W.validate(bytes)) {
    warmed = null;
    return warmed;
  }
  const mod = new W.Module(bytes);
  const mem = new W.Memory({ initial: 1, maximum: 1, shared: true });
  const a = new Int32Array(mem.buffer, 0, 4096);
  for (let i = 0; i < a.length; i++) a[i] = (i * 37) % 5000;
  const fn = new W.Instance(mod, { e: { mem } }).exports.kernel as (
    p: number,
    n: number,
    e: number,
  ) => unknown;
  for (let k = 0; k < 200; k++) fn(0, 4096, 4000);
  warmed = mod;
  return warmed;
}
