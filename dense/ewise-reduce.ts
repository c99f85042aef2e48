/**
 * Element-wise values reduced without being stored: a full `sum` or `prod` of a pending value
 * (`np.sum(np.power(y, 2))`, `(r * r).sum()`) computes the values block by block and folds them
 * into the reduction's block partials in one kernel — no region, no store, no second pass — with
 * the bits of storing them and then reducing (dense/reduce.ts, dense/lazy.ts `reduceLazy`).
 */
import { type FuseNode, fuse, fuseWasm, fuseWasmStrided, wasmImports } from '../codegen/index.js';
import {
  assertInternal,
  type DType,
  ensureKernel,
  type Future,
  type LaunchArg,
  launch,
  type Store,
} from '../runtime/index.js';
import {
  alignedTo0,
  DTYPE_CODE,
  ewiseKernelName,
  flatView,
  noWasm,
  sameShape,
  spread,
  warmMaker,
} from './ewise-launch.js';
import { treeCost } from './lazy-share.js';
import type { ndarray } from './ndarray.js';
import { noteWasmKernel, warmWasmKernel } from './wasm-warm.js';

/**
 * Whether {@link launchEwiseReduce} takes operands `arrays` for values of `shape`: at most 8, each
 * one element (broadcast) or with that shape and C-contiguous — or, for 1-D values, any stride
 * (a column `X[:, j]`) — at least one of them full-size.
 */
export function reducibleInto(shape: readonly number[], arrays: readonly ndarray[]): boolean {
  if (arrays.length > 8) return false;
  let size = 1;
  for (let d = 0; d < shape.length; d++) size *= shape[d]!;
  let full = false;
  for (let k = 0; k < arrays.length; k++) {
    const s = arrays[k]!.store;
    if (s.size === 1 && size !== 1) continue;
    if (!sameShape(s.shape, shape) || (!s.contiguous && shape.length !== 1)) return false;
    full = true;
  }
  return full;
}

/** The full reductions that {@link launchEwiseReduce} folds element-wise values into. */
export type FoldKind = 'sum' | 'prod';

/**
 * Launches the full reduction `kind` of the element-wise values of `tree` (dtype `dt`, float64
 * or float32; `size` elements) without storing them: one launch whose kernel computes each block
 * of the reduction (`DEFAULT_REDUCTION_BLOCK` points) and folds it in index order into the
 * block's partial (Wasm SIMD for float64 in the heap, else JavaScript) — the bits of storing the
 * values and then reducing them (reduce-kernels.ts's full kernel: `acc = 0; acc += v` per block,
 * blocks combined in order), with no region, no store and no second pass. With `out` (a fresh
 * contiguous region of `shape` and `dt`), the kernel also stores the values there: the value
 * materialized and reduced in one pass. The operands must pass {@link reducibleInto}.
 * @returns the reduction's future
 */
export function launchEwiseReduce(
  fn: string,
  tree: FuseNode,
  dt: DType,
  shape: readonly number[],
  arrays: readonly ndarray[],
  scalars: readonly number[],
  kind: FoldKind,
  out: Store | null = null,
): Future {
  const n = arrays.length;
  let size = 1;
  for (let d = 0; d < shape.length; d++) size *= shape[d]!;
  let mask = 0;
  let keyArg = -1;
  let contiguous = true;
  for (let k = 0; k < n; k++) {
    const st = arrays[k]!.store;
    if (st.size === 1 && size !== 1) mask |= 1 << k;
    else {
      if (keyArg < 0) keyArg = k;
      if (!st.contiguous) contiguous = false;
    }
  }
  assertInternal(
    (dt === 'float64' || dt === 'float32') && keyArg >= 0 && reducibleInto(shape, arrays),
    'launchEwiseReduce: operands not reducible',
  );
  let byTree = reduceKernels.get(tree);
  if (byTree === undefined) {
    byTree = new Map();
    reduceKernels.set(tree, byTree);
  }
  const ns = scalars.length;
  const store = out !== null;
  const key =
    (((((DTYPE_CODE[dt] * 256 + n) * 256 + ns) * 256 + mask) * 2 + (kind === 'sum' ? 0 : 1)) * 2 +
      (store ? 1 : 0)) *
      2 +
    (contiguous ? 1 : 0);
  let kname = byTree.get(key);
  if (kname === undefined) {
    const bcast: number[] = [];
    for (let k = 0; k < n; k++) if (mask & (1 << k)) bcast.push(k);
    kname = makeReduceKernel(tree, dt, n, ns, bcast, kind, store, contiguous);
    byTree.set(key, kname);
  }
  const args: LaunchArg[] = new Array(n + 1);
  // Argument 0, the launch's key: the output, or (nothing stored: the kernel's `out` unused) a
  // full-size operand, read.
  args[0] = store
    ? { store: flatView(out), privilege: 'write-discard' }
    : { store: flatView(arrays[keyArg]!.store), privilege: 'read' };
  for (let k = 0; k < n; k++) {
    const st = arrays[k]!.store;
    // A 1-D strided operand as it is (its own stride in the kernel's strided form).
    const view = mask & (1 << k) ? spread(st, size) : contiguous ? flatView(st) : st;
    args[k + 1] = { store: view, privilege: 'read' };
  }
  if (!store && !contiguous) args[0] = { store: arrays[keyArg]!.store, privilege: 'read' };
  warmWasmKernel(kname, size);
  return launch({
    op: reduceOp(fn, kind),
    kernel: kname,
    args,
    scalars,
    constraints: alignedTo0(n),
    key: 0,
    reduce: { combine: kind, identity: kind === 'sum' ? 0 : 1 },
    work: treeCost(tree),
  });
}

const reduceKernels = new WeakMap<FuseNode, Map<number, string>>();
const reduceOps = new Map<string, string>();
/** `fn+kind`, one string per pair (the trace's name of the fused launch, as the runtime's pairs). */
function reduceOp(fn: string, kind: FoldKind): string {
  const k = `${fn}+${kind}`;
  let op = reduceOps.get(k);
  if (op === undefined) reduceOps.set(k, (op = k));
  return op;
}

/**
 * The kernel of {@link launchEwiseReduce}: per reduction block of the piece, the fused kernel's
 * `reduce` form (codegen `fuse`/`fuseWasm` with `reduce`) computes (and, `store`, stores) the
 * block's elements and returns their fold, written to the block's partial.
 */
function makeReduceKernel(
  tree: FuseNode,
  out: DType,
  n: number,
  ns: number,
  broadcast: readonly number[],
  kind: FoldKind,
  store: boolean,
  contiguous: boolean,
): string {
  // Strided: 1-D operands of any stride, broadcast ones stride 0 (codegen's strided forms).
  const fk = contiguous
    ? fuse(tree, { out, rank: 1, contiguous: true, broadcast, reduce: kind, store })
    : fuse(tree, { out, rank: 1, reduce: kind, store });
  const nIn = Math.max(n, fk.inputs);
  const nS = Math.max(ns, fk.scalars);
  const st = (k: number) => (contiguous ? [] : [`t.strides[${k}][0]`]);
  const call: string[] = ['a[0]', 'o[0]', ...st(0)];
  for (let k = 1; k <= nIn; k++) call.push(`a[${k}]`, `o[${k}]`, ...st(k));
  for (let m = 0; m < nS; m++) call.push(`c[${m}]`);
  const wasm =
    out === 'float64' && !noWasm
      ? wasmReduceFor(tree, nIn, nS, contiguous ? broadcast : null, kind, store)
      : null;
  const js = fk.source;
  let wasmPart = '';
  let wasmCall = '';
  if (wasm !== null) {
    const wargs = ['a[0].byteOffset + o[0] * 8'];
    for (let k = 1; k <= nIn; k++) wargs.push(`a[${k}].byteOffset + o[${k}] * 8`);
    for (let m = 0; m < nS; m++) wargs.push(`c[${m}]`);
    for (let j = 0; j < fk.hoisted; j++) wargs.push(`hv[${j}]`);
    wargs.push('b0', 'e');
    if (!contiguous) for (let k = 0; k <= nIn; k++) wargs.push(`t.strides[${k}][0] * 8`);
    const hoist = fk.hoistSource === null ? '' : `hoist_${fk.name}(${[...call.slice(2), 'hv'].join(', ')});`;
    wasmPart = `${fk.hoistSource ?? ''}
${wasmImports(js).prelude}
const W = [${Array.from(wasm).join(',')}];
const hv = new Float64Array(${Math.max(1, fk.hoisted)});
let mem = null, wk = null;`;
    wasmCall = `if (t.heap) {
    if (mem !== t.heap) {
      const api = globalThis.WebAssembly;
      const mk = globalThis.__cohortWasmModule;
      const mod = mk !== undefined ? mk(new Uint8Array(W), hi - lo) : new api.Module(new Uint8Array(W));
      wk = new api.Instance(mod, { e: { mem: t.heap${wasmImports(js).imports} } }).exports.kernel;
      mem = t.heap;
    }
    ${hoist}
    for (let b0 = lo; b0 < hi; ) {
      const bi = Math.floor(b0 / B), e = Math.min(hi, (bi + 1) * B);
      P[bi] = wk(${wargs.join(', ')});
      b0 = e;
    }
    return;
  }`;
  }
  const source = `(function () {
${js}
${wasmPart}
return function (t) {
  const a = t.arrays, o = t.offsets, c = t.scalars, P = t.partials, B = t.block, lo = t.lo[0], hi = t.hi[0];
  ${wasmCall}
  for (let b0 = lo; b0 < hi; ) {
    const bi = Math.floor(b0 / B), e = Math.min(hi, (bi + 1) * B);
    P[bi] = ${fk.name}(${call.join(', ')}, b0, e);
    b0 = e;
  }
};
})()`;
  const name = ewiseKernelName(fk.name, `.${kind}${store ? '' : '.nostore'}${contiguous ? '' : '.strided'}`);
  // With a Wasm form: warmed on the issuing thread before its first big launch (wasm-warm.ts),
  // and no JavaScript warm-up (that form runs only on regions outside the heap).
  // The warm-up's strided calls: every operand at stride one element.
  const trailing = contiguous ? [] : new Array<number>(1 + nIn).fill(8);
  if (wasm !== null) noteWasmKernel(name, wasm, 1 + nIn, nS + fk.hoisted, wasmImports(js), trailing);
  const warm = wasm === null ? warmMaker(tree, out, 1, nIn, nS, true) : undefined;
  ensureKernel(name, () => ({ source, warm }));
  return name;
}

/**
 * The Wasm form of a float64 kernel with a `reduce` fold — contiguous (`broadcast`: its one-element
 * inputs) or strided (null) — or null when it has none.
 */
function wasmReduceFor(
  tree: FuseNode,
  nIn: number,
  ns: number,
  broadcast: readonly number[] | null,
  kind: FoldKind,
  store: boolean,
): Uint8Array | null {
  try {
    return broadcast === null
      ? fuseWasmStrided(tree, nIn, ns, kind, store)
      : fuseWasm(tree, nIn, ns, broadcast, kind, store);
  } catch {
    return null;
  }
}
