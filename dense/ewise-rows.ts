/**
 * Rows mode of element-wise launches (dense/ewise-launch.ts): a 2-D float64 launch whose rows are
 * contiguous for the output and every input (or one element broadcast along the row) runs the
 * flat Wasm form of its expression once per row — `grid[1:-1, 1:-1]`, `x[:, None] + y[None, :]`.
 */
import { type FuseNode, fuse, wasmImports } from '../codegen/index.js';

/** Elements per row from which a 2-D launch runs the flat Wasm form per row. */
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

/**
 * A 2-D float64 kernel whose rows are contiguous: in the heap, the flat Wasm form (inputs in
 * `broadcast` read once per row) called once per row of the piece, with the loop-invariant values
 * of that row computed first; elsewhere the strided JavaScript kernel. Per element the same
 * operations as either form alone, so the same bits. Null when the tree has no Wasm form
 * (`wasmFor`: the launch's assembler of flat forms).
 * @returns the kernel's source, its JavaScript function's name and its input and scalar counts
 */
export function rowsKernelSource(
  tree: FuseNode,
  n: number,
  ns: number,
  broadcast: readonly number[],
  wasmFor: (tree: FuseNode, nIn: number, ns: number, broadcast: readonly number[]) => Uint8Array | null,
): { source: string; name: string; nIn: number; ns: number } | null {
  const fk = fuse(tree, { out: 'float64', rank: 2, contiguous: false });
  const nIn = Math.max(n, fk.inputs);
  const nsc = Math.max(ns, fk.scalars);
  const flat = fuse(tree, { out: 'float64', rank: 1, contiguous: true, broadcast });
  const wasm = wasmFor(tree, nIn, Math.max(nsc, flat.scalars), broadcast);
  if (wasm === null) return null;
  const call: string[] = ['a[0]', 'o[0]', 'st[0][0]', 'st[0][1]'];
  for (let k = 1; k <= nIn; k++) call.push(`a[${k}]`, `o[${k}]`, `st[${k}][0]`, `st[${k}][1]`);
  for (let m = 0; m < nsc; m++) call.push(`c[${m}]`);
  call.push('lo[0]', 'hi[0]', 'lo[1]', 'hi[1]');
  const nsw = Math.max(nsc, flat.scalars);
  const rowOff = (k: number) => `o[${k}] + i * st[${k}][0]`;
  const hoistArgs: string[] = [];
  for (let k = 1; k <= nIn; k++) hoistArgs.push(`a[${k}]`, rowOff(k));
  for (let m = 0; m < nsw; m++) hoistArgs.push(`c[${m}]`);
  hoistArgs.push('hv');
  const wargs: string[] = [];
  for (let k = 0; k <= nIn; k++) wargs.push(`a[${k}].byteOffset + (${rowOff(k)}) * 8`);
  for (let m = 0; m < nsw; m++) wargs.push(`c[${m}]`);
  for (let j = 0; j < flat.hoisted; j++) wargs.push(`hv[${j}]`);
  wargs.push('lo[1]', 'hi[1]');
  const hoist = flat.hoistSource === null ? '' : `hoist_${flat.name}(${hoistArgs.join(', ')});`;
  const source = `(function () {
${fk.source}
${flat.hoistSource ?? ''}
${wasmImports(fk.source).prelude}
const W = [${Array.from(wasm).join(',')}];
const hv = new Float64Array(${Math.max(1, flat.hoisted)});
let mem = null, wk = null;
return function (t) {
  const a = t.arrays, o = t.offsets, st = t.strides, c = t.scalars, lo = t.lo, hi = t.hi;
  if (t.heap) {
    if (mem !== t.heap) {
      const api = globalThis.WebAssembly;
      wk = new api.Instance(new api.Module(new Uint8Array(W)), { e: { mem: t.heap${wasmImports(fk.source).imports} } }).exports.kernel;
      mem = t.heap;
    }
    for (let i = lo[0]; i < hi[0]; i++) {
      ${hoist}
      wk(${wargs.join(', ')});
    }
    return;
  }
  ${fk.name}(${call.join(', ')});
};
})()`;
  return { source, name: fk.name, nIn, ns: nsc };
}
