/**
 * Element-wise values and their full reduction in one pass: a pending value that a full `sum` or
 * `prod` reads (`np.sum(np.power(y, 2))`, `(r * r).sum()`) is computed into its region and folded
 * into the reduction's block partials by the same kernel, block by block — the values are not read
 * back, and the reduction's bits are those of storing them and then reducing (dense/reduce.ts).
 */
import { type FuseNode, fuse, fuseWasm, wasmImports } from '../codegen/index.js';
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
import type { ndarray } from './ndarray.js';

/**
 * Whether {@link launchEwiseReduce} takes operands `arrays` for an output of `shape` (a fresh
 * region): at most 8, each C-contiguous with that shape or one element (broadcast).
 */
export function reducibleInto(shape: readonly number[], arrays: readonly ndarray[]): boolean {
  if (arrays.length > 8) return false;
  let size = 1;
  for (let d = 0; d < shape.length; d++) size *= shape[d]!;
  for (let k = 0; k < arrays.length; k++) {
    const s = arrays[k]!.store;
    if (s.size === 1 && size !== 1) continue;
    if (!sameShape(s.shape, shape) || !s.contiguous) return false;
  }
  return true;
}

/** The full reductions that {@link launchEwiseReduce} folds in while storing. */
export type StoreReduce = 'sum' | 'prod';

/**
 * Launches the element-wise kernel of `tree` into `outStore` (fresh and contiguous, float64 or
 * float32) **and** the full reduction `kind` of the values it stores, as one launch: each block of
 * the reduction (`DEFAULT_REDUCTION_BLOCK` points) is computed, stored and folded in index order
 * into the block's partial in the same pass (Wasm SIMD for float64 in the heap, else JavaScript),
 * so the values are not read back, and the bits are those of storing then reducing
 * (reduce-kernels.ts's full kernel: `acc = 0; acc += v` per block, blocks combined in order).
 * `outStore` is a fresh region; the operands must pass {@link reducibleInto}.
 * @returns the reduction's future
 */
export function launchEwiseReduce(
  fn: string,
  tree: FuseNode,
  outStore: Store,
  arrays: readonly ndarray[],
  scalars: readonly number[],
  kind: StoreReduce,
): Future {
  const dt = outStore.dtype;
  assertInternal(
    outStore.contiguous && (dt === 'float64' || dt === 'float32') && reducibleInto(outStore.shape, arrays),
    'launchEwiseReduce: operands not reducible into the output',
  );
  const n = arrays.length;
  const size = outStore.size;
  let mask = 0;
  for (let k = 0; k < n; k++) if (arrays[k]!.store.size === 1 && size !== 1) mask |= 1 << k;
  let byTree = reduceKernels.get(tree);
  if (byTree === undefined) {
    byTree = new Map();
    reduceKernels.set(tree, byTree);
  }
  const ns = scalars.length;
  const key = (((DTYPE_CODE[dt] * 256 + n) * 256 + ns) * 256 + mask) * 2 + (kind === 'sum' ? 0 : 1);
  let kname = byTree.get(key);
  if (kname === undefined) {
    const bcast: number[] = [];
    for (let k = 0; k < n; k++) if (mask & (1 << k)) bcast.push(k);
    kname = makeReduceKernel(tree, dt, n, ns, bcast, kind);
    byTree.set(key, kname);
  }
  const args: LaunchArg[] = new Array(n + 1);
  args[0] = { store: flatView(outStore), privilege: 'write-discard' };
  for (let k = 0; k < n; k++) {
    const st = arrays[k]!.store;
    args[k + 1] = { store: mask & (1 << k) ? spread(st, size) : flatView(st), privilege: 'read' };
  }
  return launch({
    op: reduceOp(fn, kind),
    kernel: kname,
    args,
    scalars,
    constraints: alignedTo0(n),
    key: 0,
    reduce: { combine: kind, identity: kind === 'sum' ? 0 : 1 },
  });
}

const reduceKernels = new WeakMap<FuseNode, Map<number, string>>();
const reduceOps = new Map<string, string>();
/** `fn+kind`, one string per pair (the trace's name of the fused launch, as the runtime's pairs). */
function reduceOp(fn: string, kind: StoreReduce): string {
  const k = `${fn}+${kind}`;
  let op = reduceOps.get(k);
  if (op === undefined) reduceOps.set(k, (op = k));
  return op;
}

/**
 * The kernel of {@link launchEwiseReduce}: per reduction block of the piece, the fused kernel's
 * `reduce` form (codegen `fuse`/`fuseWasm` with `reduce`) computes and stores the block's
 * elements and returns their fold, written to the block's partial.
 */
function makeReduceKernel(
  tree: FuseNode,
  out: DType,
  n: number,
  ns: number,
  broadcast: readonly number[],
  kind: StoreReduce,
): string {
  const fk = fuse(tree, { out, rank: 1, contiguous: true, broadcast, reduce: kind });
  const nIn = Math.max(n, fk.inputs);
  const nS = Math.max(ns, fk.scalars);
  const call: string[] = ['a[0]', 'o[0]'];
  for (let k = 1; k <= nIn; k++) call.push(`a[${k}]`, `o[${k}]`);
  for (let m = 0; m < nS; m++) call.push(`c[${m}]`);
  const wasm = out === 'float64' && !noWasm ? wasmReduceFor(tree, nIn, nS, broadcast, kind) : null;
  const js = fk.source;
  let wasmPart = '';
  let wasmCall = '';
  if (wasm !== null) {
    const wargs = ['a[0].byteOffset + o[0] * 8'];
    for (let k = 1; k <= nIn; k++) wargs.push(`a[${k}].byteOffset + o[${k}] * 8`);
    for (let m = 0; m < nS; m++) wargs.push(`c[${m}]`);
    for (let j = 0; j < fk.hoisted; j++) wargs.push(`hv[${j}]`);
    const hoist = fk.hoistSource === null ? '' : `hoist_${fk.name}(${[...call.slice(2), 'hv'].join(', ')});`;
    wasmPart = `${fk.hoistSource ?? ''}
${wasmImports(js).prelude}
const W = [${Array.from(wasm).join(',')}];
const hv = new Float64Array(${Math.max(1, fk.hoisted)});
let mem = null, wk = null;`;
    wasmCall = `if (t.heap) {
    if (mem !== t.heap) {
      const api = globalThis.WebAssembly;
      wk = new api.Instance(new api.Module(new Uint8Array(W)), { e: { mem: t.heap${wasmImports(js).imports} } }).exports.kernel;
      mem = t.heap;
    }
    ${hoist}
    for (let b0 = lo; b0 < hi; ) {
      const bi = Math.floor(b0 / B), e = Math.min(hi, (bi + 1) * B);
      P[bi] = wk(${wargs.join(', ')}, b0, e);
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
  const name = ewiseKernelName(fk.name, `.${kind}`);
  const warm = warmMaker(tree, out, 1, nIn, nS, true);
  ensureKernel(name, () => ({ source, warm }));
  return name;
}

/** The Wasm form of a contiguous float64 kernel with a `reduce` fold, or null when it has none. */
function wasmReduceFor(
  tree: FuseNode,
  nIn: number,
  ns: number,
  broadcast: readonly number[],
  kind: StoreReduce,
): Uint8Array | null {
  try {
    return fuseWasm(tree, nIn, ns, broadcast, kind);
  } catch {
    return null;
  }
}
