/**
 * Bytes of the WebAssembly binary format shared by codegen's Wasm back ends: LEB128 integers,
 * vectors, sections, names and constants.
 */

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  writeUleb(out, n);
  return out;
}

/** Appends `n` as unsigned LEB128 to `out`. */
function writeUleb(out: number[], n: number): void {
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
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
  // Plain loops into one growing array: the spread-built version was V8's costliest function to
  // optimize in a first run (~0.2 s of TurboFan on a background thread, beside the workers).
  const types: number[] = [];
  writeUleb(types, 1 + funcImports.length);
  writeType(types, paramTypes, resultTypes);
  for (const f of funcImports) writeType(types, f.params, f.results);
  const imports: number[] = [];
  writeUleb(imports, 1 + funcImports.length);
  writeName(imports, 'e');
  writeName(imports, 'mem');
  imports.push(0x02, 0x03, 0x00);
  writeUleb(imports, 65536);
  for (let i = 0; i < funcImports.length; i++) {
    writeName(imports, 'e');
    writeName(imports, funcImports[i]!.name);
    imports.push(0x00);
    writeUleb(imports, i + 1);
  }
  const exports: number[] = [1];
  writeName(exports, 'kernel');
  exports.push(0x00);
  writeUleb(exports, funcImports.length);
  const body: number[] = [];
  writeUleb(body, locals.length);
  for (let i = 0; i < locals.length; i++) body.push(1, locals[i]!);
  const codeSection: number[] = [1];
  writeUleb(codeSection, body.length + code.length);
  const out: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  writeSection(out, 1, types);
  writeSection(out, 2, imports);
  writeSection(out, 3, [1, 0]);
  writeSection(out, 7, exports);
  out.push(10);
  writeUleb(out, codeSection.length + body.length + code.length);
  const bytes = new Uint8Array(out.length + codeSection.length + body.length + code.length);
  bytes.set(out, 0);
  bytes.set(codeSection, out.length);
  bytes.set(body, out.length + codeSection.length);
  bytes.set(code, out.length + codeSection.length + body.length);
  return bytes;
}

function writeName(out: number[], s: string): void {
  writeUleb(out, s.length);
  for (let i = 0; i < s.length; i++) out.push(s.charCodeAt(i));
}

function writeType(out: number[], params: readonly number[], results: readonly number[]): void {
  out.push(0x60);
  writeUleb(out, params.length);
  for (let i = 0; i < params.length; i++) out.push(params[i]!);
  writeUleb(out, results.length);
  for (let i = 0; i < results.length; i++) out.push(results[i]!);
}

function writeSection(out: number[], id: number, body: readonly number[]): void {
  out.push(id);
  writeUleb(out, body.length);
  for (let i = 0; i < body.length; i++) out.push(body[i]!);
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
  /** Any SIMD128 instruction by its opcode (see {@link simdOp}). */
  simd: simdOp,
  /** `v128.const` holding the float64 `v` in both lanes. */
  f64x2Const: (v: number) => [0xfd, 0x0c, ...new Uint8Array(new Float64Array([v, v]).buffer)],
});
