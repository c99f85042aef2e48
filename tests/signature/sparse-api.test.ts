/**
 * Issue #19 for cohort/sparse and cohort/sparse/linalg: SciPy's calling conventions and the
 * validation branches the sparse binder and the bound functions added, by message.
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, ValueError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { cg, eigsh, gmres, LinearOperator, minres, norm } from '../../sparse/linalg/index.js';

const A = () => sp.diags([-1, 2, -1], [-1, 0, 1], { shape: [4, 4] });

describe('sparse constructors and functions', () => {
  it("diags takes scalar and typed-array diagonals (SciPy's own example)", () => {
    expect(A().toarray().tolist()).toEqual([
      [2, -1, 0, 0],
      [-1, 2, -1, 0],
      [0, -1, 2, -1],
      [0, 0, -1, 2],
    ]);
    expect(
      sp
        .diags([new Float64Array([1, 2])], [0])
        .toarray()
        .tolist(),
    ).toEqual([
      [1, 0],
      [0, 2],
    ]);
    expect(
      sp
        .diags(new Float64Array([1, 2]))
        .toarray()
        .tolist(),
    ).toEqual([
      [1, 0],
      [0, 2],
    ]);
  });
  it('eye, triu, tril take k positionally or by key; format and dtype too', () => {
    expect(sp.eye(3, { k: 1 }).toarray().tolist()).toEqual(sp.eye(3, 3, 1).toarray().tolist());
    const S = sp.csr_array([
      [1, 2],
      [3, 4],
    ]);
    expect(sp.triu(S, { k: 1 }).toarray().tolist()).toEqual([
      [0, 2],
      [0, 0],
    ]);
    expect(sp.tril(S, 0, 'csr').format).toBe('csr');
    expect(sp.identity(2, 'float32').dtype).toBe('float32');
    expect(sp.csr_array([[1]], { dtype: 'float32' }).dtype).toBe('float32');
  });
  it('rejects unknown keys and wrong formats', () => {
    expect(() => sp.eye(2, { kk: 1 } as never)).toThrow(ArgumentTypeError);
    expect(() => sp.eye(2, { kk: 1 } as never)).toThrow(
      /^eye: unknown option 'kk' \(accepted keys: m, n, k, dtype, format\)$/,
    );
    expect(() => sp.csr_array([[1]], { shap: [1, 1] } as never)).toThrow(/^csr_array: unknown option 'shap'/);
    expect(() => sp.eye(2, { format: 3 } as never)).toThrow(
      /^eye: argument 'format' expected one of csr, csc, coo, dia, bsr, lil, dok, received 3$/,
    );
    expect(() => sp.diags([1], 0, 'x' as never)).toThrow(
      /^diags: argument 'shape' expected a shape \[rows, cols\], received "x"$/,
    );
  });
  it('reads a list of equal rows as dense, as SciPy does (no tuple form in JS)', () => {
    const S = sp.csr_array([
      [1, 2, 3, 4],
      [0, 5, 1, 2],
      [0, 1, 3, 3],
    ]);
    expect(S.shape).toEqual([3, 4]);
    expect(S.nnz).toBe(10);
  });
});

describe('sparse methods', () => {
  const S = () =>
    sp.csr_array([
      [1, 0],
      [2, 3],
    ]);
  it('take k, axis, dtype by position or key', () => {
    expect(S().diagonal({ k: -1 }).tolist()).toEqual([2]);
    expect(S().sum(0).tolist()).toEqual([3, 3]);
    expect(S().sum({ axis: 1, dtype: 'float32' }).dtype).toBe('float32');
    expect(S().count_nonzero(0).toString()).toBe('[2 1]');
    expect(S().count_nonzero({ axis: 1 }).toString()).toBe('[1 2]');
    expect(S().count_nonzero()).toBe(3);
    const B = S();
    B.setdiag(7, { k: 0 });
    expect(B.diagonal().tolist()).toEqual([7, 7]);
    expect(S().astype('float32', { copy: false }).dtype).toBe('float32');
    expect(S().tocsc({ copy: true }).format).toBe('csc');
  });
  it('refuse what SciPy refuses', () => {
    expect(() => S().matmul(3 as never)).toThrow(ValueError);
    expect(() => S().matmul(3 as never)).toThrow(
      /^matmul: Scalar operands are not allowed, use '\*' instead$/,
    );
    expect(() => sp.matmul(S(), 2 as never)).toThrow(
      /^matmul: Scalar operands are not allowed, use '\*' instead$/,
    );
    expect(S().dot(2).toarray().tolist()).toEqual([
      [2, 0],
      [4, 6],
    ]);
    expect(() => S().count_nonzero(2)).toThrow(
      /^count_nonzero: argument 'axis' expected null, 0, 1, -1 or -2, received 2$/,
    );
    expect(() => S().astype('int32', { casting: 'safe' } as never)).toThrow(
      /^astype: argument 'casting' expected 'unsafe' \(the only casting cohort implements\), received "safe"$/,
    );
    expect(() => S().diagonal(0.5)).toThrow(/^diagonal: argument 'k' expected an integer, received 0.5$/);
    expect(() => S().sum({ out: 1 } as never)).toThrow(
      /^sum: argument 'out' expected an ndarray, received 1$/,
    );
    const out = np.zeros([2]);
    expect(S().sum(0, null, out)).toBe(out);
    expect(out.tolist()).toEqual([3, 3]);
  });
  it('broadcast a dense operand of another shape in add/subtract (a dense result)', () => {
    expect(S().add(np.ones(2)).tolist()).toEqual([
      [2, 1],
      [3, 4],
    ]);
    expect(S().subtract([1, 1]).tolist()).toEqual([
      [0, -1],
      [1, 2],
    ]);
  });
});

describe('sparse.linalg', () => {
  it('cg rejects tol (SciPy 1.14 renamed it rtol) and other unknown keys', () => {
    expect(() => cg(A(), np.ones([4]), { tol: 1e-12 } as never)).toThrow(ArgumentTypeError);
    expect(() => cg(A(), np.ones([4]), { tol: 1e-12 } as never)).toThrow(
      /^cg: unknown option 'tol' \(accepted keys: A, b, x0, rtol, atol, maxiter, M, callback, check_every\)$/,
    );
    expect(() => gmres(A(), np.ones([4]), { tol: 1 } as never)).toThrow(/^gmres: unknown option 'tol'/);
    expect(() => minres(A(), np.ones([4]), { atol: 1 } as never)).toThrow(/^minres: unknown option 'atol'/);
  });
  it("x0 may be positional or 'Mb' (M·b, or b without M)", () => {
    const b = np.array([1, 2, 3, 4]);
    const [x1, i1] = cg(A(), b, { x0: 'Mb', rtol: 1e-10 });
    const [x2, i2] = cg(A(), b, 'Mb', { M: sp.eye(4), rtol: 1e-10 });
    const [x3] = cg(A(), b, np.zeros(4), { rtol: 1e-10 });
    expect([i1, i2]).toEqual([0, 0]);
    expect(np.allclose(x1, x2)).toBe(true);
    expect(np.allclose(x1, x3)).toBe(true);
    expect(() => cg(A(), b, np.zeros(4), { x0: np.zeros(4) })).toThrow(/^cg: argument 'x0' given twice/);
  });
  it('eigsh takes k positionally', () => {
    const [w] = eigsh(sp.diags([[1, 2, 3, 4, 5]], [0]), 2);
    expect(np.allclose(w, [4, 5])).toBe(true);
    expect(() => eigsh(sp.eye(3), { M: sp.eye(3) } as never)).toThrow(/^eigsh: unknown option 'M'/);
  });
  it('norm honors axis', () => {
    const S = sp.csr_array([
      [3, 4],
      [0, 1],
    ]);
    expect(norm(S, null, 1).tolist()).toEqual([5, 1]);
    expect(norm(S, 1, { axis: 0 }).tolist()).toEqual([3, 5]);
    expect(norm(S, Infinity, 0).tolist()).toEqual([3, 4]);
    expect(() => norm(S, null, 3)).toThrow(
      /^norm: argument 'axis' expected null, 0, 1, -1 or -2, received 3$/,
    );
    expect(() => norm(S, 'fro', 0)).toThrow(
      /^norm: argument 'ord' expected a number for vector norms along an axis/,
    );
  });
  it('a LinearOperator may return plain or typed arrays; its matvec takes array_likes', () => {
    const L = new LinearOperator({
      shape: [2, 2],
      matvec: (x) => Float64Array.from(x.toArray() as ArrayLike<number>, (v) => 2 * v) as never,
    });
    expect(L.matvec(np.ones([2])).tolist()).toEqual([2, 2]);
    expect(L.matvec([1, 2] as never).tolist()).toEqual([2, 4]);
    expect(L.dtype).toBe('float64');
    const bad = new LinearOperator({ shape: [2, 2], matvec: () => 'x' as never, dtype: 'float64' });
    expect(() => bad.matvec(np.ones([2]))).toThrow(
      /^matvec: argument 'result' expected an ndarray or an array_like from the user function, received "x"$/,
    );
    expect(() => L.matvec('x' as never)).toThrow(
      /^matvec: argument 'x' expected an ndarray \(or an array_like\), received "x"$/,
    );
  });
});

describe('sparse methods bound to their SciPy signatures (transpose, copy, check_format, ...)', () => {
  const S = () =>
    sp.csr_array([
      [1, 2],
      [0, 3],
    ]);
  const T = [
    [1, 0],
    [2, 3],
  ];
  it('transpose(axes=None, copy=False) by position or key', () => {
    expect(S().transpose().toarray().tolist()).toEqual(T);
    expect(S().transpose(null, true).toarray().tolist()).toEqual(T);
    expect(S().transpose([1, 0]).toarray().tolist()).toEqual(T);
    expect(S().transpose({ axes: [1, 0], copy: true }).format).toBe('csc');
    // copy=False shares the storage (CSR ↔ CSC); copy=True does not.
    const A = S();
    (A.transpose() as sp.CscArray).data.set('0', 9);
    expect(A.toarray().tolist()).toEqual([
      [9, 2],
      [0, 3],
    ]);
    const B = S();
    (B.transpose({ copy: true }) as sp.CscArray).data.set('0', 9);
    expect(B.toarray().tolist()).toEqual([
      [1, 2],
      [0, 3],
    ]);
    expect(() => S().transpose([0, 1])).toThrow(ValueError);
    expect(() => S().transpose([0, 1])).toThrow(
      /^transpose: argument 'axes' expected None or \[1, 0\] \(sparse arrays support no other permutation/,
    );
    expect(() => S().transpose({ axis: [1, 0] } as never)).toThrow(
      /^transpose: unknown option 'axis' \(accepted keys: axes, copy\)$/,
    );
    expect(() => S().transpose(null, 1 as never)).toThrow(
      /^transpose: argument 'copy' expected true or false, received 1$/,
    );
  });
  it('copy(), neg(), abs(), sum_duplicates(), eliminate_zeros() take no arguments', () => {
    const A = S();
    const C = A.copy();
    (C as sp.CsrArray).data.set('0', 5);
    expect([A.toarray().tolist(), C.toarray().tolist()]).toEqual([
      [
        [1, 2],
        [0, 3],
      ],
      [
        [5, 2],
        [0, 3],
      ],
    ]);
    expect(S().neg().toarray().tolist()).toEqual([
      [-1, -2],
      [0, -3],
    ]);
    expect(S().neg().abs().toarray().tolist()).toEqual([
      [1, 2],
      [0, 3],
    ]);
    const call =
      (f: unknown, ...a: unknown[]) =>
      () =>
        (f as (...x: unknown[]) => unknown).apply(S(), a);
    expect(call(S().copy, { deep: true })).toThrow(
      /^copy: unknown option 'deep' \(accepted keys: \(none\)\)$/,
    );
    expect(call(S().copy, true)).toThrow(/^copy: takes at most 0 positional arguments \(\), received 1/);
    expect(call(S().neg, 1)).toThrow(/^neg: takes at most 0 positional arguments/);
    expect(call(S().abs, { out: 1 })).toThrow(/^abs: unknown option 'out'/);
    expect(call(S().sum_duplicates, { x: 1 })).toThrow(/^sum_duplicates: unknown option 'x'/);
    expect(call(S().eliminate_zeros, 0)).toThrow(/^eliminate_zeros: takes at most 0 positional arguments/);
  });
  it('check_format(full_check=True) by position or key', () => {
    expect(S().check_format()).toBeUndefined();
    expect(S().check_format(false)).toBeUndefined();
    expect(S().check_format({ full_check: true })).toBeUndefined();
    expect(() => S().check_format({ full: true } as never)).toThrow(
      /^check_format: unknown option 'full' \(accepted keys: full_check\)$/,
    );
    expect(() => S().check_format('yes' as never)).toThrow(
      /^check_format: argument 'full_check' expected true or false, received "yes"$/,
    );
  });
  it('get(index, /) takes no options', () => {
    expect(S().get('1:2').toarray().tolist()).toEqual([[0, 3]]);
    expect(() => (S().get as (...a: unknown[]) => unknown).call(S(), '0:1', { copy: true })).toThrow(
      /^get: unknown option 'copy' \(accepted keys: \(none\)\)$/,
    );
    expect(() => (S().get as (...a: unknown[]) => unknown).call(S())).toThrow(
      /^get: missing required argument 'index'$/,
    );
  });
});
