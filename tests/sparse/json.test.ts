/** `JSON.stringify` of sparse arrays (SciPy's constructor fields) and `sparse.fromJSON`. */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ValueError } from '../../runtime/index.js';
import * as sparse from '../../sparse/index.js';

const dense = [
  [1, 0, Number.NaN],
  [0, 0, 2.5],
  [Infinity, 4, 0],
];

describe('sparse JSON', () => {
  it.each(['csr', 'csc', 'coo', 'dia'] as const)('%s round-trips through JSON text', (fmt) => {
    const A = sparse.csr_array(dense).asformat(fmt);
    const json = JSON.parse(JSON.stringify(A));
    expect(json.type).toBe(`${fmt}_array`);
    expect(json.shape).toEqual([3, 3]);
    expect(json.dtype).toBe('float64');
    const B = sparse.fromJSON(json);
    expect(B.format).toBe(fmt);
    expect(B.nnz).toBe(A.nnz);
    expect(Array.from(B.toarray().toArray())).toEqual(Array.from(A.toarray().toArray()));
  });

  it('writes SciPy’s fields, bounded by nnz', () => {
    const A = sparse.csr_array([
      [0, 5],
      [7, 0],
    ]);
    expect(A.toJSON()).toEqual({
      type: 'csr_array',
      shape: [2, 2],
      dtype: 'int32',
      data: [5, 7],
      indices: [1, 0],
      indptr: [0, 1, 2],
    });
    expect(sparse.csr_array(A).tocoo().toJSON()).toMatchObject({
      coords: [
        [0, 1],
        [1, 0],
      ],
    });
    expect(sparse.eye(2, 2, { format: 'dia' }).toJSON()).toMatchObject({ offsets: [0], data: [[1, 1]] });
    expect(JSON.stringify(sparse.eye(100_000, 100_000, { format: 'csr' })).length).toBeLessThan(2_000_000);
  });

  it('is a reviver for sparse and dense arrays together', () => {
    const text = JSON.stringify({ A: sparse.eye(2).tocsc(), x: np.arange(2), k: 'csr_array' });
    const back = JSON.parse(text, sparse.fromJSON);
    expect(back.A.format).toBe('csc');
    expect(back.x).toBeInstanceOf(np.ndarray);
    expect(back.k).toBe('csr_array');
  });

  it('rejects malformed forms, naming the field', () => {
    expect(() =>
      sparse.fromJSON({ type: 'csr_array', shape: [1, 1], dtype: 'int32', data: [1] } as never),
    ).toThrow("fromJSON: argument 'indices' expected a list (csr_array), received undefined");
    expect(() =>
      sparse.fromJSON({
        type: 'coo_array',
        shape: [1, 1],
        dtype: 'cplx',
        data: [],
        coords: [[], []],
      } as never),
    ).toThrow(ValueError);
    expect(() => sparse.fromJSON({ type: 'nope' })).toThrow(
      "fromJSON: argument 'json' expected an object with type 'ndarray'",
    );
  });
});
