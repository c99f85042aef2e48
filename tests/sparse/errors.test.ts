/** Every validation branch raises its typed error, naming the function and the argument. */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import {
  ArgumentTypeError,
  DTypeError,
  FormatError,
  IndexError,
  ShapeError,
  ValueError,
} from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';

const I32 = (a: number[]) => Int32Array.from(a);
const F64 = (a: number[]) => Float64Array.from(a);

describe('constructor validation (cheap checks)', () => {
  it('compressed tuples: lengths, indptr start/end/length, integer indices', () => {
    expect(() => sp.csr_array([F64([1, 2, 3]), I32([0, 1]), I32([0, 3])])).toThrow(FormatError);
    expect(() => sp.csr_array([F64([1, 2, 3]), I32([0, 1]), I32([0, 3])])).toThrow(
      'csr_array: argument \'indices\' expected length 3 (as data), received "length 2"',
    );
    expect(() => sp.csr_array([F64([]), I32([]), I32([])])).toThrow(
      /argument 'indptr' expected at least one element/,
    );
    expect(() => sp.csr_array([F64([1]), I32([0]), I32([1, 1])], { shape: [1, 2] })).toThrow(
      'csr_array: argument \'indptr\' expected indptr[0] == 0, received "indptr[0] == 1"',
    );
    expect(() => sp.csr_array([F64([1]), I32([0]), I32([0, 2])], { shape: [1, 2] })).toThrow(
      /argument 'indptr' expected indptr\[-1\] <= len\(indices\) == 1/,
    );
    expect(() => sp.csr_array([F64([1]), I32([0]), I32([0, 1])], { shape: [2, 2] })).toThrow(
      'csr_array: argument \'indptr\' expected length 3, received "length 2"',
    );
    expect(() => sp.csc_array([F64([1]), I32([0]), I32([0, 1])], { shape: [2, 2] })).toThrow(
      'csc_array: argument \'indptr\' expected length 3, received "length 2"',
    );
    expect(() =>
      sp.csr_array([
        [1, 2],
        [0.5, 0],
        [0, 2],
      ] as never),
    ).not.toThrow();
    expect(() => sp.csr_array([F64([1]), F64([0.5]), I32([0, 1])])).toThrow(
      'csr_array: argument \'indices\' expected int32 integers, received "0.5 at position 0"',
    );
  });

  it('COO tuples: lengths and index ranges', () => {
    expect(() =>
      sp.coo_array([
        [1, 2],
        [[0], [0, 1]],
      ]),
    ).toThrow(ValueError);
    expect(() =>
      sp.coo_array([
        [1, 2],
        [[0], [0, 1]],
      ]),
    ).toThrow('coo_array: argument \'row\' expected length 2 (as data), received "length 1"');
    expect(() =>
      sp.coo_array([
        [1, 2],
        [[0, 1], [0]],
      ]),
    ).toThrow('coo_array: argument \'col\' expected length 2 (as data), received "length 1"');
    expect(() => sp.coo_array([[1], [[-1], [0]]])).toThrow(IndexError);
    expect(() => sp.coo_array([[1], [[-1], [0]]])).toThrow(
      'coo_array: argument \'row\' expected non-negative indices, received "index -1"',
    );
    expect(() => sp.coo_array([[1], [[0], [-2]]])).toThrow(/argument 'col' expected non-negative indices/);
    expect(() => sp.coo_array([[1], [[2], [0]]], { shape: [2, 2] })).toThrow(
      'coo_array: argument \'row\' expected indices < 2, received "index 2"',
    );
    expect(() => sp.coo_array([[1], [[0], [5]]], { shape: [2, 2] })).toThrow(
      'coo_array: argument \'col\' expected indices < 2, received "index 5"',
    );
    expect(() => sp.csr_array([[1], [[0], [5]]], { shape: [2, 2] })).toThrow(IndexError);
  });

  it('shapes, dtypes and argument kinds', () => {
    expect(() => sp.csr_array([[1]], { shape: [-1, 2] })).toThrow(ValueError);
    expect(() => sp.csr_array([[1, 2]], { shape: [2, 1] })).toThrow(
      "csr_array: argument 'shape' expected the input's shape [1,2], received \"[2,1]\"",
    );
    expect(() => sp.coo_array([[1], [[0], [0]]], { shape: [1] })).toThrow(
      "coo_array: argument 'shape' expected two non-negative integers [m, n], received [1]",
    );
    expect(() => sp.csr_array([[1]], { dtype: 'complex' as never })).toThrow(DTypeError);
    expect(() => sp.csr_array('abc' as never)).toThrow(ArgumentTypeError);
    expect(() => sp.csr_array(42 as never)).toThrow(
      /csr_array: argument 'arg1' expected a dense array, a sparse array/,
    );
    expect(() => sp.csr_array(np.ones([3]))).toThrow(ShapeError);
    expect(() => sp.csr_array(np.ones([3]))).toThrow(
      'csr_array: argument \'arg1\' expected a 2-D array, received "shape [3]"',
    );
    expect(() => sp.csr_array([[[1]]] as never)).toThrow(ShapeError);
  });

  it('DIA tuples: shape required, one offset per row of data, distinct offsets', () => {
    expect(() => sp.dia_array([[[1, 2]], [0]])).toThrow(
      "dia_array: argument 'shape' expected a shape [m, n] with [data, offsets], received undefined",
    );
    expect(() => sp.dia_array([[[1, 2]], [0, 1]], { shape: [2, 2] })).toThrow(
      'dia_array: argument \'offsets\' expected 1 offsets (one per row of data), received "2 offsets"',
    );
    expect(() =>
      sp.dia_array(
        [
          [
            [1, 2],
            [3, 4],
          ],
          [1, 1],
        ],
        { shape: [2, 2] },
      ),
    ).toThrow(/argument 'offsets' expected distinct offsets/);
    expect(() => sp.dia_array([F64([1]), I32([0]), I32([0, 1])])).toThrow(FormatError);
  });
});

describe('check_format(full): the O(nnz) scan', () => {
  it('finds negative and out-of-range indices and a decreasing indptr', () => {
    const neg = sp.csr_array([F64([1, 2]), I32([0, -1]), I32([0, 1, 2])], { shape: [2, 2] });
    expect(() => neg.check_format(false)).not.toThrow();
    expect(() => neg.check_format({ full_check: false })).not.toThrow();
    expect(() => neg.check_format()).toThrow(IndexError); // full_check=True by default, as SciPy
    expect(() => neg.check_format(true)).toThrow(IndexError);
    expect(() => neg.check_format(true)).toThrow(
      'check_format: argument \'indices\' expected non-negative indices, received "-1 at position 1"',
    );
    const big = sp.csr_array([F64([1, 2]), I32([0, 7]), I32([0, 1, 2])], { shape: [2, 2] });
    expect(() => big.check_format(true)).toThrow(
      'check_format: argument \'indices\' expected indices < 2, received "7 at position 1"',
    );
    const dec = sp.csr_array([F64([1, 2, 3]), I32([0, 1, 1]), I32([0, 2, 1, 3])], { shape: [3, 2] });
    expect(() => dec.check_format(false)).not.toThrow();
    expect(() => dec.check_format(true)).toThrow(FormatError);
    expect(() => dec.check_format(true)).toThrow(/argument 'indptr' expected a non-decreasing sequence/);
    const cscBad = sp.csc_array([F64([1]), I32([9]), I32([0, 1, 1])], { shape: [2, 2] });
    expect(() => cscBad.check_format(true)).toThrow(IndexError);
    expect(() => sp.eye(3).tocsr().check_format(true)).not.toThrow();
    expect(() => sp.eye(3).tocoo().check_format(true)).not.toThrow();
    expect(() => sp.eye(3).check_format(true)).not.toThrow();
  });
});

describe('operation validation (shape mismatches everywhere)', () => {
  const A = sp.csr_array([
    [1, 0, 2],
    [0, 3, 0],
  ]);
  it('products', () => {
    expect(() => A.dot(np.ones([2]))).toThrow(ShapeError);
    expect(() => A.dot(np.ones([2]))).toThrow(
      'dot: argument \'other\' expected a vector of length 3 or a matrix with 3 rows, received "shape [2]"',
    );
    expect(() => A.matmul(np.ones([2, 2]))).toThrow(/matmul: argument 'other'/);
    expect(() => A.dot(A)).toThrow(
      'dot: argument \'other\' expected 3 rows (A is [2,3]), received "shape [2,3]"',
    );
    expect(() => A.rmatmul(np.ones([3]))).toThrow(
      'rmatmul: argument \'other\' expected last dimension 2, received "shape [3]"',
    );
    expect(() => sp.matmul(np.ones([3]), A)).toThrow(ShapeError);
    expect(() => A.dot('x' as never)).toThrow(ArgumentTypeError);
  });
  it('element-wise', () => {
    expect(() => A.add(A.T)).toThrow('add: argument \'other\' expected shape [2,3], received "shape [3,2]"');
    expect(() => A.subtract(np.ones([3, 2]))).toThrow(
      /subtract: argument 'b' with shape \[3,2\] cannot broadcast to \[2,3\]/,
    );
    expect(() => A.multiply(A.T)).toThrow(ShapeError);
    expect(() => A.multiply(np.ones([4]))).toThrow(
      'multiply: argument \'other\' expected a shape broadcastable to [2, 3], received "shape [4]"',
    );
    expect(() => A.divide(A.T)).toThrow(ShapeError);
    expect(() => A.add(1)).toThrow(
      "add: argument 'other' expected a sparse or dense array, or 0 (a nonzero scalar would densify), received 1",
    );
    expect(() => A.power(0)).toThrow(
      "power: argument 'n' expected a nonzero exponent (0 would densify), received 0",
    );
  });
  it('reductions, diagonals, slicing, formats', () => {
    expect(() => A.sum(2)).toThrow("sum: argument 'axis' expected null, 0, 1, -1 or -2, received 2");
    expect(() => A.mean(-3)).toThrow(ValueError);
    expect(() => A.diagonal(0.5)).toThrow("diagonal: argument 'k' expected an integer, received 0.5");
    expect(() => A.get('0:2:0')).toThrow(
      "get: argument 'index' expected a slice step other than 0, received 0",
    );
    expect(() => A.get('0:1, 1, 2')).toThrow(
      'get: argument \'index\' expected at most two index parts (rows, columns), received "0:1, 1, 2"',
    );
    expect(() => A.get(5)).toThrow(
      "get: argument 'index' expected an index in [-2, 2) on axis 0, received 5",
    );
    expect(() => A.asformat('xyz' as never)).toThrow(
      'asformat: argument \'format\' expected one of csr, csc, coo, dia, bsr, lil, dok, received "xyz"',
    );
    expect(() => A.astype('x' as never)).toThrow(DTypeError);
    expect(() => A.copy().setdiag(1, 5)).toThrow(
      "setdiag: argument 'k' expected an offset inside the shape [2, 3], received 5",
    );
  });
  it('module functions', () => {
    expect(() => sp.eye(-1)).toThrow("eye: argument 'm' expected an integer ≥ 0, received -1");
    expect(() => sp.eye(2, 2, { k: 0.5 })).toThrow(/eye: argument 'k'/);
    expect(() => sp.diags([[1, 2]], [0, 1])).toThrow(
      'diags: argument \'offsets\' expected 1 offsets (one per diagonal), received "2"',
    );
    expect(() => sp.diags([[1, 2]], [5], { shape: [2, 2] })).toThrow(
      /diags: argument 'offsets' expected offsets within the shape/,
    );
    expect(() =>
      sp.diags(
        [
          [1, 2, 3],
          [1, 2],
        ],
        [0, 1],
        { shape: [4, 4] },
      ),
    ).toThrow(/diags: argument 'diagonals' expected diagonal 0 of length 4/);
    expect(() => sp.vstack([A, A.T])).toThrow(
      'vstack: argument \'blocks[1]\' expected 3 columns, received "shape [3,2]"',
    );
    expect(() => sp.hstack([A, A.T])).toThrow(
      'hstack: argument \'blocks[1]\' expected 2 rows, received "shape [3,2]"',
    );
    expect(() => sp.vstack([])).toThrow(/vstack: argument 'blocks' expected a non-empty list/);
    expect(() => sp.kron('a' as never, A)).toThrow(
      `kron: argument 'A' expected a sparse or dense array, received "a"`,
    );
    expect(() => sp.random(2, 2, { density: 2 })).toThrow(
      "random: argument 'density' expected a number in [0, 1], received 2",
    );
    expect(() => sp.random(-2, 2)).toThrow(/random: argument 'm'/);
    expect(() => sp.tril(A, 0.5)).toThrow("tril: argument 'k' expected an integer, received 0.5");
    expect(() => sp.spdiags([[1, 2]], [0])).toThrow(/spdiags: argument 'm'/);
  });
});
