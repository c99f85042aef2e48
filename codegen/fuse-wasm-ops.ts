/**
 * The WebAssembly opcodes the fused-kernel assembler (fuse-wasm.ts) emits: value types, the
 * `f64x2` (V) and `f64` (S) instructions by name, the strided forms' lane loads and stores, and
 * the bytes of the float64 1.0.
 */
import { uleb } from './wasm-asm.js';

export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;

export const simd = (op: number): number[] => [0xfd, ...uleb(op)];
export const V = {
  load: [...simd(0x00), 3, 0],
  store: [...simd(0x0b), 3, 0],
  splat: simd(0x14),
  /** v128.export const 0 (two +0 lanes). */
  splat0: [...simd(0x0c), ...new Array(16).fill(0)],
  eq: simd(0x47),
  ne: simd(0x48),
  lt: simd(0x49),
  gt: simd(0x4a),
  or: simd(0x50),
  bitselect: simd(0x52),
  ceil: simd(0x74),
  floor: simd(0x75),
  abs: simd(0xec),
  neg: simd(0xed),
  sqrt: simd(0xef),
  add: simd(0xf0),
  sub: simd(0xf1),
  mul: simd(0xf2),
  div: simd(0xf3),
};
export const S = {
  load: [0x2b, 3, 0],
  store: [0x39, 3, 0],
  ne: [0x62],
  lt: [0x63],
  gt: [0x64],
  or: [0x72],
  select: [0x1b],
  abs: [0x99],
  neg: [0x9a],
  ceil: [0x9b],
  floor: [0x9c],
  sqrt: [0x9f],
  add: [0xa0],
  sub: [0xa1],
  mul: [0xa2],
  div: [0xa3],
};

/** Strided pairs: `v128.load64_zero`, then `v128.load64_lane` into lane 1 (align 8, offset 0). */
export const LOAD64_ZERO = [...simd(0x5d), 3, 0];
export const LOAD64_LANE1 = [...simd(0x57), 3, 0, 1];
/** `v128.store64_lane` of lane `l` (align 8, offset 0). */
export const STORE64_LANE = (l: number) => [...simd(0x5b), 3, 0, l];

/** The bytes of the float64 1.0, little-endian. */
export const ONE = Array.from(new Uint8Array(new Float64Array([1]).buffer));
