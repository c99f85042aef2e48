#!/usr/bin/env python3
"""Conformance fixtures (issue #19): NumPy's and SciPy's docstring examples and test-file cases,
evaluated by NumPy/SciPy themselves. Writes tests/fixtures/conformance/expected.json: per case id,
its source, the Python expression and the result (or the exception NumPy/SciPy raise).

tests/conformance/cases.ts holds the same calls translated as a porting user would write them.
"""
import json
import math
import pathlib
import warnings

import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as spla

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "conformance" / "expected.json"

# (id, source, expression)
CASES = [
    # ---- numpy docstrings -------------------------------------------------------------------
    ("clip-1", "numpy.clip docstring", "np.clip(np.arange(10), 1, 8)"),
    ("clip-2", "numpy.clip docstring", "np.clip(np.arange(10), 8, 1)"),
    ("clip-3", "numpy.clip docstring", "np.clip(np.arange(10), [3, 4, 1, 1, 1, 4, 4, 4, 4, 4], 8)"),
    ("clip-uint8", "issue #19 (NumPy 2 NEP 50)", "np.clip(np.array([1, 2, 3], dtype=np.uint8), -1, 300)"),
    ("clip-min-kw", "numpy.clip signature (min/max keywords)", "np.clip(np.arange(5), min=1, max=3)"),
    ("sum-1", "numpy.sum docstring", "np.sum([0.5, 1.5])"),
    ("sum-2", "numpy.sum docstring", "np.sum([[0, 1], [0, 5]])"),
    ("sum-3", "numpy.sum docstring", "np.sum([[0, 1], [0, 5]], axis=0)"),
    ("sum-4", "numpy.sum docstring", "np.sum([[0, 1], [0, 5]], axis=1)"),
    ("sum-5", "numpy.sum docstring", "np.sum([10], initial=5)"),
    ("sum-6", "numpy.sum docstring", "np.sum([0.5, 0.7, 0.2, 1.5], dtype=np.int32)"),
    ("mean-1", "numpy.mean docstring", "np.mean(np.array([[1, 2], [3, 4]]))"),
    ("mean-2", "numpy.mean docstring", "np.mean(np.array([[1, 2], [3, 4]]), axis=0)"),
    ("mean-3", "numpy.mean docstring", "np.mean(np.array([[1, 2], [3, 4]]), axis=1)"),
    ("var-1", "numpy.var docstring", "np.var(np.array([[1, 2], [3, 4]]))"),
    ("var-2", "numpy.var docstring", "np.var(np.array([[1, 2], [3, 4]]), axis=0)"),
    ("std-1", "numpy.std docstring", "np.std(np.array([[1, 2], [3, 4]]), axis=1)"),
    ("prod-1", "numpy.prod docstring", "np.prod([[1., 2.], [3., 4.]], axis=1)"),
    ("amax-1", "numpy.max docstring", "np.max(np.arange(4).reshape((2, 2)), axis=0)"),
    ("amax-2", "numpy.max docstring", "np.max([5], initial=6)"),
    ("argmax-1", "numpy.argmax docstring", "np.argmax(np.arange(6).reshape(2, 3) + 10, axis=1)"),
    ("cumsum-1", "numpy.cumsum docstring", "np.cumsum(np.array([[1, 2, 3], [4, 5, 6]]))"),
    ("cumsum-2", "numpy.cumsum docstring", "np.cumsum(np.array([[1, 2, 3], [4, 5, 6]]), dtype=float)"),
    ("cumsum-3", "numpy.cumsum docstring", "np.cumsum(np.array([[1, 2, 3], [4, 5, 6]]), axis=0)"),
    ("arange-1", "numpy.arange docstring", "np.arange(3)"),
    ("arange-2", "numpy.arange docstring", "np.arange(3.0)"),
    ("arange-3", "numpy.arange docstring", "np.arange(3, 7)"),
    ("arange-4", "numpy.arange docstring", "np.arange(3, 7, 2)"),
    ("arange-dtype", "issue #19", "np.arange(6, dtype='float64')"),
    ("linspace-1", "numpy.linspace docstring", "np.linspace(2.0, 3.0, num=5)"),
    ("linspace-2", "numpy.linspace docstring", "np.linspace(2.0, 3.0, num=5, endpoint=False)"),
    ("linspace-3", "numpy.linspace docstring", "np.linspace(2.0, 3.0, num=5, retstep=True)[1]"),
    ("eye-1", "numpy.eye docstring", "np.eye(2, dtype=int)"),
    ("eye-2", "numpy.eye docstring", "np.eye(3, k=1)"),
    ("identity-1", "numpy.identity docstring", "np.identity(3)"),
    ("diag-1", "numpy.diag docstring", "np.diag(np.arange(9).reshape((3, 3)))"),
    ("diag-2", "numpy.diag docstring", "np.diag(np.arange(9).reshape((3, 3)), k=1)"),
    ("diag-3", "numpy.diag docstring", "np.diag(np.arange(9).reshape((3, 3)), k=-1)"),
    ("diag-4", "numpy.diag docstring", "np.diag(np.diag(np.arange(9).reshape((3, 3))))"),
    ("full-1", "numpy.full docstring", "np.full((2, 2), np.inf)"),
    ("full-2", "numpy.full docstring", "np.full((2, 2), 10)"),
    ("zeros_like-1", "numpy.zeros_like docstring", "np.zeros_like(np.arange(6).reshape((2, 3)))"),
    ("ones-1", "numpy.ones docstring", "np.ones((5,), dtype=int)"),
    ("reshape-1", "numpy.reshape docstring", "np.reshape(np.arange(6), (3, -1))"),
    ("reshape-F", "numpy.reshape docstring", "np.reshape(np.array([[1, 2, 3], [4, 5, 6]]), (3, 2), order='F')"),
    ("ravel-1", "numpy.ravel docstring", "np.ravel(np.array([[1, 2, 3], [4, 5, 6]]))"),
    ("ravel-F", "numpy.ravel docstring", "np.ravel(np.array([[1, 2, 3], [4, 5, 6]]), order='F')"),
    ("transpose-1", "numpy.transpose docstring", "np.transpose(np.ones((1, 2, 3)), (1, 0, 2)).shape"),
    ("swapaxes-1", "numpy.swapaxes docstring", "np.swapaxes(np.array([[1, 2, 3]]), 0, 1)"),
    ("expand_dims-1", "numpy.expand_dims docstring", "np.expand_dims(np.array([1, 2]), axis=(0, 1)).shape"),
    ("squeeze-1", "numpy.squeeze docstring", "np.squeeze(np.array([[[0], [1], [2]]]), axis=0).shape"),
    ("concatenate-1", "numpy.concatenate docstring", "np.concatenate((np.array([[1, 2], [3, 4]]), np.array([[5, 6]])), axis=0)"),
    ("concatenate-2", "numpy.concatenate docstring", "np.concatenate((np.array([[1, 2], [3, 4]]), np.array([[5, 6]]).T), axis=1)"),
    ("concatenate-3", "numpy.concatenate docstring", "np.concatenate((np.array([[1, 2], [3, 4]]), np.array([[5, 6]])), axis=None)"),
    ("stack-1", "numpy.stack docstring", "np.stack((np.array([1, 2, 3]), np.array([4, 5, 6])), axis=-1)"),
    ("hstack-1", "numpy.hstack docstring", "np.hstack((np.array((1, 2, 3)), np.array((4, 5, 6))))"),
    ("vstack-1", "numpy.vstack docstring", "np.vstack((np.array([1, 2, 3]), np.array([4, 5, 6])))"),
    ("sqrt-1", "numpy.sqrt docstring", "np.sqrt([1, 4, 9])"),
    ("power-1", "numpy.power docstring", "np.power([0, 1, 2, 3, 4, 5], 3)"),
    ("power-2", "numpy.power docstring", "np.power([0, 1, 2, 3, 4, 5], [1.0, 2.0, 3.0, 3.0, 2.0, 1.0])"),
    ("power-neg", "numpy.power docstring", "np.power(np.array([2]), -1)"),
    ("maximum-1", "numpy.maximum docstring", "np.maximum([2, 3, 4], [1, 5, 2])"),
    ("add-1", "numpy.add docstring", "np.add(np.arange(9.0).reshape((3, 3)), np.arange(3.0))"),
    ("where-1", "numpy.where docstring", "np.where(np.arange(10) < 5, np.arange(10), 10 * np.arange(10))"),
    ("isclose-1", "numpy.isclose docstring", "np.isclose([1e10, 1e-7], [1.00001e10, 1e-8])"),
    ("isclose-2", "numpy.isclose docstring", "np.isclose([1.0, np.nan], [1.0, np.nan], equal_nan=True)"),
    ("allclose-1", "numpy.allclose docstring", "np.allclose([1e10, 1e-8], [1.00001e10, 1e-9])"),
    ("allclose-2", "numpy.allclose docstring", "np.allclose([1.0, np.nan], [1.0, np.nan], equal_nan=True)"),
    ("array_equal-1", "numpy.array_equal docstring", "np.array_equal([1, 2], [1, 2])"),
    ("array_equal-2", "numpy.array_equal docstring", "np.array_equal([1, 2], [1, 2, 3])"),
    ("array_equal-3", "numpy.array_equal docstring", "np.array_equal(np.array([1, np.nan]), np.array([1, np.nan]), equal_nan=True)"),
    ("dot-1", "numpy.dot docstring", "np.dot(3, 4)"),
    ("dot-2", "numpy.dot docstring", "np.dot([[1, 0], [0, 1]], [[4, 1], [2, 2]])"),
    ("vdot-1", "numpy.vdot docstring", "np.vdot(np.array([[1, 4], [5, 6]]), np.array([[4, 1], [2, 2]]))"),
    ("inner-1", "numpy.inner docstring", "np.inner(np.array([1, 2, 3]), np.array([0, 1, 0]))"),
    ("outer-1", "numpy.outer docstring", "np.outer(np.ones(3), np.linspace(-2, 2, 3))"),
    ("matmul-1", "numpy.matmul docstring", "np.matmul([[1, 0], [0, 1]], [[4, 1], [2, 2]])"),
    ("norm-1", "numpy.linalg.norm docstring", "np.linalg.norm(np.arange(9) - 4)"),
    ("norm-2", "numpy.linalg.norm docstring", "np.linalg.norm((np.arange(9) - 4).reshape((3, 3)), np.inf)"),
    ("norm-3", "numpy.linalg.norm docstring", "np.linalg.norm(np.array([[1, 2, 3], [-1, 1, 4]]), axis=0)"),
    ("norm-4", "numpy.linalg.norm docstring", "np.linalg.norm(np.array([[1, 2, 3], [-1, 1, 4]]), ord=1, axis=1)"),
    ("count_nonzero-1", "numpy.count_nonzero docstring", "np.count_nonzero(np.array([[0, 1, 7, 0], [3, 0, 2, 19]]), axis=0)"),
    ("all-1", "numpy.all docstring", "np.all([[True, False], [True, True]], axis=0)"),
    ("any-1", "numpy.any docstring", "np.any([[True, False], [False, False]], axis=0)"),
    ("astype-1", "numpy.astype docstring", "np.array([1, 2, 2.5]).astype(int)"),
    ("sum-axis-typo", "issue #19 (TypeError for an unknown keyword)", "np.sum(np.ones(2), axsi=0)"),
    # ---- scipy.sparse docstrings and tests --------------------------------------------------
    ("sp-diags-1", "scipy.sparse.diags docstring", "sp.diags([1, -2, 1], [-1, 0, 1], shape=(4, 4)).toarray()"),
    ("sp-diags-2", "scipy.sparse.diags docstring", "sp.diags([[1, 2, 3, 4], [1, 2, 3], [1, 2]], [0, -1, 2]).toarray()"),
    ("sp-diags-3", "scipy.sparse.diags docstring", "sp.diags([1, 2, 3], 1).toarray()"),
    ("sp-eye-1", "scipy.sparse.eye docstring", "sp.eye(3, dtype=np.int8).toarray()"),
    ("sp-eye-k", "scipy.sparse test_construct.py (eye k)", "sp.eye(3, k=1).toarray()"),
    ("sp-identity-1", "scipy.sparse.identity docstring", "sp.identity(3).toarray()"),
    ("sp-kron-1", "scipy.sparse.kron docstring", "sp.kron(sp.csr_array(np.array([[0, 2], [5, 0]])), sp.csr_array(np.array([[1, 2], [3, 4]]))).toarray()"),
    ("sp-hstack-1", "scipy.sparse.hstack docstring", "sp.hstack([sp.coo_array([[1, 2], [3, 4]]), sp.coo_array([[5], [6]])]).toarray()"),
    ("sp-vstack-1", "scipy.sparse.vstack docstring", "sp.vstack([sp.coo_array([[1, 2], [3, 4]]), sp.coo_array([[5, 6]])]).toarray()"),
    ("sp-block_diag-1", "scipy.sparse.block_diag docstring", "sp.block_diag((sp.coo_array([[1, 2], [3, 4]]), sp.coo_array([[5], [6]]), sp.coo_array([[7]]))).toarray()"),
    ("sp-tril-1", "scipy.sparse.tril docstring", "sp.tril(sp.csr_array([[1, 2, 0, 0, 3], [4, 5, 0, 6, 7], [0, 0, 8, 9, 0]])).toarray()"),
    ("sp-tril-2", "scipy.sparse.tril docstring", "sp.tril(sp.csr_array([[1, 2, 0, 0, 3], [4, 5, 0, 6, 7], [0, 0, 8, 9, 0]]), k=1).toarray()"),
    ("sp-triu-1", "scipy.sparse.triu docstring", "sp.triu(sp.csr_array([[1, 2, 0, 0, 3], [4, 5, 0, 6, 7], [0, 0, 8, 9, 0]]), k=-1).toarray()"),
    ("sp-csr-dense", "scipy.sparse.csr_array docstring", "sp.csr_array([[1, 2, 3, 4], [0, 5, 1, 2], [0, 1, 3, 3]]).toarray()"),
    ("sp-csr-triple", "scipy.sparse.csr_array docstring", "sp.csr_array((np.array([1, 2, 3, 4, 5, 6]), np.array([0, 2, 2, 0, 1, 2]), np.array([0, 2, 3, 6])), shape=(3, 3)).toarray()"),
    ("sp-csr-coo", "scipy.sparse.csr_array docstring", "sp.csr_array((np.array([1, 2, 3, 4, 5, 6]), (np.array([0, 0, 1, 2, 2, 2]), np.array([0, 2, 2, 0, 1, 2]))), shape=(3, 3)).toarray()"),
    ("sp-csr-dups", "scipy.sparse.csr_array docstring (duplicates summed)", "sp.csr_array((np.array([1, 1, 1, 1, 1, 1]), (np.array([0, 1, 1, 0, 0, 1]), np.array([0, 2, 2, 0, 0, 0]))), shape=(3, 3)).toarray()"),
    ("sp-sum-axis0", "scipy test_base.py test_sum", "sp.csr_array([[0, 1, 2], [3, -4, 5], [-6, 7, 9]]).sum(axis=0)"),
    ("sp-sum-axis1", "scipy test_base.py test_sum", "sp.csr_array([[0, 1, 2], [3, -4, 5], [-6, 7, 9]]).sum(axis=1)"),
    ("sp-mean-all", "scipy test_base.py test_mean", "sp.csr_array([[0, 1, 2], [3, -4, 5], [-6, 7, 9]]).mean()"),
    ("sp-diagonal-k", "scipy test_base.py test_diagonal", "sp.csr_array([[1, 2, 3], [4, 5, 6]]).diagonal(k=1)"),
    ("sp-count_nonzero-axis", "scipy test_base.py test_count_nonzero", "sp.csr_array([[0, 1, 0], [2, 0, 3]]).count_nonzero(axis=0)"),
    ("sp-matmul-scalar", "scipy test_base.py test_matmul (scalar)", "sp.csr_array([[1, 2], [3, 4]]) @ 3"),
    ("sp-dot-vec", "scipy test_base.py test_matvec", "sp.csr_array([[1, 0, 2], [0, 3, 0]]) @ np.array([1, 2, 3])"),
    ("sp-add-dense", "scipy test_base.py test_add_dense", "sp.csr_array([[1, 0], [0, 2]]) + np.ones((2, 2))"),
    ("sp-add-broadcast", "scipy sparse + dense broadcast", "sp.csr_array([[1, 0], [0, 2]]) + np.ones(2)"),
    ("spla-cg-tol", "scipy.sparse.linalg.cg (tol removed in 1.14)", "spla.cg(sp.eye(3), np.ones(3), tol=1e-12)"),
    ("spla-norm-1", "scipy.sparse.linalg.norm docstring", "spla.norm(sp.csr_array((np.arange(9) - 4).reshape((3, 3))))"),
    ("spla-norm-inf", "scipy.sparse.linalg.norm docstring", "spla.norm(sp.csr_array((np.arange(9) - 4).reshape((3, 3))), np.inf)"),
    ("spla-norm-axis", "scipy.sparse.linalg.norm docstring", "spla.norm(sp.csr_array((np.arange(9) - 4).reshape((3, 3))), axis=1)"),
    ("mix-add", "scipy test_base.py test_radd", "np.ones((2, 2)) + sp.csr_array([[1, 0], [2, 3]])"),
    ("mix-sub", "scipy test_base.py test_rsub", "np.ones((2, 2)) - sp.csr_array([[1, 0], [2, 3]])"),
    ("mix-mul", "scipy test_base.py test_elementwise_multiply (dense * sparse)", "np.ones((2, 2)) * sp.csr_array([[1, 0], [2, 3]])"),
    ("mix-matmul", "scipy test_base.py test_rmatvec", "np.array([1, 1]) @ sp.csr_array([[1, 0], [2, 3]])"),
    ("mix-matmul-2d", "scipy test_base.py test_rmatvec", "np.array([[1, 1], [0, 1]]) @ sp.csr_array([[1, 0], [2, 3]])"),
    ("mix-div", "scipy (dense / sparse is unsupported)", "np.ones((2, 2)) / sp.csr_array([[1, 0], [2, 3]])"),
    # ---- methods bound to their signatures (issue #19, second part) ---------------------------
    ("item-1", "numpy.ndarray.item docstring", "np.arange(9).reshape(3, 3).item(3)"),
    ("item-2", "numpy.ndarray.item docstring", "np.arange(9).reshape(3, 3).item(7)"),
    ("item-3", "numpy.ndarray.item docstring", "np.arange(9).reshape(3, 3).item((0, 1))"),
    ("item-4", "numpy.ndarray.item docstring", "np.arange(9).reshape(3, 3).item(2, 2)"),
    ("item-size", "numpy.ndarray.item (size-1 rule)", "np.arange(9).reshape(3, 3).item()"),
    ("item-oob", "numpy.ndarray.item (bounds)", "np.arange(9).reshape(3, 3).item(9)"),
    ("item-nargs", "numpy.ndarray.item (index count)", "np.arange(9).reshape(3, 3).item(1, 2, 0)"),
    ("fill-1", "numpy.ndarray.fill docstring", "(lambda a: (a.fill(0), a)[1])(np.array([1, 2]))"),
    ("fill-kw", "numpy.ndarray.fill (positional only)", "np.array([1, 2]).fill(value=0)"),
    ("flatten-1", "numpy.ndarray.flatten docstring", "np.array([[1, 2], [3, 4]]).flatten()"),
    ("flatten-2", "numpy.ndarray.flatten docstring", "np.array([[1, 2], [3, 4]]).flatten('F')"),
    ("flatten-kw", "numpy.ndarray.flatten signature", "np.array([[1, 2], [3, 4]]).flatten(order='F')"),
    ("sp-transpose-1", "scipy sparray.transpose", "sp.csr_array([[1, 2, 0], [0, 0, 3]]).transpose()"),
    ("sp-transpose-copy", "scipy sparray.transpose signature", "sp.coo_array([[1, 2, 0], [0, 0, 3]]).transpose(copy=True)"),
    ("sp-transpose-axes", "scipy sparray.transpose (axes)", "sp.csr_array([[1, 2, 0], [0, 0, 3]]).transpose(axes=(0, 1))"),
    ("sp-copy", "scipy sparray.copy", "sp.csc_array([[1, 0], [0, 2]]).copy()"),
    ("sp-neg", "scipy sparray.__neg__", "-sp.csr_array([[1, -2], [0, 3]])"),
    ("sp-abs", "scipy sparray.__abs__", "abs(sp.csr_array([[1, -2], [0, -3]]))"),
    ("sp-eliminate-zeros", "scipy sparray.eliminate_zeros",
     "(lambda A: (A.eliminate_zeros(), A.nnz)[1])(sp.csr_array((np.array([1., 0., 2.]), np.array([0, 1, 2]), np.array([0, 3])), shape=(1, 3)))"),
    ("sp-sum-duplicates", "scipy sparray.sum_duplicates",
     "(lambda A: (A.sum_duplicates(), A.nnz)[1])(sp.coo_array(([1, 2, 3], ([0, 0, 1], [1, 1, 0])), shape=(2, 2)))"),
    ("sp-check-format", "scipy sparray.check_format (full_check=True by default)",
     "sp.csr_array((np.array([1., 2.]), np.array([0, 5]), np.array([0, 2])), shape=(1, 2)).check_format()"),
    # np.add(D, S) in NumPy treats S as an object scalar (NotImplementedError); cohort's module
    # functions follow the operators, so the fixtures are the operator forms.
    ("np-add-sparse", "operator form D + S (cohort's np.add(D, S))", "np.array([[1., 2.], [3., 4.]]) + sp.csr_array([[1, 0], [2, 3]])"),
    ("np-subtract-sparse", "operator form S - D (cohort's np.subtract(S, D))", "sp.csr_array([[1, 0], [2, 3]]) - np.array([[1., 2.], [3., 4.]])"),
    ("np-multiply-sparse", "SciPy S.multiply(D) (cohort's np.multiply(D, S))", "sp.csr_array([[1, 0], [2, 3]]).multiply(np.array([[1., 2.], [3., 4.]]))"),
    ("np-matmul-sparse", "operator form D @ S (cohort's np.matmul(D, S))", "np.array([[1., 2.], [3., 4.]]) @ sp.csr_array([[1, 0], [2, 3]])"),
    ("np-dot-sparse", "SciPy S.dot(D) (cohort's np.dot(S, D))", "sp.csr_array([[1, 0], [2, 3]]).dot(np.array([[1., 2.], [3., 4.]]))"),
    # ---- Tier 2 numpy docstrings (issue #20) ------------------------------------------------------
    ("sort-1", "numpy.sort docstring", "np.sort(np.array([[1, 4], [3, 1]]))"),
    ("sort-2", "numpy.sort docstring", "np.sort(np.array([[1, 4], [3, 1]]), axis=None)"),
    ("sort-3", "numpy.sort docstring", "np.sort(np.array([[1, 4], [3, 1]]), axis=0)"),
    ("argsort-1", "numpy.argsort docstring", "np.argsort(np.array([3, 1, 2]))"),
    ("argsort-2", "numpy.argsort docstring", "np.argsort(np.array([[0, 3], [2, 2]]), axis=0)"),
    ("unique-1", "numpy.unique docstring", "np.unique([1, 1, 2, 2, 3, 3])"),
    ("unique-2", "numpy.unique docstring", "np.unique(np.array([[1, 1], [2, 3]]))"),
    ("searchsorted-1", "numpy.searchsorted docstring", "np.searchsorted([11, 12, 13, 14, 15], 13)"),
    ("searchsorted-2", "numpy.searchsorted docstring", "np.searchsorted([11, 12, 13, 14, 15], 13, side='right')"),
    ("searchsorted-3", "numpy.searchsorted docstring", "np.searchsorted([11, 12, 13, 14, 15], [-10, 20, 12, 13])"),
    ("diff-1", "numpy.diff docstring", "np.diff(np.array([1, 2, 4, 7, 0]))"),
    ("diff-2", "numpy.diff docstring", "np.diff(np.array([1, 2, 4, 7, 0]), n=2)"),
    ("diff-3", "numpy.diff docstring", "np.diff(np.array([[1, 3, 6, 10], [0, 5, 6, 8]]), axis=0)"),
    ("take-1", "numpy.take docstring", "np.take([4, 3, 5, 7, 6, 8], [0, 1, 4])"),
    ("take-2", "numpy.take docstring", "np.take([4, 3, 5, 7, 6, 8], [[0, 1], [2, 3]])"),
    ("nonzero-1", "numpy.nonzero docstring", "np.nonzero(np.array([[3, 0, 0], [0, 4, 0], [5, 6, 0]]))[1]"),
    ("bincount-1", "numpy.bincount docstring", "np.bincount(np.array([0, 1, 1, 3, 2, 1, 7]))"),
    ("bincount-2", "numpy.bincount docstring", "np.bincount(np.array([0, 1, 1, 2, 2, 2]), weights=np.array([0.3, 0.5, 0.2, 0.7, 1., -0.6]))"),
    ("einsum-1", "numpy.einsum docstring", "np.einsum('ii', np.arange(25).reshape(5, 5))"),
    ("einsum-2", "numpy.einsum docstring", "np.einsum('ii->i', np.arange(25).reshape(5, 5))"),
    ("einsum-3", "numpy.einsum docstring", "np.einsum('ij,j', np.arange(25).reshape(5, 5), np.arange(5))"),
    ("round-1", "numpy.round docstring", "np.round([0.37, 1.64])"),
    ("round-2", "numpy.round docstring", "np.round([0.37, 1.64], decimals=1)"),
    ("round-3", "numpy.round docstring", "np.round([.5, 1.5, 2.5, 3.5, 4.5])"),
    ("round-4", "numpy.round docstring", "np.round([1, 2, 3, 11], decimals=-1)"),
    ("mod-1", "numpy.remainder docstring", "np.remainder([4, 7], [2, 3])"),
    ("mod-2", "numpy.remainder docstring", "np.remainder(np.arange(7), 5)"),
    ("log2-1", "numpy.log2 docstring", "np.log2(np.array([0, 1, 2, 2**4]))"),
    ("log10-1", "numpy.log10 docstring", "np.log10([1e-15, -3.])"),
    ("isinf-1", "numpy.isinf docstring", "np.isinf([np.inf, -np.inf, 1.0, np.nan])"),
    ("nansum-1", "numpy.nansum docstring", "np.nansum(np.array([[1, 2], [3, np.nan]]), axis=0)"),
    ("nanmean-1", "numpy.nanmean docstring", "np.nanmean(np.array([[1, np.nan], [3, 4]]), axis=1)"),
    ("nanmax-1", "numpy.nanmax docstring", "np.nanmax(np.array([[1, 2], [3, np.nan]]), axis=1)"),
    ("nanmin-1", "numpy.nanmin docstring", "np.nanmin(np.array([[1, 2], [3, np.nan]]), axis=0)"),
    ("median-1", "numpy.median docstring", "np.median(np.array([[10, 7, 4], [3, 2, 1]]), axis=0)"),
    ("median-2", "numpy.median docstring", "np.median(np.array([[10, 7, 4], [3, 2, 1]]), axis=1)"),
    ("percentile-1", "numpy.percentile docstring", "np.percentile(np.array([[10, 7, 4], [3, 2, 1]]), 50)"),
    ("percentile-2", "numpy.percentile docstring", "np.percentile(np.array([[10, 7, 4], [3, 2, 1]]), 50, axis=0)"),
    ("cumprod-1", "numpy.cumprod docstring", "np.cumprod(np.array([[1, 2, 3], [4, 5, 6]]), axis=1)"),
    ("tile-1", "numpy.tile docstring", "np.tile(np.array([0, 1, 2]), (2, 2))"),
    ("repeat-1", "numpy.repeat docstring", "np.repeat(np.array([[1, 2], [3, 4]]), [1, 2], axis=0)"),
    ("flip-1", "numpy.flip docstring", "np.flip(np.arange(8).reshape((2, 2, 2)), 0)"),
    ("roll-1", "numpy.roll docstring", "np.roll(np.arange(10).reshape(2, 5), 1, axis=1)"),
    ("meshgrid-1", "numpy.meshgrid docstring", "np.meshgrid(np.linspace(0, 1, 3), np.linspace(0, 1, 2))[0]"),
]

ERRORS = {"ValueError": "ValueError", "TypeError": "ArgumentTypeError", "AxisError": "IndexError", "IndexError": "IndexError"}


def encode_number(v):
    v = float(v) if not isinstance(v, (bool, np.bool_)) else bool(v)
    if isinstance(v, float) and not math.isfinite(v):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")
    return v


def encode_list(x):
    if isinstance(x, list):
        return [encode_list(e) for e in x]
    return encode_number(x)


def encode(r):
    if isinstance(r, tuple):
        return {"kind": "tuple", "values": [encode(x) for x in r]}
    if sp.issparse(r):
        r = r.toarray()
    if isinstance(r, np.ndarray):
        return {"kind": "array", "shape": list(r.shape), "dtype": str(r.dtype), "values": encode_list(r.tolist())}
    if isinstance(r, (bool, np.bool_)):
        return {"kind": "bool", "value": bool(r)}
    if isinstance(r, (int, float, np.integer, np.floating)):
        return {"kind": "scalar", "dtype": str(np.asarray(r).dtype), "value": encode_number(r)}
    raise TypeError(f"cannot encode {type(r)}")


def main():
    out = {"numpy": np.__version__, "scipy": scipy.__version__, "cases": {}}
    env = {"np": np, "sp": sp, "spla": spla}
    for cid, source, expr in CASES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                res = encode(eval(expr, env))
            except Exception as e:  # noqa: BLE001 - the exception is the expected result
                name = type(e).__name__
                res = {"kind": "error", "error": ERRORS.get(name, name), "python": name, "message": str(e)}
        out["cases"][cid] = {"source": source, "python": expr, "expected": res}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(CASES)} conformance cases to {OUT}")


if __name__ == "__main__":
    main()
