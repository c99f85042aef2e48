import fc from 'fast-check';
import { createRegion, Store } from '../../runtime/index.js';

/** A random CSR structure: empty rows, unsorted and duplicate column indices. */
export interface Csr {
  rows: number;
  cols: number;
  indptr: number[];
  indices: number[];
}

export const csrArb: fc.Arbitrary<Csr> = fc
  .record({
    cols: fc.integer({ min: 1, max: 40 }),
    rowLens: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 30 }),
    seed: fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
  })
  .map(({ cols, rowLens, seed }) => {
    const indptr = [0];
    const indices: number[] = [];
    let k = 0;
    for (const len of rowLens) {
      for (let j = 0; j < len; j++) indices.push(seed[k++ % seed.length]! % cols);
      indptr.push(indices.length);
    }
    return { rows: rowLens.length, cols, indptr, indices };
  });

/** Stores of a CSR structure: `indptr` as a view of its first `rows` elements (region rows+1). */
export function csrStores(a: Csr): { indptr: Store; indices: Store; x: Store; y: Store } {
  const ip = createRegion('int32', a.rows + 1);
  ip.data.set(a.indptr);
  const ix = createRegion('int32', a.indices.length);
  ix.data.set(a.indices);
  return {
    indptr: new Store(ip, [a.rows], [1], 0),
    indices: Store.whole(ix),
    x: Store.whole(createRegion('float64', a.cols)),
    y: Store.whole(createRegion('float64', a.rows)),
  };
}
