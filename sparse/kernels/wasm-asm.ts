/**
 * A small assembler for the hand-written WebAssembly forms of the assembly loops (transpose, scan,
 * kron, SpGEMM): numbered locals, a code buffer, the instructions those loops use, and array
 * element access by byte offset (arrays are byte offsets into the runtime's heap, `e.mem`).
 * The module layout (one exported `kernel`, the imported memory) is codegen's.
 */

import { sleb, uleb, wasmKernelModule } from '../../codegen/index.js';
import type { DType } from '../../runtime/index.js';

export const I32 = 0x7f;
export const I64 = 0x7e;
export const F64 = 0x7c;

/** Instruction bytes (numbers are pushed as is, arrays spread). */
export const w = Object.freeze({
  get: (l: number) => [0x20, ...uleb(l)],
  set: (l: number) => [0x21, ...uleb(l)],
  tee: (l: number) => [0x22, ...uleb(l)],
  i32c: (v: number) => [0x41, ...sleb(v | 0)],
  /** Loads and stores with a constant byte offset (`off`). */
  i32Load: (off = 0) => [0x28, 2, ...uleb(off)],
  i32Store: (off = 0) => [0x36, 2, ...uleb(off)],
  i64Load: (off = 0) => [0x29, 3, ...uleb(off)],
  i64Store: (off = 0) => [0x37, 3, ...uleb(off)],
  f32Load: (off = 0) => [0x2a, 2, ...uleb(off)],
  f32Store: (off = 0) => [0x38, 2, ...uleb(off)],
  f64Load: (off = 0) => [0x2b, 3, ...uleb(off)],
  f64Store: (off = 0) => [0x39, 3, ...uleb(off)],
  u8Load: (off = 0) => [0x2d, 0, ...uleb(off)],
  u8Store: (off = 0) => [0x3a, 0, ...uleb(off)],
  i32Eqz: [0x45],
  i32Eq: [0x46],
  i32Ne: [0x47],
  i32LtS: [0x48],
  i32LtU: [0x49],
  i32GtS: [0x4a],
  i32GeS: [0x4e],
  i32GeU: [0x4f],
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32Mul: [0x6c],
  i32DivU: [0x6e],
  i32Shl: [0x74],
  i32ShrU: [0x76],
  i64GtS: [0x55],
  i64Mul: [0x7e],
  i64DivS: [0x7f],
  i32LeS: [0x4c],
  i32And: [0x71],
  i32Or: [0x72],
  /** `select`: the first operand when the i32 on top is non-zero, else the second. */
  select: [0x1b],
  i64Add: [0x7c],
  i64Sub: [0x7d],
  i64And: [0x83],
  i64Or: [0x84],
  i64Shl: [0x86],
  i64Ctz: [0x7a],
  i64Eqz: [0x50],
  i64ExtendI32U: [0xad],
  i64ExtendI32S: [0xac],
  i32WrapI64: [0xa7],
  i64c: (v: number) => [0x42, ...sleb(v | 0)],
  f64Ne: [0x62],
  f64Add: [0xa0],
  f64Sub: [0xa1],
  f64Neg: [0x9a],
  /** `f64.const 0`. */
  f64c0: [0x44, 0, 0, 0, 0, 0, 0, 0, 0],
  f64Mul: [0xa2],
  f64PromoteF32: [0xbb],
  f32DemoteF64: [0xb6],
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  if: [0x04, 0x40],
  else: [0x05],
  end: [0x0b],
  br: (d: number) => [0x0c, ...uleb(d)],
  brIf: (d: number) => [0x0d, ...uleb(d)],
  ret: [0x0f],
  drop: [0x1a],
});

type Code = number | readonly number[];

/** A function body under construction: parameters are locals 0…n−1, {@link local} adds more. */
export class Asm {
  readonly code: number[] = [];
  private readonly extra: number[] = [];
  constructor(private readonly params: readonly number[]) {}

  /** A new local of type `t` (default i32); returns its index. */
  local(t: number = I32): number {
    this.extra.push(t);
    return this.params.length + this.extra.length - 1;
  }

  /** Appends instructions. */
  e(...xs: Code[]): this {
    for (const x of xs) {
      if (typeof x === 'number') this.code.push(x);
      else for (const b of x) this.code.push(b);
    }
    return this;
  }

  /** Pushes the byte address of element `index` (a local) of the array at local `base`. */
  addr(base: number, index: number, shift: number): this {
    this.e(w.get(base), w.get(index));
    if (shift > 0) this.e(w.i32c(shift), w.i32Shl);
    return this.e(w.i32Add);
  }

  /** The instructions that `fn` emits, taken out of the body (to pass as an operand). */
  sub(fn: () => void): number[] {
    const start = this.code.length;
    fn();
    return this.code.splice(start);
  }

  /** `for (i = from; i < to; i++) body()` over locals (signed compare). */
  for(i: number, from: Code[], to: Code[], body: () => void): this {
    this.e(...from, w.set(i), w.block, w.loop, w.get(i), ...to, w.i32GeS, w.brIf(1));
    body();
    return this.e(w.get(i), w.i32c(1), w.i32Add, w.set(i), w.br(0), w.end, w.end);
  }

  /** The module's bytes (the body's final `end` is added here). */
  module(results: readonly number[] = []): number[] {
    return Array.from(wasmKernelModule([...this.params], this.extra, [...this.code, 0x0b], [...results]));
  }
}

/** log2 of a dtype's element size. */
export function elemShift(dtype: DType): number {
  return dtype === 'float64' ? 3 : dtype === 'uint8' || dtype === 'bool' ? 0 : 2;
}

/** Copies one element (bitwise) from the address on the stack under `dst` … : `[dst addr, src addr]`. */
export function copyElem(shift: number): number[] {
  if (shift === 3) return [...w.i64Load(), ...w.i64Store()];
  if (shift === 2) return [...w.i32Load(), ...w.i32Store()];
  return [...w.u8Load(), ...w.u8Store()];
}

/** Loads a float value (widened to f64) from the address on the stack. */
export function loadF(dtype: 'float64' | 'float32'): number[] {
  return dtype === 'float64' ? w.f64Load() : [...w.f32Load(), ...w.f64PromoteF32];
}

/** Stores the f64 on the stack (rounded for float32) at the address under it. */
export function storeF(dtype: 'float64' | 'float32'): number[] {
  return dtype === 'float64' ? w.f64Store() : [...w.f32DemoteF64, ...w.f32Store()];
}
