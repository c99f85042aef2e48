/**
 * cohort codegen — the public face of the kernel generator. Pure: strings in, kernel source out; it
 * imports nothing from runtime/, dense/, sparse/ or mapper/.
 *
 * - Sparse kernels: {@link generateKernel} (index notation + formats → source), {@link compileKernel}.
 * - Formats: {@link CSR}, {@link CSC}, {@link COO}, {@link DIA}, {@link DENSE_VECTOR},
 *   {@link DENSE_MATRIX}, or custom ones from levels ({@link dense}, {@link compressed},
 *   {@link singleton}, {@link offset}) with {@link makeFormat}.
 * - Fusion: {@link fuse} over expression trees built with {@link fx}.
 */
export type { CodegenDType } from './dtypes.js';
export { CODEGEN_DTYPES, isCodegenDType } from './dtypes.js';
export { CodegenError, CodegenInternalError } from './errors.js';
export type { Format, Level, LevelContext, LevelProperties, PosAccess } from './formats.js';
export {
  COO,
  CSC,
  CSR,
  compressed,
  DENSE_MATRIX,
  DENSE_VECTOR,
  DIA,
  dense,
  formatKey,
  makeFormat,
  offset,
  singleton,
} from './formats.js';
export type { FusedKernel, FuseOptions } from './fuse.js';
export { fuse, SUM_LANES, SUM_LANES_JOIN } from './fuse.js';
export type { BinaryOp, FuseNode, FuseOp, TernaryOp, TypedNode, UnaryOp } from './fuse-expr.js';
export { BINARY_OPS, fx, promote, TERNARY_OPS, typeTree, UNARY_OPS } from './fuse-expr.js';
export { fuseWasm, fuseWasmRows, fuseWasmStrided, fuseWasmStridedRows } from './fuse-wasm.js';
export type { Expr as IRExpr, KernelIR, Param, Stmt } from './ir.js';
export { emitJS, printIR } from './ir-print.js';
export { verifyKernel } from './ir-verify.js';
export type { GeneratedKernel, KernelOptions } from './kernel.js';
export { compileKernel, generateKernel } from './kernel.js';
export type { OutputMode, Phase } from './lower-types.js';
export type { Access, Assignment, IndexExpr } from './notation.js';
export { parse } from './notation.js';
export { emitWasm, wasmLengths } from './wasm.js';
export {
  kernelModule as wasmKernelModule,
  name as wasmName,
  op as wasmOp,
  section as wasmSection,
  sleb,
  uleb,
  vec as wasmVec,
} from './wasm-asm.js';
export { wasmImports } from './wasm-trig.js';
