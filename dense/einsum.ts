/**
 * `einsum`: Einstein summation, a general implementation on the runtime (not yet through
 * codegen's index notation): the output is partitioned by the mapper and each piece loops, for
 * each of its output elements, over the summed labels, multiplying the operands' elements through
 * per-label strides (a label repeated within an operand — `'ii->i'` — sums those strides, i.e. a
 * diagonal). Operands are read whole. Sums run in float64 in label order. A full contraction
 * (0-d output) is one piece. An ellipsis (`...`) is expanded into fresh labels per operand
 * (einsum-subscripts.ts), so broadcasting over it is the kernel's broadcasting of extent-1 labels.
 * One operand with nothing summed (a diagonal, a transpose) gives a view, as NumPy.
 */
import { broadcast, type DType, launch, registerKernel, ValueError } from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { promote } from './dtypes.js';
import { isEllipsisLabel, parseSubscripts } from './einsum-subscripts.js';
import { fmtShape } from './errors.js';
import { ewise } from './ewise.js';
import { EINSUM } from './kernel-names.js';
import { ndarray } from './ndarray.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';

/**
 * arg 0: out (the launch domain), args 1..: operands (whole). scalars: [nOut, nSum, nOps, bool,
 * sumExtent[0..nSum), then per operand its stride per label (nOut + nSum of them)].
 */
registerKernel(EINSUM, (t) => {
  const c = t.scalars;
  const nOut = c[0]!;
  const nSum = c[1]!;
  const nOps = c[2]!;
  const isBool = c[3] === 1;
  const nl = nOut + nSum;
  const sb = 4 + nSum;
  const O = t.arrays[0]!;
  const os = t.strides[0]!;
  const lo = t.lo;
  const hi = t.hi;
  for (let d = 0; d < nOut; d++) if (hi[d]! <= lo[d]!) return;
  let sumCount = 1;
  for (let s = 0; s < nSum; s++) sumCount *= c[4 + s]!;
  const idx = lo.slice();
  const base = new Array<number>(nOps).fill(0);
  const sidx = new Array<number>(nSum).fill(0);
  const pos = new Array<number>(nOps).fill(0);
  for (;;) {
    let oo = t.offsets[0]!;
    for (let d = 0; d < nOut; d++) oo += idx[d]! * os[d]!;
    for (let k = 0; k < nOps; k++) {
      let b = t.offsets[1 + k]!;
      for (let d = 0; d < nOut; d++) b += idx[d]! * c[sb + k * nl + d]!;
      base[k] = b;
      pos[k] = b;
    }
    for (let s = 0; s < nSum; s++) sidx[s] = 0;
    let acc = 0;
    for (let q = 0; q < sumCount; q++) {
      let p = 1;
      for (let k = 0; k < nOps; k++) p *= t.arrays[1 + k]![pos[k]!]!;
      acc += p;
      // advance the summed labels (last fastest)
      let s = nSum - 1;
      for (; s >= 0; s--) {
        sidx[s]!++;
        for (let k = 0; k < nOps; k++) pos[k]! += c[sb + k * nl + nOut + s]!;
        if (sidx[s]! < c[4 + s]!) break;
        for (let k = 0; k < nOps; k++) pos[k]! -= sidx[s]! * c[sb + k * nl + nOut + s]!;
        sidx[s] = 0;
      }
    }
    O[oo] = isBool ? (acc !== 0 ? 1 : 0) : acc;
    let d = nOut - 1;
    for (; d >= 0; d--) {
      if (++idx[d]! < hi[d]!) break;
      idx[d] = lo[d]!;
    }
    if (d < 0) break;
  }
});

/** Keyword options of {@link einsum}. */
export interface EinsumOptions {
  /** Write the result here. */
  out?: ndarray | null;
  /** The result dtype (the operands' promoted dtype by default). */
  dtype?: DType | null;
  /** Contraction-order optimization (accepted; the result is the same). */
  optimize?: boolean | string;
}

/**
 * Einstein summation over the operands' labelled axes (`'ij,jk->ik'` is a matrix product,
 * `'ii'` a trace, `'ij->ji'` a transpose; without `->` the output labels are those appearing
 * once, sorted). An ellipsis stands for the remaining dimensions of each operand, broadcast
 * together as NumPy broadcasts shapes (`'...ij,...jk->...ik'` is a batched matrix product,
 * `'i...->...'` sums over the first axis); without `->` they lead the output. Parallel over the
 * output elements.
 * @param subscripts the labels, e.g. `'ij,jk->ik'`
 * @param operands the arrays, then an options object
 * @returns the result (a view of the operand when there is one and nothing is summed)
 * @throws {ValueError} for malformed subscripts, mismatched extents, '...' dimensions that do not
 *   broadcast, or an explicit output without '...' when the operands' '...' cover dimensions
 * @example np.einsum('ij,jk->ik', [[1, 2], [3, 4]], [[5, 6], [7, 8]]).tolist() // [[19, 22], [43, 50]]
 * @example np.einsum('ii', np.arange(9).reshape(3, 3)).item() // 12
 * @example np.einsum('i,i', [1, 2, 3], [4, 5, 6]).item() // 32
 * @example np.einsum('...j,j', [[1, 2], [3, 4], [5, 6]], [1, 10]).tolist() // [21, 43, 65]
 * @example np.einsum('i...->...', np.arange(6).reshape(2, 3)).tolist() // [3, 5, 7]
 * @example np.einsum('...ij,...jk->...ik', np.ones([4, 2, 3]), np.ones([3, 5])).shape // [4, 2, 5]
 */
export const einsum = sig<(subscripts: string, ...operands: (ArrayInput | EinsumOptions)[]) => ndarray>(
  'einsum(subscripts: str, *operands, out: ndarray = None, dtype: dtype = None, optimize: any = False)',
  ((subscripts: string, operands: readonly unknown[], out: ndarray | undefined, dtype: DType | undefined) => {
    const fn = 'einsum';
    const ops = operands.map((o, k) =>
      o instanceof ndarray ? o : (denseHooks.asarray(fn, `operands[${k}]`, o) as ndarray),
    );
    if (ops.length === 0) throw new ValueError(`${fn}: at least one operand is needed`);
    const [ins, outL] = parseSubscripts(
      fn,
      subscripts,
      ops.map((a) => a.ndim),
    );
    const extent = new Map<string, number>();
    ins.forEach((labels, k) => {
      const a = ops[k]!;
      [...labels].forEach((ch, d) => {
        const e = a.shape[d]!;
        const prev = extent.get(ch);
        if (prev === undefined || prev === 1) extent.set(ch, e);
        else if (e !== prev && e !== 1)
          throw new ValueError(
            isEllipsisLabel(ch)
              ? `${fn}: argument 'operands[${k}]' with shape ${fmtShape(a.shape)} cannot broadcast its '...' dimensions: extent ${e} where the others have ${prev}`
              : `${fn}: label '${ch}' has extent ${prev} and ${e} (operand ${k})`,
          );
      });
    });
    const sumL = [...extent.keys()].filter((ch) => !outL.includes(ch));
    const labels = [...outL, ...sumL];
    const shape = [...outL].map((ch) => extent.get(ch)!);
    const dt = dtype ?? ops.map((a) => a.dtype).reduce(promote);
    if (ops.length === 1 && sumL.length === 0 && out === undefined && dt === ops[0]!.dtype) {
      // Nothing summed (`'ii->i'`, `'ij->ji'`): NumPy returns a writeable view of the operand.
      const st = ops[0]!.store;
      const strides = [...outL].map((ch) =>
        [...ins[0]!].reduce((s, c2, d) => (c2 === ch && st.shape[d] !== 1 ? s + st.strides[d]! : s), 0),
      );
      return new ndarray(st.view(shape, strides, st.offset));
    }
    const res = allocStore(dt, shape, false);
    const scalars: number[] = [outL.length, sumL.length, ops.length, dt === 'bool' ? 1 : 0];
    for (const ch of sumL) scalars.push(extent.get(ch)!);
    ins.forEach((lab, k) => {
      const st = ops[k]!.store;
      for (const ch of labels) {
        let s = 0;
        [...lab].forEach((c2, d) => {
          // a broadcast (extent-1) axis contributes no stride
          if (c2 === ch && st.shape[d] !== 1) s += st.strides[d]!;
        });
        scalars.push(s);
      }
    });
    const size = shape.reduce((p, e) => p * e, 1);
    if (size > 0)
      launch({
        op: fn,
        kernel: EINSUM,
        args: [
          { store: res, privilege: 'write-discard' },
          ...ops.map((a) => ({ store: a.store, privilege: 'read' as const })),
        ],
        scalars,
        constraints: ops.map((_, k) => broadcast(k + 1)),
        key: 0,
      });
    const r = new ndarray(res);
    if (out === undefined) return r;
    ewise(fn, 'assign', [r], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
    return out;
  }) as never,
);
