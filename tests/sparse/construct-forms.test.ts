/**
 * `[a, b, c]` of three plain arrays of one length n is both a dense 3×n matrix and SciPy's
 * `(data, indices, indptr)` when the last two are a valid compressed structure. cohort never
 * guesses: typed index arrays or a shape that fits one reading decide; otherwise a ValueError.
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ValueError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';

const rows = [
  [1, 2, 3],
  [0, 1, 2],
  [0, 2, 3],
];

describe('sparse constructors: the [data, indices, indptr] vs dense ambiguity', () => {
  it('raises a ValueError naming both readings when nothing decides', () => {
    for (const make of [sp.csr_array, sp.csc_array]) {
      expect(() => make(rows)).toThrow(ValueError);
      expect(() => make(rows)).toThrow(
        /^(csr|csc)_array: argument 'arg1' is ambiguous: three plain arrays of length 3 read both as a dense 3×3 matrix and as \[data, indices, indptr\]/,
      );
    }
  });

  it('a shape that fits one reading decides', () => {
    expect(
      sp
        .csr_array(rows, { shape: [2, 3] })
        .toarray()
        .tolist(),
    ).toEqual([
      [1, 2, 0],
      [0, 0, 3],
    ]);
    expect(
      sp
        .csc_array(rows, { shape: [3, 2] })
        .toarray()
        .tolist(),
    ).toEqual([
      [1, 0],
      [2, 0],
      [0, 3],
    ]);
    expect(
      sp
        .csr_array(rows, { shape: [3, 3] })
        .toarray()
        .tolist(),
    ).toEqual(rows);
  });

  it('typed index arrays mean the compressed form; np.array means dense', () => {
    const A = sp.csr_array([[1, 2, 3], new Int32Array([0, 1, 2]), new Int32Array([0, 2, 3])]);
    expect(A.toarray().tolist()).toEqual([
      [1, 2, 0],
      [0, 0, 3],
    ]);
    expect(sp.csr_array(np.array(rows)).toarray().tolist()).toEqual(rows);
  });

  it('dense matrices whose rows cannot be a compressed structure stay dense', () => {
    const eye3 = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    expect(sp.csr_array(eye3).toarray().tolist()).toEqual(eye3);
    const neg = [
      [1, 2, 3],
      [0, -1, 2],
      [0, 2, 3],
    ];
    expect(sp.csr_array(neg).toarray().tolist()).toEqual(neg);
  });
});
