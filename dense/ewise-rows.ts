/**
 * Rows mode of element-wise launches (dense/ewise-launch.ts): a 2-D float64 launch whose rows are
 * contiguous for the output and every input (or one element broadcast along the row) runs a Wasm
 * form of its expression over the rows — `grid[1:-1, 1:-1]`, `x[:, None] + y[None, :]`.
 */
import { type FuseNode, fuse, wasmImports } from '../codegen/index.js';

/** Elements per row from which a 2-D launch may run the flat Wasm form once per row. */
export const ROWS_MIN = 32;

/** Whether every operand's coalesced 2-D view has unit (output: unit) or zero inner stride. */
export function rowsContiguous(cStr: readonly number[][], n: number): boolean {
  if (cStr[0]![1] !== 1) return false;
  for (let k = 1; k <= n; k++) {
    const st = cStr[k]![1];
    if (st !== 1 && st !== 0) return false;
  }
  return true;
}

/** The Wasm forms a rows kernel is built from (ewise-launch.ts: null where a form does not exist). */
export interface RowsForms {
  /** The flat (contiguous) form, called once per row. */
  flat(tree: FuseNode, nIn: number, ns: number, broadcast: readonly number[]): Uint8Array | null;
  /** The rows form (codegen's `fuseWasmRows`): the loop over rows inside the module. */
  rows(tree: FuseNode, nIn: number, ns: number, broadcast: readonly number[]): Uint8Array | null;
}

/** A rows kernel's source and what the launch registers with it. */
export interface RowsKernel {
  readonly source: string;
  /** Its JavaScript function's name. */
  readonly name: string;
  readonly nIn: number;
  /** The rows form's bytes when the kernel uses it (warmed before big launches), else null. */
  readonly rowsWasm: Uint8Array | null;
  /** Float64 parameters of the rows form (scalars). */
  readonly values: number;
}

/**
 * A 2-D float64 kernel whose rows are contiguous: in the heap, the rows form of its expression
 * (one call per piece, or per {@link ROW_CHUNK} elements' worth of rows) — else, when the
 * expression has loop-invariant subexpressions (the rows form takes none) and rows are long, the
 * flat Wasm form called once per row with that row's invariant values computed first; elsewhere
 * the strided JavaScript kernel. Per element the same operations as either form alone, so the
 * same bits.
 * @param short - rows shorter than {@link ROWS_MIN}: only the rows form is worth its calls
 * @param strided - rows that are not contiguous (`forms.rows` is then the strided rows form,
 *   which takes every operand's inner stride after the row strides; no flat form per row)
 * @returns null when no Wasm form fits (then the launch runs the strided JavaScript kernel)
 */
export function rowsKernelSource(
  tree: FuseNode,
  n: number,
  ns: number,
  broadcast: readonly number[],
  forms: RowsForms,
  short: boolean,
  strided = false,
): RowsKernel | null {
  const fk = fuse(tree, { out: 'float64', rank: 2, contiguous: false });
  const nIn = Math.max(n, fk.inputs);
  const nsc = Math.max(ns, fk.scalars);
  const flat = fuse(tree, { out: 'float64', rank: 1, contiguous: true, broadcast });
  const nsw = Math.max(nsc, flat.scalars);
  const rowsWasm = flat.hoisted === 0 ? forms.rows(tree, nIn, nsw, broadcast) : null;
  const wasm = rowsWasm ?? (short || strided ? null : forms.flat(tree, nIn, nsw, broadcast));
  if (wasm === null) return null;
  const call: string[] = ['a[0]', 'o[0]', 'st[0][0]', 'st[0][1]'];
  for (let k = 1; k <= nIn; k++) call.push(`a[${k}]`, `o[${k}]`, `st[${k}][0]`, `st[${k}][1]`);
  for (let m = 0; m < nsc; m++) call.push(`c[${m}]`);
  call.push('lo[0]', 'hi[0]', 'lo[1]', 'hi[1]');
  const rowOff = (k: number) => `o[${k}] + i * st[${k}][0]`;
  const wargs: string[] = [];
  for (let k = 0; k <= nIn; k++) wargs.push(`a[${k}].byteOffset + (${rowOff(k)}) * 8`);
  for (let m = 0; m < nsw; m++) wargs.push(`c[${m}]`);
  let loop: string;
  if (rowsWasm !== null) {
    // Rows in chunks of about ROW_CHUNK elements: V8 optimizes a Wasm function for its next call,
    // never the one running, so one call over a whole piece would run baseline code throughout.
    wargs.push('lo[1]', 'hi[1]', 'e - i');
    for (let k = 0; k <= nIn; k++) wargs.push(`st[${k}][0] * 8`);
    // The strided rows form: each operand's inner stride too.
    if (strided) for (let k = 0; k <= nIn; k++) wargs.push(`st[${k}][1] * 8`);
    loop = `const step = Math.max(1, Math.floor(${ROW_CHUNK} / Math.max(1, hi[1] - lo[1])));
    for (let i = lo[0], h = hi[0], e = 0; i < h; i = e) {
      e = h - i > step ? i + step : h;
      wk(${wargs.join(', ')});
    }`;
  } else {
    const hoistArgs: string[] = [];
    for (let k = 1; k <= nIn; k++) hoistArgs.push(`a[${k}]`, rowOff(k));
    for (let m = 0; m < nsw; m++) hoistArgs.push(`c[${m}]`);
    hoistArgs.push('hv');
    for (let j = 0; j < flat.hoisted; j++) wargs.push(`hv[${j}]`);
    wargs.push('lo[1]', 'hi[1]');
    const hoist = flat.hoistSource === null ? '' : `hoist_${flat.name}(${hoistArgs.join(', ')});`;
    loop = `for (let i = lo[0]; i < hi[0]; i++) {
      ${hoist}
      wk(${wargs.join(', ')});
    }`;
  }
  const source = `(function () {
${fk.source}
${rowsWasm === null ? `${flat.hoistSource ?? ''}\nconst hv = new Float64Array(${Math.max(1, flat.hoisted)});` : ''}
${wasmImports(fk.source).prelude}
const W = [${Array.from(wasm).join(',')}];
let mem = null, wk = null;
return function (t) {
  const a = t.arrays, o = t.offsets, st = t.strides, c = t.scalars, lo = t.lo, hi = t.hi;
  if (t.heap) {
    if (mem !== t.heap) {
      const api = globalThis.WebAssembly;
      const mk = globalThis.__cohortWasmModule;
      const bytes = new Uint8Array(W);
      const mod = mk !== undefined ? mk(bytes, (hi[0] - lo[0]) * (hi[1] - lo[1])) : new api.Module(bytes);
      wk = new api.Instance(mod, { e: { mem: t.heap${wasmImports(fk.source).imports} } }).exports.kernel;
      mem = t.heap;
    }
    ${loop}
    return;
  }
  ${fk.name}(${call.join(', ')});
};
})()`;
  return { source, name: fk.name, nIn, rowsWasm, values: nsw };
}

/** Elements per call of a rows form (see ewise-launch.ts `WASM_CHUNK`). */
export const ROW_CHUNK = 16384;
