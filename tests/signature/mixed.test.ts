/**
 * Issue #19: the module functions np.add, np.subtract, np.multiply, np.divide, np.matmul and
 * np.dot take a sparse operand on either side, as the ndarray and sparse methods do (handed over
 * through dense's REFLECT protocol: dense imports no sparse module). Results are SciPy's: sums and
 * products with a dense operand are dense, the element-wise product is sparse.
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';

const S = () =>
  sp.csr_array([
    [1, 0],
    [2, 3],
  ]);
const D = () =>
  np.array([
    [1, 2],
    [3, 4],
  ]);
const s = [
  [1, 0],
  [2, 3],
];
const d = [
  [1, 2],
  [3, 4],
];
const dense = (x: number[][], f: (a: number, b: number) => number, y: number[][]) =>
  x.map((r, i) => r.map((v, j) => f(v, y[i]![j]!)));
const mm = (x: number[][], y: number[][]) =>
  x.map((r) => y[0]!.map((_, j) => r.reduce((t, v, k) => t + v * y[k]![j]!, 0)));

describe('np.* module functions with a sparse operand', () => {
  it('add and subtract: dense results in both orders, as the methods', () => {
    const add = np.add(D(), S());
    expect(add).toBeInstanceOf(np.ndarray);
    expect(add.tolist()).toEqual(dense(d, (a, b) => a + b, s));
    expect(np.add(S(), D()).tolist()).toEqual(dense(s, (a, b) => a + b, d));
    expect(np.subtract(D(), S()).tolist()).toEqual(dense(d, (a, b) => a - b, s));
    expect(np.subtract(S(), D()).tolist()).toEqual(dense(s, (a, b) => a - b, d));
    expect(np.subtract(d, S()).tolist()).toEqual(D().subtract(S()).tolist()); // array_like first operand
    expect(np.add(S(), S()) as sp.sparray).toBeInstanceOf(sp.sparray);
  });
  it('multiply: sparse results in both orders', () => {
    const p = np.multiply(D(), S());
    expect(p).toBeInstanceOf(sp.sparray);
    expect(p.toarray().tolist()).toEqual(dense(d, (a, b) => a * b, s));
    expect(np.multiply(S(), D()).toarray().tolist()).toEqual(dense(s, (a, b) => a * b, d));
    expect(np.multiply(S(), 2).toarray().tolist()).toEqual(S().multiply(2).toarray().tolist());
  });
  it('divide: sparse / dense is dense; dense / sparse raises, as in SciPy', () => {
    expect(np.divide(S(), D()).tolist()).toEqual(dense(s, (a, b) => a / b, d));
    expect(() => np.divide(D(), S())).toThrow(ArgumentTypeError);
  });
  it('matmul and dot: dense results in both orders', () => {
    expect(np.matmul(D(), S()).tolist()).toEqual(mm(d, s));
    expect(np.matmul(S(), D()).tolist()).toEqual(mm(s, d));
    expect(np.dot(D(), S()).tolist()).toEqual(mm(d, s));
    expect(np.dot(S(), D()).tolist()).toEqual(mm(s, d));
    expect(np.dot(S(), [1, 1]).tolist()).toEqual([1, 5]);
    expect(np.matmul([1, 1], S()).tolist()).toEqual([3, 3]);
    expect((np.matmul(S(), S()) as sp.sparray).toarray().tolist()).toEqual(mm(s, s));
  });
  it('out receives a dense result; dtype and out for a sparse result are rejected', () => {
    const out = np.zeros([2, 2]);
    expect(np.add(D(), S(), out)).toBe(out);
    expect(out.tolist()).toEqual(dense(d, (a, b) => a + b, s));
    const out2 = np.zeros([2, 2]);
    expect(np.matmul(S(), D(), { out: out2 })).toBe(out2);
    expect(out2.tolist()).toEqual(mm(s, d));
    expect(() => np.add(D(), S(), { dtype: 'float32' })).toThrow(ArgumentTypeError);
    expect(() => np.add(D(), S(), { dtype: 'float32' })).toThrow(
      /^add: argument 'dtype' expected None when an operand is sparse \(compute in a dtype: cast the operands first\), received "float32"$/,
    );
    expect(() => (np.multiply as (...a: unknown[]) => unknown)(D(), S(), np.zeros([2, 2]))).toThrow(
      /^multiply: argument 'out' expected None when the result is sparse, received /,
    );
  });
  it('other objects are still refused as array_like; unknown keys raise', () => {
    expect(() => np.add(D(), { x: 1 } as never)).toThrow(ArgumentTypeError);
    expect(() => np.matmul(D(), 'x' as never)).toThrow(/^matmul: argument 'b' expected an array_like/);
    expect(() => np.add(D(), S(), { where: true } as never)).toThrow(
      /^add: unknown option 'where' \(accepted keys: out, dtype\)$/,
    );
  });
});
