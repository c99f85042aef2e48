/**
 * Fusion: a tree of element-wise operations → the source of one kernel that makes one pass over
 * memory with no temporaries. Each node's result is rounded to its dtype exactly where an unfused
 * evaluation would store it (float32 via `Math.fround`, int32 wrap-around), so fused equals unfused
 * bit for bit.
 */
import type { CodegenDType } from './dtypes.js';
import { isCodegenDType } from './dtypes.js';
import { argError } from './errors.js';
import type { FuseNode, TypedNode } from './fuse-expr.js';
import { fuseKey, typeTree, valueNumbers } from './fuse-expr.js';
import { invariantSubtrees } from './fuse-hoist.js';
import { castJS, HELPERS, opJS } from './fuse-ops.js';
import { fnv1a } from './hash.js';

/** Options of {@link fuse}. */
export interface FuseOptions {
  /** The output array's dtype; the root value is converted to it (NumPy cast) on store. */
  readonly out: CodegenDType;
  /** Number of dimensions of the iteration box (0 for a single element). */
  readonly rank: number;
  /** All operands and the output contiguous with one layout: emit the flat kernel. Default false. */
  readonly contiguous?: boolean;
  /**
   * Contiguous kernels only: inputs that are one element broadcast over the range (a 0-d array,
   * or any stride-0 operand), read once at `offsetXk` instead of at `offsetXk + t`.
   */
  readonly broadcast?: readonly number[];
  /** Function name (default `fused_<hash of the key>`). */
  readonly name?: string;
  /**
   * Rank-1 kernels (contiguous or strided) with a float output only: also fold every stored
   * value into an accumulator (`sum` in the order of {@link SUM_LANES}, `prod`: `acc = 1;
   * acc *= v` in index order, in float64) and return it — a full reduction's block partial
   * computed in the same pass (the values as stored, so the bits of storing them and then
   * reducing).
   */
  readonly reduce?: 'sum' | 'prod';
  /**
   * With `reduce`: false computes and folds the values without storing them (`out` is not
   * written; the fold is the same). Default true.
   */
  readonly store?: boolean;
}

/** A fused kernel. */
export interface FusedKernel {
  readonly name: string;
  /** Source of one function declaration with no free variables. */
  readonly source: string;
  /** Positional parameter names, in order. */
  readonly params: readonly string[];
  /** Cache key: expression (with leaf dtypes) + output dtype + rank + contiguity. */
  readonly key: string;
  /** Inferred dtype of the expression's root (before conversion to `out`). */
  readonly dtype: CodegenDType;
  /** Number of array operands (`input` indices 0..inputs-1). */
  readonly inputs: number;
  /** Number of scalar parameters (`scalar` indices 0..scalars-1). */
  readonly scalars: number;
  readonly rank: number;
  readonly contiguous: boolean;
  /** Number of loop-invariant subexpressions computed once before the loop (contiguous kernels). */
  readonly hoisted: number;
  /**
   * Source of `hoist_<name>(x0, offsetX0, ..., s0, ..., hv)`, which stores those values into
   * `hv[0..hoisted)` (the Wasm form takes them as parameters), or null when there are none.
   */
  readonly hoistSource: string | null;
}

const cache = new Map<string, FusedKernel>();

function leaves(t: TypedNode, op: 'input' | 'scalar', out: Map<number, CodegenDType>): void {
  const n = t.node;
  if (n.op === op) {
    const prev = out.get(n.index);
    if (prev !== undefined && prev !== n.dtype) {
      throw argError('fuse', 'expr', `one dtype per ${op} ${n.index}`, `${prev} and ${n.dtype}`);
    }
    out.set(n.index, n.dtype);
  }
  for (const a of t.args) leaves(a, op, out);
}

/**
 * Emits the body computing one element: SSA temporaries, returns the lines and the result name.
 * Structurally equal subtrees (same value number in `ids`) are computed once and their temporary
 * reused: the tree is evaluated as a DAG (common-subexpression elimination).
 */
function emitElement(
  tree: TypedNode,
  ids: ReadonlyMap<TypedNode, number>,
  load: (k: number) => string,
  sfx: string,
  helpers: Set<string>,
  hoisted?: ReadonlyMap<number, string>,
): { lines: string[]; result: string } {
  const lines: string[] = [];
  const done = new Map<number, string>();
  let n = 0;
  const walk = (t: TypedNode): string => {
    const id = ids.get(t)!;
    const h = hoisted?.get(id) ?? done.get(id);
    if (h !== undefined) return h;
    const node = t.node;
    let name: string;
    if (node.op === 'input') {
      name = `v${node.index}${sfx}`;
      lines.push(`const ${name} = ${load(node.index)};`);
    } else if (node.op === 'scalar') name = `s${node.index}`;
    else {
      const args = t.args.map((a, i) => {
        const v = walk(a);
        // where's condition is tested for != 0 in its own dtype; every other argument converts.
        return node.op === 'where' && i === 0 ? v : castJS(v, a.dtype, t.compute);
      });
      name = `r${n++}${sfx}`;
      lines.push(`const ${name} = ${opJS(node.op, args, t.compute, helpers)};`);
    }
    done.set(id, name);
    return name;
  };
  return { lines, result: walk(tree) };
}

/**
 * The order of a fused sum (`reduce: 'sum'`), fixed so that every form gives the same bits: over
 * `[lo, hi)`, eight running sums from +0, a_j adding the elements t with (t − lo) mod 8 = j in
 * order, over the first 8·⌊(hi − lo)/8⌋ elements; then {@link SUM_LANES_JOIN}; then the remaining
 * elements added to that in order. Eight independent sums keep the adder busy (one running sum
 * waits ~4 cycles per element) and are NumPy's pairwise leaf. dense/reduce-kernels.ts sums a
 * block of a stored array in the same order, so a fused `sum(f(x))` equals the sum of `f(x)`
 * stored. Products fold in index order.
 */
export const SUM_LANES = 8;
/** How the eight running sums of {@link SUM_LANES} are joined. */
export const SUM_LANES_JOIN = '((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7))';

/**
 * Compiles an element-wise expression into one kernel.
 *
 * Strided kernel (default), rank r ≥ 1:
 * `(out, offsetOut, strideOut0..strideOut{r-1}, x0, offsetX0, strideX0_0..strideX0_{r-1}, x1, ...,
 * s0, s1, ..., lo0, hi0, ..., lo{r-1}, hi{r-1})` — for every index tuple `i` of the box
 * `[lo, hi)` of the OUTPUT's index space it stores
 * `out[offsetOut + Σ i_d*strideOut_d] = f(x_k[offsetX_k + Σ i_d*strideX_k_d], ..., s_m)`.
 * Broadcasting is a stride of 0. Rank 0: `(out, offsetOut, x0, offsetX0, ..., s0, ...)`, one element.
 *
 * Contiguous kernel (`contiguous: true`, every operand and the output laid out alike and densely):
 * `(out, offsetOut, x0, offsetX0, ..., s0, ..., lo, hi)` — for `t` in `[lo, hi)`:
 * `out[offsetOut + t] = f(x_k[offsetX_k + t], ...)`; one flat loop unrolled ×4 (×8 for a sum). With `reduce`, it
 * also returns the sum (in the order of {@link SUM_LANES}) or the product (in index order) of the
 * stored values (`store: false`: the same fold, nothing stored).
 *
 * @param expr - the expression tree (see {@link fx})
 * @param opts - output dtype, rank, contiguity, name
 * @returns the kernel, cached by key
 * @throws {@link CodegenError} on a malformed expression or options
 * @example
 * const k = fuse(fx.add(fx.input(0), fx.input(1)), { out: 'float64', rank: 1, contiguous: true });
 * k.params // ['out', 'offsetOut', 'x0', 'offsetX0', 'x1', 'offsetX1', 'lo', 'hi']
 */
export function fuse(expr: FuseNode, opts: FuseOptions): FusedKernel {
  if (!isCodegenDType(opts?.out)) throw argError('fuse', 'opts.out', 'a dtype', opts?.out);
  if (!Number.isInteger(opts.rank) || opts.rank < 0 || opts.rank > 32) {
    throw argError('fuse', 'opts.rank', 'an integer in 0..32', opts.rank);
  }
  if (opts.name !== undefined && !/^[A-Za-z_$][\w$]*$/.test(opts.name)) {
    throw argError('fuse', 'opts.name', 'a JavaScript identifier', opts.name);
  }
  const contiguous = opts.contiguous === true;
  const reduce = opts.reduce;
  const keep = reduce === undefined || opts.store !== false;
  if (
    reduce !== undefined &&
    ((reduce !== 'sum' && reduce !== 'prod') ||
      opts.rank !== 1 ||
      (opts.out !== 'float64' && opts.out !== 'float32'))
  )
    throw argError('fuse', 'opts.reduce', "'sum' or 'prod' with a rank-1 float output", reduce);
  const bcast = new Set(contiguous ? (opts.broadcast ?? []) : []);
  const tree = typeTree(expr);
  const ids = valueNumbers(tree);
  const key = `${fuseKey(expr)}->${opts.out}|rank${opts.rank}|${contiguous ? 'contiguous' : 'strided'}${bcast.size > 0 ? `|b${[...bcast].sort((a, b) => a - b).join(',')}` : ''}${reduce === undefined ? '' : `|${reduce}${keep ? '' : '|nostore'}`}`;
  const name = opts.name ?? `fused_${fnv1a(key)}`;
  const hit = cache.get(`${key}|${name}`);
  if (hit) return hit;
  const ins = new Map<number, CodegenDType>();
  const scs = new Map<number, CodegenDType>();
  leaves(tree, 'input', ins);
  leaves(tree, 'scalar', scs);
  const nIn = ins.size === 0 ? 0 : Math.max(...ins.keys()) + 1;
  const nSc = scs.size === 0 ? 0 : Math.max(...scs.keys()) + 1;
  // Indices may have gaps: parameters exist for every index up to the largest; unused ones are ignored.
  const r = opts.rank;
  const flat = contiguous || r === 0;
  const params: string[] = ['out', 'offsetOut'];
  if (!flat) for (let d = 0; d < r; d++) params.push(`strideOut${d}`);
  for (let k = 0; k < nIn; k++) {
    params.push(`x${k}`, `offsetX${k}`);
    if (!flat) for (let d = 0; d < r; d++) params.push(`strideX${k}_${d}`);
  }
  for (let m = 0; m < nSc; m++) params.push(`s${m}`);
  if (contiguous && r > 0) params.push('lo', 'hi');
  else for (let d = 0; d < r; d++) params.push(`lo${d}`, `hi${d}`);
  const helpers = new Set<string>();
  const store = (idx: string, res: string) =>
    `out[${idx}] = ${opts.out === 'bool' ? castJS(res, tree.dtype, 'bool') : res};`;
  // Contiguous kernels compute loop-invariant subexpressions once, before the loop.
  const hoistedNodes = contiguous && r > 0 ? invariantSubtrees(tree, bcast, ids) : [];
  const hoisted = new Map<number, string>();
  const hoistLines: string[] = [];
  // The value as stored (the typed array's conversion), folded into the accumulator `acc`.
  const fold = (res: string, acc: string) =>
    reduce === undefined
      ? []
      : [`${acc} ${reduce === 'sum' ? '+=' : '*='} ${castJS(res, tree.dtype, opts.out)};`];
  const element = (
    load: (k: number) => string,
    outIdx: string,
    sfx: string,
    ind: string,
    acc = 'acc',
  ): string[] => {
    const { lines, result } = emitElement(tree, ids, load, sfx, helpers, hoisted);
    return [...lines, ...(keep ? [store(outIdx, result)] : []), ...fold(result, acc)].map((l) => ind + l);
  };
  /**
   * A sum folds eight running sums, element t - lo into a_((t - lo) mod 8), over the largest
   * multiple of eight elements, then `acc` = their {@link SUM_LANES_JOIN}, then the rest in order
   * (see {@link SUM_LANES}): the loop `head` (given the unrolled step) and the per-lane element.
   */
  const lanes = (
    head: string,
    at: (u: number) => { load: (k: number) => string; out: string; step: string[] },
  ): string[] => {
    const lines = [`  let ${Array.from({ length: SUM_LANES }, (_, u) => `a${u} = 0`).join(', ')};`, head];
    for (let u = 0; u < SUM_LANES; u++) {
      const a = at(u);
      lines.push(...element(a.load, a.out, `_${u}`, '    ', `a${u}`), ...a.step);
    }
    lines.push('  }', `  let acc = ${SUM_LANES_JOIN};`);
    return lines;
  };
  const body: string[] = [];
  if (r === 0) {
    body.push(...element((k) => `x${k}[offsetX${k}]`, 'offsetOut', '', '  '));
  } else if (contiguous) {
    for (const k of [...bcast].sort((a, b) => a - b))
      if (k < nIn) body.push(`  const b${k} = x${k}[offsetX${k}];`);
    const ld = (k: number, idx: string) => (bcast.has(k) ? `b${k}` : `x${k}[${idx}]`);
    hoistedNodes.forEach((h, j) => {
      const { lines, result } = emitElement(h, ids, (k) => `b${k}`, `_h${j}`, helpers, hoisted);
      const hl = [...lines.map((l) => `  ${l}`), `  const h${j} = ${result};`];
      body.push(...hl);
      hoistLines.push(...hl, `  hv[${j}] = h${j};`);
      hoisted.set(ids.get(h)!, `h${j}`);
    });
    const at = (base: string, u: number) => `${base} + t${u === 0 ? '' : ` + ${u}`}`;
    body.push('  let t = lo;');
    if (reduce === 'sum') {
      const each = (u: number) => ({
        load: (k: number) => ld(k, at(`offsetX${k}`, u)),
        out: at('offsetOut', u),
        step: [],
      });
      body.push(...lanes(`  for (; t + ${SUM_LANES - 1} < hi; t += ${SUM_LANES}) {`, each));
    } else {
      if (reduce !== undefined) body.push('  let acc = 1;');
      body.push('  for (; t + 3 < hi; t += 4) {');
      for (let u = 0; u < 4; u++)
        body.push(...element((k) => ld(k, at(`offsetX${k}`, u)), at('offsetOut', u), `_${u}`, '    '));
      body.push('  }');
    }
    body.push('  for (; t < hi; t++) {');
    body.push(...element((k) => ld(k, `offsetX${k} + t`), 'offsetOut + t', '', '    '));
    body.push('  }');
    if (reduce !== undefined) body.push('  return acc;');
  } else if (reduce === 'sum') {
    // Rank 1 (checked above): the running pointers step by the strides; the sum's lanes as in the
    // contiguous form.
    const names = ['Out', ...Array.from({ length: nIn }, (_, k) => `X${k}`)];
    const stride = (nm: string) => (nm === 'Out' ? 'strideOut0' : `stride${nm}_0`);
    const steps = names.map((nm) => `    j${nm} += ${stride(nm)};`);
    for (const nm of names) body.push(`  let j${nm} = offset${nm} + lo0 * ${stride(nm)};`);
    body.push('  let i0 = lo0;');
    const each = () => ({ load: (k: number) => `x${k}[jX${k}]`, out: 'jOut', step: steps });
    body.push(...lanes(`  for (; i0 + ${SUM_LANES - 1} < hi0; i0 += ${SUM_LANES}) {`, each));
    body.push(
      '  for (; i0 < hi0; i0++) {',
      ...element((k) => `x${k}[jX${k}]`, 'jOut', '', '    '),
      ...steps,
      '  }',
    );
    body.push('  return acc;');
  } else {
    const names = ['Out', ...Array.from({ length: nIn }, (_, k) => `X${k}`)];
    const stride = (nm: string, d: number) => (nm === 'Out' ? `strideOut${d}` : `stride${nm}_${d}`);
    let ind = '  ';
    for (let d = 0; d < r; d++) {
      const parent = (nm: string) => (d === 0 ? `offset${nm}` : `j${nm}_${d - 1}`);
      if (d < r - 1) {
        body.push(`${ind}for (let i${d} = lo${d}; i${d} < hi${d}; i${d}++) {`);
        ind += '  ';
        for (const nm of names)
          body.push(`${ind}const j${nm}_${d} = ${parent(nm)} + i${d} * ${stride(nm, d)};`);
      } else {
        for (const nm of names) body.push(`${ind}let j${nm} = ${parent(nm)} + lo${d} * ${stride(nm, d)};`);
        body.push(`${ind}for (let i${d} = lo${d}; i${d} < hi${d}; i${d}++) {`);
        body.push(...element((k) => `x${k}[jX${k}]`, 'jOut', '', `${ind}  `));
        for (const nm of names) body.push(`${ind}  j${nm} += ${stride(nm, d)};`);
        body.push(`${ind}}`);
      }
    }
    for (let d = r - 2; d >= 0; d--) body.push(`${'  '.repeat(d + 1)}}`);
    if (reduce !== undefined) {
      body.unshift('  let acc = 1;');
      body.push('  return acc;');
    }
  }
  const head = `  // ${fuseKey(expr)} -> ${opts.out} (${tree.dtype} before the store); rank ${r}, ${contiguous ? 'contiguous' : 'strided'}${reduce === undefined ? '' : `; returns the ${reduce} of the ${keep ? 'stored ' : ''}values${keep ? '' : ' (not stored)'}`}`;
  const helperLines = [...helpers].sort().map((h) => `  ${HELPERS[h]}`);
  const source = [`function ${name}(${params.join(', ')}) {`, head, ...helperLines, ...body, '}'].join('\n');
  // The invariant values alone (for the Wasm form, which takes them as parameters).
  const hoistParams = params.filter((p) => p !== 'out' && p !== 'offsetOut' && p !== 'lo' && p !== 'hi');
  const hoistSource =
    hoistedNodes.length === 0
      ? null
      : [
          `function hoist_${name}(${[...hoistParams, 'hv'].join(', ')}) {`,
          ...helperLines,
          ...[...bcast]
            .sort((a, b) => a - b)
            .filter((k) => k < nIn)
            .map((k) => `  const b${k} = x${k}[offsetX${k}];`),
          ...hoistLines,
          '}',
        ].join('\n');
  const k: FusedKernel = Object.freeze({
    name,
    source,
    params: Object.freeze(params),
    key,
    dtype: tree.dtype,
    inputs: nIn,
    scalars: nSc,
    rank: r,
    contiguous,
    hoisted: hoistedNodes.length,
    hoistSource,
  });
  cache.set(`${key}|${name}`, k);
  return k;
}
