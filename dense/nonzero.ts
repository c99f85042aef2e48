/**
 * `nonzero` on the pool (issue 17 item 2): count, scan, fill. The array's C-order positions are
 * cut into blocks of {@link NZ_BLOCK}; a launch over the blocks counts each block's nonzero
 * elements (in pieces, on the workers), one small piece scans the counts into offsets, and a
 * second launch over the blocks writes each block's coordinates from its offset on (its outputs
 * partitioned as the offsets' image). The output depends only on the data, never on the pieces:
 * bitwise the same at every pool size.
 */
import { broadcast, type Constraint, image, launch, readStore, type Store } from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { NONZERO_COUNT, NONZERO_FILL, NONZERO_SCAN } from './kernel-names.js';
import './kernels-nonzero.js';

/** C-order positions per block (the unit of counting and of the output's partition). */
export const NZ_BLOCK = 4096;

const COUNT_CONSTRAINTS: readonly Constraint[] = Object.freeze([broadcast(1)]);
const fillConstraints = new Map<number, readonly Constraint[]>();

/**
 * The coordinates of the nonzero elements of `a` (a store of any shape), one int32 store per
 * dimension, in C order.
 * @param fn - the public function, for errors and task names
 * @param a - the array's store
 * @returns one store of coordinates per dimension
 */
export function nonzeroStores(fn: string, a: Store): Store[] {
  const shape = a.shape;
  let n = 1;
  for (const d of shape) n *= d;
  const nd = shape.length;
  if (n === 0) return shape.map(() => allocStore('int32', [0]));
  const nb = Math.ceil(n / NZ_BLOCK);
  // offsets[0] = 0; the counts go to offsets[1..nb], then scan in place.
  const offsets = allocStore('int32', [nb + 1]);
  const counts = offsets.view([nb], [1], offsets.offset + 1);
  const scalars = [n, NZ_BLOCK];
  launch({
    op: `${fn}.count`,
    kernel: NONZERO_COUNT,
    args: [
      { store: counts, privilege: 'write-discard' },
      { store: a, privilege: 'read' },
    ],
    scalars,
    constraints: COUNT_CONSTRAINTS,
    key: 0,
  });
  launch({
    op: `${fn}.scan`,
    kernel: NONZERO_SCAN,
    args: [{ store: offsets, privilege: 'read-write' }],
    single: true,
  });
  const total = readStore(offsets.view([1], [1], offsets.offset + nb))[0]!;
  const outs = shape.map(() => allocStore('int32', [total], false));
  if (total === 0) return outs;
  let cons = fillConstraints.get(nd);
  if (cons === undefined) {
    const c: Constraint[] = [broadcast(1)];
    for (let d = 0; d < nd; d++) c.push(image(0, 2 + d, 'offsets'));
    cons = Object.freeze(c);
    fillConstraints.set(nd, cons);
  }
  launch({
    op: `${fn}.fill`,
    kernel: NONZERO_FILL,
    args: [
      { store: offsets.view([nb], [1], offsets.offset), privilege: 'read' },
      { store: a, privilege: 'read' },
      ...outs.map((s) => ({ store: s, privilege: 'write-discard' as const })),
    ],
    scalars,
    constraints: cons,
    key: 0,
  });
  return outs;
}
