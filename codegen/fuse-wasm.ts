/**
 * The WebAssembly form of a contiguous fused kernel (see {@link fuse}): one pass over the
 * operands with `f64x2` SIMD lanes, for float64 expressions of the operations that Wasm computes
 * exactly as the JavaScript kernel does — `+ - * /`, square, reciprocal, negative, abs, sqrt,
 * floor, ceil, maximum/minimum/clip (NumPy's NaN-propagating forms, built from compares and a bit select so
 * that signed zeros come out as in JavaScript), float64 casts, `where(a <cmp> b, x, y)` (the
 * comparison as a lane mask), and `exp`, `log`, `sin`, `cos`, `tanh`, `expm1`, `log1p`, `log2`,
 * `log10`, `power`/`float_power` (wasm-math.ts and the files it imports: the algorithms the
 * JavaScript form calls too; lane programs' constants are set once before the loop). Each lane
 * rounds like a scalar operation and nothing is fused into an FMA, so results equal the JavaScript
 * kernel's (NaN payloads aside). Structurally equal subtrees are computed once (a local). Anything
 * else (other transcendentals, mod and the other binary functions, integer or float32
 * arithmetic, predicates as values) is refused with a {@link CodegenError}, and the JavaScript
 * kernel runs.
 *
 * Signature: `kernel(out, x0, x1, ..., s0, s1, ..., h0, h1, ..., lo, hi)` — `out` and `xk` are byte
 * addresses of element 0 of each operand's view in the shared memory `e.mem` (int32), `sm` the
 * scalars and `hj` the loop-invariant subexpressions (float64; computed by the JavaScript
 * `hoistSource` of {@link fuse}, which may use any operation), and it computes elements `[lo, hi)`.
 */
import { CodegenError } from './errors.js';
import { SUM_LANES } from './fuse.js';
import type { FuseNode, TypedNode } from './fuse-expr.js';
import { typeTree, valueNumbers, valueUses } from './fuse-expr.js';
import { invariantSubtrees } from './fuse-hoist.js';
import { F64, I32, LOAD64_LANE1, LOAD64_ZERO, ONE, S, STORE64_LANE, simd, V, V128 } from './fuse-wasm-ops.js';
import { kernelModule, sleb, uleb } from './wasm-asm.js';
import { WASM_MATH } from './wasm-math.js';

/**
 * Pairs computed per turn of the main loop, their code interleaved (see `element` in
 * {@link fuseWasm}): exp on 4e6 elements, one thread, ~8 ns per element one pair at a time, ~4.7
 * with four (in L2; two: ~6).
 */
const PAIRS = 4;
/** V8's limit on a Wasm function's locals, parameters included (kV8MaxWasmFunctionLocals). */
const MAX_LOCALS = 50_000;
// A sum's eight running sums are the lanes of the main loop's pairs.
if (2 * PAIRS !== SUM_LANES) throw new Error('fuse-wasm: PAIRS must give SUM_LANES lanes');

const refuse = (what: string): never => {
  throw new CodegenError(`fuseWasm: ${what} has no exact Wasm form here`);
};

const SIMPLE: Record<string, keyof typeof V & keyof typeof S> = {
  add: 'add',
  subtract: 'sub',
  multiply: 'mul',
  divide: 'div',
  negative: 'neg',
  abs: 'abs',
  sqrt: 'sqrt',
  floor: 'floor',
  ceil: 'ceil',
};

/** Comparisons usable as a where condition: [f64x2 opcode, f64 opcode]. */
const CMP: Record<string, [number, number]> = {
  equal: [0x47, 0x61],
  not_equal: [0x48, 0x62],
  less: [0x49, 0x63],
  greater: [0x4a, 0x64],
  less_equal: [0x4b, 0x65],
  greater_equal: [0x4c, 0x66],
};

function check(t: TypedNode, hoisted: ReadonlySet<TypedNode>): void {
  const n = t.node;
  if (n.op === 'scalar' || hoisted.has(t)) return;
  if (n.op === 'input') {
    if (n.dtype !== 'float64') refuse(`a ${n.dtype} operand`);
    return;
  }
  if (n.op === 'where') {
    // where(a <cmp> b, x, y) on float64: the comparison becomes a lane mask (or is hoisted).
    const c = t.args[0]!;
    if (!hoisted.has(c)) {
      if (!(c.node.op in CMP) || c.compute !== 'float64') refuse(`'where' on a ${c.node.op} condition`);
      for (const a of c.args) check(a, hoisted);
    }
    if (t.dtype !== 'float64') refuse(`where in ${t.dtype}`);
    check(t.args[1]!, hoisted);
    check(t.args[2]!, hoisted);
    return;
  }
  if (t.dtype !== 'float64' || t.compute !== 'float64') refuse(`${n.op} in ${t.compute}`);
  const ok = n.op in SIMPLE || n.op in WASM_MATH || n.op === 'square' || n.op === 'reciprocal';
  if (!ok && n.op !== 'maximum' && n.op !== 'minimum' && n.op !== 'clip' && n.op !== 'cast')
    refuse(`'${n.op}'`);
  for (const a of t.args) check(a, hoisted);
}

/**
 * Assembles the Wasm form of the contiguous fused kernel of `expr` with a float64 output.
 * @param expr - the expression tree (see `fx`)
 * @param inputs - the number of array operands (parameters exist for indices `0..inputs-1`)
 * @param scalars - the number of scalar parameters
 * @param broadcast - inputs that are one element read once (their address is that element's)
 * @param reduce - also fold the stored values (`sum` in the order of codegen's `SUM_LANES`,
 *   `prod` from 1 in index order) and return the result (f64): the JavaScript form's `reduce`
 *   (see {@link fuse}), with its bits
 * @param store - with `reduce`, false folds without storing (`out` is not written)
 * @returns the module's bytes (export `kernel`, import `e.mem`)
 * @throws {@link CodegenError} when the expression has no exact Wasm form, or would pass V8's
 *   limit on a function's locals
 * @example
 * const bytes = fuseWasm(fx.add(fx.input(0), fx.input(1)), 2, 0);
 * WebAssembly.validate(bytes) // true
 */
export function fuseWasm(
  expr: FuseNode,
  inputs: number,
  scalars: number,
  broadcast: readonly number[] = [],
  reduce?: 'sum' | 'prod',
  store = true,
): Uint8Array {
  return assemble(expr, inputs, scalars, broadcast, reduce, store, 'flat');
}

/**
 * Assembles the rows form of a fused kernel with a float64 output: the contiguous form's loop over
 * `[lo, hi)` run for `rows` rows inside the module, the operands' addresses advancing by a byte
 * stride per row after each — a 2-D launch whose rows are contiguous (or one element broadcast
 * along the row) for the output and every input: `x[:, None] + y[None, :]`, `grid[1:-1, 1:-1]`.
 * One call per piece, so short rows cost no call each (kmeans' 2e6 × 10: ~10 ns per element in
 * the strided JavaScript kernel). Per element the contiguous form's operations: the same bits.
 *
 * Signature: `kernel(out, x0, ..., s0, ..., lo, hi, rows, rowOut, rowX0, rowX1, ...)` — `out`, `xk`
 * the byte addresses of element 0 of the first row's operands, `rowOut`, `rowXk` the byte strides
 * between rows (int32; negative or zero allowed); inputs in `broadcast` are one element per row,
 * read once per row at their row's address.
 * @param expr - the expression tree (see `fx`)
 * @param inputs - the number of array operands
 * @param scalars - the number of scalar parameters
 * @param broadcast - inputs that are one element per row
 * @returns the module's bytes (export `kernel`, import `e.mem`)
 * @throws {@link CodegenError} when the expression has no exact Wasm form, has loop-invariant
 *   subexpressions (the contiguous form takes those from a JavaScript hoist per call), or would
 *   pass V8's limit on a function's locals
 * @example
 * const bytes = fuseWasmRows(fx.add(fx.input(0), fx.input(1)), 2, 0, [0]);
 * WebAssembly.validate(bytes) // true
 */
export function fuseWasmRows(
  expr: FuseNode,
  inputs: number,
  scalars: number,
  broadcast: readonly number[] = [],
): Uint8Array {
  return assemble(expr, inputs, scalars, broadcast, undefined, true, 'rows');
}

/**
 * Assembles the strided form of a rank-1 fused kernel with a float64 output: the contiguous
 * form's loop over `[lo, hi)`, every operand at its own byte stride — a column `X[:, j]`, a
 * diagonal, a reversed or stepped view, a broadcast operand at stride 0. A pair of elements is
 * gathered into one `f64x2` (`v128.load64_zero`, `v128.load64_lane`) and stored lane by lane, so
 * each element gets the contiguous form's operations, and a `reduce` folds in the contiguous form's
 * order (the JavaScript strided kernel's): the same bits. Unlike the JavaScript kernel, whose code
 * every thread optimizes for itself, V8 compiles a module once per byte string for the process.
 *
 * Signature: `kernel(out, x0, ..., s0, ..., lo, hi, strideOut, strideX0, ...)` — `out`, `xk` the
 * byte addresses of element 0 of each operand, the strides in bytes (int32; negative or zero
 * allowed); element `t` of operand `k` is at `xk + t·strideXk`.
 * @param expr - the expression tree (see `fx`)
 * @param inputs - the number of array operands
 * @param scalars - the number of scalar parameters
 * @param reduce - also fold the stored values and return the fold (as {@link fuseWasm})
 * @param store - with `reduce`, false folds without storing
 * @returns the module's bytes (export `kernel`, import `e.mem`)
 * @throws {@link CodegenError} when the expression has no exact Wasm form, has a subexpression of
 *   scalars alone (the contiguous form takes those from a JavaScript hoist), or would pass V8's
 *   limit on a function's locals
 * @example
 * const bytes = fuseWasmStrided(fx.multiply(fx.input(0), fx.input(1)), 2, 0, 'sum');
 * WebAssembly.validate(bytes) // true
 */
export function fuseWasmStrided(
  expr: FuseNode,
  inputs: number,
  scalars: number,
  reduce?: 'sum' | 'prod',
  store = true,
): Uint8Array {
  return assemble(expr, inputs, scalars, [], reduce, store, 'strided');
}

/**
 * Assembles the strided rows form: the rows form's loop over rows (see {@link fuseWasmRows}) whose
 * rows are strided as in {@link fuseWasmStrided} — a 2-D launch whose inner strides are not all 1
 * or 0, such as the copy of a transposed view (`a.T.copy()`, `np.ascontiguousarray(a.T)`), where
 * the JavaScript kernel took ~10 ns an element.
 *
 * Signature: `kernel(out, x0, ..., s0, ..., lo, hi, rows, rowOut, rowX0, ..., strideOut, strideX0,
 * ...)` — element `t` of a row of operand `k` at its row's address + `t`·stride; the row addresses
 * advance by the row strides (bytes; any sign, or zero).
 * @param expr - the expression tree (see `fx`)
 * @param inputs - the number of array operands
 * @param scalars - the number of scalar parameters
 * @returns the module's bytes (export `kernel`, import `e.mem`)
 * @throws {@link CodegenError} as {@link fuseWasmStrided}
 * @example
 * const bytes = fuseWasmStridedRows(fx.add(fx.input(0), fx.input(1)), 2, 0);
 * WebAssembly.validate(bytes) // true
 */
export function fuseWasmStridedRows(expr: FuseNode, inputs: number, scalars: number): Uint8Array {
  return assemble(expr, inputs, scalars, [], undefined, true, 'strided-rows');
}

/**
 * The loop of a form: one contiguous range, rows of ranges, one range of strided operands, or rows
 * of strided ranges.
 */
type Mode = 'flat' | 'rows' | 'strided' | 'strided-rows';

function assemble(
  expr: FuseNode,
  inputs: number,
  scalars: number,
  broadcast: readonly number[],
  reduce: 'sum' | 'prod' | undefined,
  store: boolean,
  mode: Mode,
): Uint8Array {
  const rows = mode === 'rows' || mode === 'strided-rows';
  const strided = mode === 'strided' || mode === 'strided-rows';
  const tree = typeTree(expr);
  const ids = valueNumbers(tree);
  const uses = valueUses(tree, ids);
  const hoistedList = invariantSubtrees(tree, new Set(broadcast), ids);
  const hoistedIds = new Set(hoistedList.map((h) => ids.get(h)!));
  const hoisted = new Set<TypedNode>();
  for (const [t, id] of ids) if (hoistedIds.has(id)) hoisted.add(t);
  check(tree, hoisted);
  // Params: out, x0..x{inputs-1} (i32), s0..s{scalars-1}, h0..h{H-1} (f64), lo, hi (i32); rows:
  // then rows, rowOut, rowX0..rowX{inputs-1} (i32).
  const H = hoistedList.length;
  if (rows && H > 0) refuse('a loop-invariant subexpression in the rows form');
  if (strided && H > 0) refuse('a loop-invariant subexpression in the strided form');
  const params = [
    I32,
    ...new Array<number>(inputs).fill(I32),
    ...new Array<number>(scalars + H).fill(F64),
    I32,
    I32,
    ...(rows ? new Array<number>(2 + inputs).fill(I32) : []),
    ...(strided ? new Array<number>(1 + inputs).fill(I32) : []),
  ];
  const OUT = 0;
  const X = (k: number) => 1 + k;
  const SC = (m: number) => 1 + inputs + m;
  const LO = 1 + inputs + scalars + H;
  const HI = LO + 1;
  const ROWS = HI + 1;
  /** The byte stride between rows of operand `k` (0: out, k + 1: input k). */
  const ROW = (k: number) => ROWS + 1 + k;
  /** The strided forms' byte stride of the operand whose address is parameter `base`. */
  const STRIDE = (base: number) => HI + 1 + (rows ? 2 + inputs : 0) + base;
  const locals: number[] = [];
  const local = (t: number) => {
    locals.push(t);
    return params.length + locals.length - 1;
  };
  const T = local(I32); // element index
  const splat = Array.from({ length: scalars + H }, () => local(V128));
  const hoistIndex = new Map(hoistedList.map((h, j) => [ids.get(h)!, scalars + j]));
  // Broadcast inputs: loaded once, as a scalar and as a splat.
  const bOne = new Map<number, number>();
  const bTwo = new Map<number, number>();
  // Only the broadcast inputs the loop reads (those inside hoisted subtrees are read by the JS
  // hoist function; they need not be float64).
  const inLoop = new Set<number>();
  const used = (t: TypedNode): void => {
    if (hoisted.has(t)) return;
    if (t.node.op === 'input') inLoop.add(t.node.index);
    for (const a of t.args) used(a);
  };
  used(tree);
  for (const k of broadcast) {
    if (k >= inputs || bOne.has(k) || !inLoop.has(k)) continue;
    bOne.set(k, local(F64));
    bTwo.set(k, local(V128));
  }
  let trigImport = false;
  /** `call` of an imported JavaScript function (the only one: `e.trig`, index 0). */
  const call = (_name: 'trig'): number[] => {
    trigImport = true;
    return [0x10, 0];
  };
  const code: number[] = [];
  // Constants of the math emitters: set once before the loop (`pre` runs first), one local each.
  const pre: number[] = [];
  const consts = new Map<string, number>();
  const constant = (bytes: readonly number[]): number => {
    const key = bytes.join(',');
    let l = consts.get(key);
    if (l === undefined) {
      l = local(V128);
      consts.set(key, l);
      pre.push(...simd(0x0c), ...bytes, 0x21, ...uleb(l));
    }
    return l;
  };
  const emit = (...xs: (number | number[])[]) => {
    for (const x of xs)
      if (typeof x === 'number') code.push(x);
      else for (const b of x) code.push(b);
  };
  const get = (l: number) => [0x20, ...uleb(l)];
  const set = (l: number) => [0x21, ...uleb(l)];
  const tee = (l: number) => [0x22, ...uleb(l)];
  const i32c = (v: number) => [0x41, ...sleb(v)];
  /** The address of element T + `e` of the operand whose address is parameter `base`. */
  const addr = (base: number, e: number) =>
    strided
      ? [
          ...get(base),
          ...get(T),
          ...(e === 0 ? [] : [...i32c(e), 0x6a]),
          ...get(STRIDE(base)),
          0x6c, // mul
          0x6a, // add
        ]
      : [
          ...get(base),
          ...get(T),
          ...i32c(3),
          0x74, // shl
          0x6a, // add
          ...(e === 0 ? [] : [...i32c(8 * e), 0x6a]),
        ];
  /** Loads element T + `e` of operand `base` (with T + e + 1: a pair, `vector`). */
  const load = (base: number, e: number, vector: boolean) =>
    !vector
      ? [...addr(base, e), ...S.load]
      : strided
        ? [...addr(base, e + 1), ...addr(base, e), ...LOAD64_ZERO, ...LOAD64_LANE1]
        : [...addr(base, e), ...V.load];
  /** Stores local `v` (a pair, `vector`) at element T + `e` of the output. */
  const storeAt = (e: number, v: number, vector: boolean) =>
    !vector
      ? [...addr(OUT, e), ...get(v), ...S.store]
      : strided
        ? [...addr(OUT, e), ...get(v), ...STORE64_LANE(0), ...addr(OUT, e + 1), ...get(v), ...STORE64_LANE(1)]
        : [...addr(OUT, e), ...get(v), ...V.store];

  /**
   * One element (or one pair, `vector`) at index T + `lane0`, as straight-line code in chunks:
   * each chunk leaves the operand stack as it found it, every node's value goes to a local (the
   * expression is evaluated as a DAG: a value used more than once is that local), and the last
   * chunk sets the returned local. Chunks of several pairs can so be interleaved — the first
   * chunk of each, then the second of each … — which gives the CPU independent work side by side:
   * a transcendental is a long chain of dependent operations that one pair alone leaves mostly
   * waiting (exp on one pair ~8 ns per element here, four interleaved ~4.7). Every lane still
   * does the same operations in the same order: the bits do not change.
   * @returns the chunks and the local holding the value
   */
  const element = (vector: boolean, lane0: number): { chunks: number[][]; result: number } => {
    const O = vector ? V : S;
    const vt = vector ? V128 : F64;
    const chunks: number[][] = [];
    let cur: number[] = [];
    const out = (...xs: (number | number[])[]) => {
      for (const x of xs)
        if (typeof x === 'number') cur.push(x);
        else for (const b of x) cur.push(b);
    };
    /** Ends the current chunk (the stack is as the chunk found it). */
    const cut = () => {
      if (cur.length > 0) chunks.push(cur);
      cur = [];
    };
    /** The chunk `code` then `set` of a fresh local of type `type`: that local. */
    const into = (type: number, ...code: (number | number[])[]): number => {
      const l = local(type);
      out(...code, set(l));
      cut();
      return l;
    };
    const loaded = new Map<number, number>();
    const shared = new Map<number, number>();
    const walk = (t: TypedNode): number => {
      const id = ids.get(t)!;
      let l = shared.get(id);
      if (l === undefined) {
        l = value(t);
        if ((uses.get(id) ?? 0) > 1) shared.set(id, l);
      }
      return l;
    };
    // A comparison's value is a lane mask (vector) or an i32 (scalar).
    const maskType = vector ? V128 : I32;
    /** NumPy's fmax(a, b) = a > b || a != a ? a : b (fmin with <). */
    const pick = (a: number, b: number, cmp: number[]) =>
      into(
        vt,
        get(a),
        get(b),
        get(a),
        get(b),
        cmp,
        get(a),
        get(a),
        O.ne,
        O.or,
        vector ? V.bitselect : S.select,
      );
    const value = (t: TypedNode): number => {
      const n = t.node;
      const hi = hoistIndex.get(ids.get(t)!);
      if (hi !== undefined) return vector ? splat[hi]! : SC(hi);
      if (n.op === 'input' && bOne.has(n.index)) return vector ? bTwo.get(n.index)! : bOne.get(n.index)!;
      if (n.op === 'input') {
        let l = loaded.get(n.index);
        if (l === undefined) {
          l = into(vt, load(X(n.index), lane0, vector));
          loaded.set(n.index, l);
        }
        return l;
      }
      if (n.op === 'scalar') return vector ? splat[n.index]! : SC(n.index);
      if (n.op === 'cast') return walk(t.args[0]!);
      if (n.op === 'where') {
        // JavaScript: cond !== 0 ? x : y, with cond 0/1; here a mask (or i32) picks the lanes.
        const x = walk(t.args[1]!);
        const y = walk(t.args[2]!);
        const c = t.args[0]!;
        const ch = hoistIndex.get(ids.get(c)!);
        const m =
          ch === undefined
            ? walk(c)
            : vector
              ? into(V128, get(splat[ch]!), V.splat0, V.ne)
              : into(I32, get(SC(ch)), 0x44, ...new Array(8).fill(0), S.ne);
        return into(vt, get(x), get(y), get(m), vector ? V.bitselect : S.select);
      }
      const cmp = CMP[n.op];
      if (cmp !== undefined) {
        const a = walk(t.args[0]!);
        const b = walk(t.args[1]!);
        return into(maskType, get(a), get(b), vector ? simd(cmp[0]) : [cmp[1]]);
      }
      const math = WASM_MATH[n.op];
      if (math !== undefined) {
        // exp, log, pow, ... (wasm-math.ts): f64x2 code; the scalar tail runs it on splats, lane 0.
        const args = t.args.slice(0, math.arity ?? 1).map(walk);
        for (const a of args) out(get(a), vector ? [] : V.splat);
        // Emitters written in stack-neutral statements end chunks between them (`cut`).
        math.emit({ emit: out, local, call, constant, ...(math.chunked ? { cut } : {}) });
        return into(vt, vector ? [] : [...simd(0x21), 0]);
      }
      if (n.op === 'square') {
        // x * x (power(x, 2)'s fast path).
        const a = walk(t.args[0]!);
        return into(vt, get(a), get(a), O.mul);
      }
      if (n.op === 'reciprocal') {
        // 1 / x (power(x, -1)'s fast path).
        const a = walk(t.args[0]!);
        return into(vt, vector ? [...simd(0x0c), ...ONE, ...ONE] : [0x44, ...ONE], get(a), O.div);
      }
      const simple = SIMPLE[n.op];
      if (simple !== undefined) {
        const args = t.args.map(walk);
        return into(vt, ...args.map(get), O[simple]);
      }
      if (n.op === 'clip') {
        const x = walk(t.args[0]!);
        const lo = pick(x, walk(t.args[1]!), O.gt);
        return pick(lo, walk(t.args[2]!), O.lt);
      }
      const a = walk(t.args[0]!);
      const b = walk(t.args[1]!);
      return pick(a, b, n.op === 'maximum' ? O.gt : O.lt);
    };
    const result = walk(tree);
    cut();
    return { chunks, result };
  };
  /** `pairs` pairs (or one scalar element) from T on, their chunks interleaved; their locals. */
  const elements = (vector: boolean, pairs: number): number[] => {
    const each = Array.from({ length: pairs }, (_, p) => element(vector, 2 * p));
    const most = Math.max(...each.map((e) => e.chunks.length));
    for (let i = 0; i < most; i++) for (const e of each) if (i < e.chunks.length) emit(e.chunks[i]!);
    return each.map((e) => e.result);
  };

  for (let m = 0; m < scalars + H; m++) emit(get(SC(m)), V.splat, set(splat[m]!));
  // Rows: block loop; br_if 1 when no row is left; the row's work; the addresses advance.
  if (rows) emit(0x02, 0x40, 0x03, 0x40, get(ROWS), 0x45, 0x0d, 1);
  for (const [k, one] of bOne) emit(get(X(k)), S.load, tee(one), V.splat, set(bTwo.get(k)!));
  emit(get(LO), set(T));
  // reduce: the stored values folded into ACC (f64; a sum through its eight lanes, below),
  // returned at the end.
  const keep = reduce === undefined || store;
  const ACC = reduce === undefined ? -1 : local(F64);
  const fold = reduce === 'prod' ? S.mul : S.add;
  if (reduce !== undefined) emit(0x44, ...(reduce === 'sum' ? new Array(8).fill(0) : ONE), set(ACC));
  // Pairs: while (t + 2·PAIRS − 1 < hi) { out[t..] = f(x[t..]) for PAIRS pairs, interleaved;
  // t += 2·PAIRS }, then pair by pair.
  // A sum's main loop keeps the eight running sums of SUM_LANES (codegen/fuse.ts) as the lanes of
  // four f64x2 (pair p of a turn is lanes 2p and 2p + 1), joined after it; then the rest in order.
  const lanes = reduce === 'sum' ? Array.from({ length: PAIRS }, () => local(V128)) : [];
  for (const l of lanes) emit(V.splat0, set(l));
  for (const [step, pairs] of [
    [2 * PAIRS, PAIRS],
    [2, 1],
  ] as const) {
    emit(0x02, 0x40, 0x03, 0x40); // block loop
    emit(get(T), i32c(step - 1), 0x6a, get(HI), 0x48, 0x45, 0x0d, 1); // br_if 1 when !(t+step-1 < hi)
    const vals = elements(true, pairs);
    for (let p = 0; p < pairs; p++) {
      if (keep) emit(storeAt(2 * p, vals[p]!, true));
      if (reduce === undefined) continue;
      if (pairs === PAIRS && lanes.length > 0) emit(get(lanes[p]!), get(vals[p]!), V.add, set(lanes[p]!));
      // Lane 0 (element t + 2p) first, then lane 1: index order.
      else emit(get(ACC), get(vals[p]!), simd(0x21), 0, fold, get(vals[p]!), simd(0x21), 1, fold, set(ACC));
    }
    emit(get(T), i32c(step), 0x6a, set(T), 0x0c, 0, 0x0b, 0x0b); // t += step; br 0; end end
    if (pairs === PAIRS && lanes.length > 0) {
      // ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7))
      const half = (p: number) => [
        ...get(lanes[p]!),
        ...simd(0x21),
        0,
        ...get(lanes[p]!),
        ...simd(0x21),
        1,
        ...S.add,
      ];
      emit(half(0), half(1), S.add, half(2), half(3), S.add, S.add, set(ACC));
    }
  }
  // The last element, if any.
  emit(get(T), get(HI), 0x48, 0x04, 0x40); // if (t < hi)
  const [last] = elements(false, 1);
  if (keep) emit(storeAt(0, last!, false));
  if (rows) {
    emit(0x0b); // end if
    for (let k = 0; k <= inputs; k++) {
      const base = k === 0 ? OUT : X(k - 1);
      emit(get(base), get(ROW(k)), 0x6a, set(base));
    }
    emit(get(ROWS), i32c(1), 0x6b, set(ROWS), 0x0c, 0, 0x0b, 0x0b, 0x0b); // rows -= 1; br 0; end end; end function
  } else if (reduce === undefined)
    emit(0x0b, 0x0b); // end if, end function
  else emit(get(ACC), get(last!), fold, set(ACC), 0x0b, get(ACC), 0x0b);
  const imports = trigImport ? [{ name: 'trig', params: [F64, I32], results: [F64] }] : [];
  // Every node's value has a local in each of the six copies of the body (four interleaved pairs,
  // the pair loop, the scalar tail): a deep expression (60 chained powers) passes V8's limit on a
  // function's locals, and its module would fail to compile in the task. Refused here instead:
  // the JavaScript kernel runs (the same bits).
  if (params.length + locals.length > MAX_LOCALS)
    refuse(`an expression this large (${locals.length} locals)`);
  return kernelModule(params, locals, [...pre, ...code], reduce === undefined ? [] : [F64], imports);
}
