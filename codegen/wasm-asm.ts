/**
 * Bytes of the WebAssembly binary format shared by codegen's Wasm back ends: LEB128 integers,
 * vectors, sections, names and constants.
 */

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** A SIMD instruction (the 0xfd prefix and its opcode). */
export const simdOp = (op: number): number[] => [0xfd, ...uleb(op)];
/** `local.get`, `local.set`, `local.tee` of local `l`. */
export const localGet = (l: number): number[] => [0x20, ...uleb(l)];
export const localSet = (l: number): number[] => [0x21, ...uleb(l)];
export const localTee = (l: number): number[] => [0x22, ...uleb(l)];

/** Signed LEB128 (32-bit values). */
export function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** The 8 little-endian bytes of a float64 constant. */
export const f64Bytes = (x: number): number[] => [...new Uint8Array(new Float64Array([x]).buffer)];
/** A vector: its length, then its items. */
export const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
/** A section: id, byte size, body. */
export const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
/** A name (ASCII). */
export const name = (s: string): number[] => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

/** A function the module imports as `e.<name>` (imported functions take indices 0, 1, ...). */
export interface FuncImport {
  readonly name: string;
  readonly params: readonly number[];
  readonly results: readonly number[];
}

/**
 * A module of one function `kernel` (params all of `paramTypes`, results `resultTypes`, none by
 * default) importing the shared memory `e.mem` (up to 4 GiB), with the given local declarations
 * and body code.
 * @param paramTypes - value type bytes of the parameters
 * @param locals - value type byte of each local, in order
 * @param code - the body's instructions (ending with `end`)
 * @param resultTypes - value type bytes of the results
 * @returns the module's bytes
 */
export function kernelModule(
  paramTypes: number[],
  locals: number[],
  code: number[],
  resultTypes: number[] = [],
  funcImports: readonly FuncImport[] = [],
): Uint8Array {
  const body = [...vec(locals.map((t) => [1, t])), ...code];
  const type = (ps: readonly number[], rs: readonly number[]) => [
    0x60,
    ...vec(ps.map((t) => [t])),
    ...vec(rs.map((t) => [t])),
  ];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([type(paramTypes, resultTypes), ...funcImports.map((f) => type(f.params, f.results))])),
    ...section(
      2,
      vec([
        [...name('e'), ...name('mem'), 0x02, 0x03, ...uleb(0), ...uleb(65536)],
        ...funcImports.map((f, i) => [...name('e'), ...name(f.name), 0x00, ...uleb(i + 1)]),
      ]),
    ),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('kernel'), 0x00, ...uleb(funcImports.length)]])),
    ...section(10, vec([[...uleb(body.length), ...body]])),
  ]);
}

/**
 * Instruction bytes for hand-assembled modules (dense's matrix-product and dot kernels): locals,
 * constants, integer and float arithmetic, control flow and the SIMD128 operations they use.
 */
export const op = Object.freeze({
  I32: 0x7f,
  F64: 0x7c,
  V128: 0x7b,
  get: (l: number) => [0x20, ...uleb(l)],
  set: (l: number) => [0x21, ...uleb(l)],
  i32c: (v: number) => [0x41, ...sleb(v)],
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32Mul: [0x6c],
  i32And: [0x71],
  i32Shl: [0x74],
  i32LtU: [0x49],
  i32GtU: [0x4b],
  i32GeU: [0x4f],
  i32Eqz: [0x45],
  f64Load: [0x2b, 3, 0],
  f64Store: [0x39, 3, 0],
  f64Add: [0xa0],
  f64Mul: [0xa2],
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  /** `if` (no result) on the i32 on the stack; `else` ends its true arm. */
  ifThen: [0x04, 0x40],
  else: [0x05],
  end: [0x0b],
  br: (d: number) => [0x0c, ...uleb(d)],
  brIf: (d: number) => [0x0d, ...uleb(d)],
  v128Load: (off: number) => [0xfd, 0x00, 4, ...uleb(off)],
  v128Store: (off: number) => [0xfd, 0x0b, 4, ...uleb(off)],
  load64Splat: (off: number) => [0xfd, 0x0a, 3, ...uleb(off)],
  v128Zero: [0xfd, 0x0c, ...new Array<number>(16).fill(0)],
  f64x2Lane: (k: number) => [0xfd, 0x21, k],
  /** `i8x16.shuffle`: byte k of the result is byte `lanes[k]` of a (0–15) or of b (16–31). */
  i8x16Shuffle: (lanes: readonly number[]) => [0xfd, 0x0d, ...lanes],
  f64x2Add: [0xfd, ...uleb(0xf0)],
  f64x2Mul: [0xfd, ...uleb(0xf2)],
});
