/**
 * The small assembler the one-task module is written with (one-task-wasm.ts): the opcodes codegen's
 * `wasmOp` lacks, LEB128 and section encoding, and the block loop the kernels share.
 */
import { wasmOp } from '../../codegen/index.js';

export const { I32, F64, V128, get, set, i32c, i32Add, i32Sub, i32And, i32Shl, i32LtU, i32GeU } = wasmOp;
export const { f64Load, f64Store, f64Add, f64Mul, block, loop, end, br, brIf, ifThen } = wasmOp;
export const { v128Load, v128Store, v128Zero, f64x2Lane, f64x2Add, f64x2Mul } = wasmOp;

export const i32Load = (off: number): number[] => [0x28, 2, ...uleb(off)];
export const f64Sub = [0xa1];
export const f64Zero = [0x44, 0, 0, 0, 0, 0, 0, 0, 0];
export const f64x2Sub = [0xfd, 0xf1, 0x01];
export const f64x2Splat = [0xfd, 0x14];
export const i32GeS = [0x4e];
export const i32LtS = [0x48];
export const i32GtS = [0x4a];
export const select = [0x1b];
export const ret = [0x0f];
export const call = (f: number): number[] => [0x10, ...uleb(f)];

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
export const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
export const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
export const str = (s: string): number[] => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

export interface Fn {
  readonly name: string;
  readonly params: number[];
  readonly results: number[];
  readonly locals: number[];
  readonly code: number[];
}

/** Function indices (in the module's order, one-task-wasm.ts). */
export const DOT_PART = 0;
export const SPMV_ROWS = 2;
export const YMX = 4;

export function c(...xs: number[][]): number[] {
  return xs.flat();
}

/** `for (b0 = 0; b0 < n; b0 += B) { e = min(b0 + B, n); body }` with b0, e, n, B locals. */
export function blocks(b0: number, e: number, n: number, B: number, body: number[]): number[] {
  return c(
    i32c(0),
    set(b0),
    block,
    loop,
    get(b0),
    get(n),
    i32GeU,
    brIf(1),
    get(b0),
    get(B),
    i32Add,
    get(n),
    get(b0),
    get(B),
    i32Add,
    get(n),
    i32LtU,
    select,
    set(e),
    body,
    get(b0),
    get(B),
    i32Add,
    set(b0),
    br(0),
    end,
    end,
  );
}
