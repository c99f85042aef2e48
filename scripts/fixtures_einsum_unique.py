#!/usr/bin/env python3
"""NumPy's results for `einsum` with an ellipsis (and the docstring's examples) and for `unique`
along an axis (return_index/return_inverse/return_counts, equal_nan, negative axes, 0-size, NaN
and signed zeros, every cohort dtype; the docstring's examples and the cases of NumPy's
test_arraysetops.py). Writes tests/fixtures/einsum_unique/cases.json in the format of
tests/fixtures/dense/numpy-more2.json: per case an id (its prefix names the call), the inputs
(dtype, shape, flat values), the parameters, and NumPy's result (an array, a tuple of arrays, or
the error NumPy raises: AxisError is recorded as IndexError, cohort's class for it). int64
results are recorded as int32 (cohort's default integer).
"""
import json
import pathlib
import sys
import warnings

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from fixture_arrays import arr  # noqa: E402

warnings.simplefilter("ignore")
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "einsum_unique" / "cases.json"
rng = np.random.default_rng(20261201)
DT = ("bool", "uint8", "int32", "float32", "float64")


def rand(dtype, shape, lo=-3, hi=4):
    """Small integers (sums stay exact in every dtype), as the dtype."""
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype == "uint8":
        return rng.integers(0, hi, shape).astype(np.uint8)
    return rng.integers(lo, hi, shape).astype(dtype)


cases = []


def case(cid, inputs, params, fn):
    ins = {k: arr(v) for k, v in inputs.items()}
    try:
        res = fn(*inputs.values())
    except (TypeError, ValueError, IndexError) as e:
        name = "IndexError" if isinstance(e, np.exceptions.AxisError) else type(e).__name__
        cases.append({"id": cid, "inputs": ins, "params": params, "expected": {"kind": "error", "error": name}})
        return
    if isinstance(res, tuple):
        exp = {"kind": "tuple", "values": [arr(r) for r in res]}
    else:
        exp = {"kind": "array", **arr(res)}
    cases.append({"id": cid, "inputs": ins, "params": params, "expected": exp})


def einsum_case(cid, sub, ops, **kw):
    inputs = {f"x{i}": o for i, o in enumerate(ops)}
    params = {"subscripts": sub, **kw}
    case(cid, inputs, params, lambda *xs: np.einsum(sub, *xs, **kw))


# ---- einsum: the docstring's examples (int32 for its int64 aranges) -----------------------------
a = np.arange(25, dtype=np.int32).reshape(5, 5)
b = np.arange(5, dtype=np.int32)
c = np.arange(6, dtype=np.int32).reshape(2, 3)
three = np.array(3, dtype=np.int32)
for k, (sub, ops) in enumerate([
    ("ii", [a]), ("ii->i", [a]), ("ij->i", [a]), ("...j->...", [a]), ("ji", [c]), ("ij->ji", [c]),
    ("i,i", [b, b]), ("ij,j", [a, b]), ("...j,j", [a, b]), ("..., ...", [three, c]), (",ij", [three, c]),
    ("i,j", [np.arange(2, dtype=np.int32) + 1, b]),
    ("ijk,jil->kl", [np.arange(60.).reshape(3, 4, 5), np.arange(24.).reshape(4, 3, 2)]),
    ("ki,jk->ij", [np.arange(6, dtype=np.int32).reshape(3, 2), np.arange(12, dtype=np.int32).reshape(4, 3)]),
    ("ki,...k->i...", [np.arange(6, dtype=np.int32).reshape(3, 2), np.arange(12, dtype=np.int32).reshape(4, 3)]),
    ("k...,jk", [np.arange(6, dtype=np.int32).reshape(3, 2), np.arange(12, dtype=np.int32).reshape(4, 3)]),
]):
    einsum_case(f"einsum-doc{k}", sub, ops)
ones = np.ones(64).reshape(2, 4, 8)
for opt in (False, "greedy", "optimal"):
    einsum_case(f"einsum-doc-chain-{opt}", "ijk,ilm,njm,nlk,abc->", [ones] * 5, optimize=opt)

# ---- einsum with an ellipsis, every dtype -------------------------------------------------------
E = [
    ("...ij,...jk->...ik", [(2, 3, 4), (2, 4, 5)]),
    ("...ij,...jk->...ik", [(3, 4), (5, 4, 2)]),
    ("...ij,...jk->...ik", [(1, 2, 3), (4, 3, 2)]),
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 2)]),
    ("...ij,...jk->...ik", [(0, 2, 3), (3, 4)]),
    ("...ij,...jk->...ik", [(2, 0, 3), (2, 3, 4)]),
    ("...ij,...jk", [(2, 3, 4), (1, 4, 2)]),
    ("i...->...", [(3, 4)]),
    ("i...->...", [(3,)]),
    ("i...->...", [(2, 3, 4)]),
    ("...ii->...i", [(2, 3, 3)]),
    ("...ii->...i", [(3, 3)]),
    ("...ii", [(2, 3, 3)]),
    ("i...i", [(3, 2, 3)]),
    ("...j->...", [(4, 5)]),
    ("...j,j", [(2, 3, 5), (5,)]),
    ("ij...,jk...->ik...", [(2, 3, 4), (3, 5, 4)]),
    ("ij...,jk...->ik...", [(2, 3), (3, 5, 4)]),
    ("...", [(2, 3)]),
    ("...", [()]),
    ("...->...", [()]),
    ("->...", [()]),
    ("ij->...", [(2, 3)]),
    ("ij->...ij", [(2, 3)]),
    ("...,...", [(2, 1, 3), (4, 1)]),
    ("...i,...i", [(2, 3), (4, 1, 3)]),
    ("...i,...i->...", [(1, 3), (0, 3)]),
    ("i...,j...", [(2, 3), (4, 1)]),
    ("i...,j...->ij...", [(2, 3), (4, 3)]),
    ("...ij->...ji", [(2, 3, 4)]),
    ("a...b,b...c->...ac", [(2, 3, 4), (4, 3, 5)]),
    ("...ij,...jk,...kl->...il", [(2, 2, 3), (3, 4), (1, 4, 2)]),
    ("i...,i...->...", [(4, 2, 3), (4, 3)]),
    ("...a,...a->...", [(0,), (0,)]),
    ("...a,...a", [(2, 0), (1, 0)]),
    ("b...->...b", [(2, 1, 3)]),
    ("...,i->...i", [(2, 2), (3,)]),
    (" ... i j , ... j -> ... i ", [(2, 3, 4), (4,)]),
]
for k, (sub, shapes) in enumerate(E):
    for dt in DT:
        einsum_case(f"einsum-ell{k}-{dt}", sub, [rand(dt, s) for s in shapes])
    if len(shapes) == 2:
        einsum_case(f"einsum-ell{k}-mixed", sub, [rand("int32", shapes[0]), rand("float32", shapes[1])])
nan_a = np.array([[1.0, np.nan], [np.inf, 2.0]])
einsum_case("einsum-nan", "...ij,...j->...i", [np.stack([nan_a, nan_a * 0 + 1]), np.array([1.0, -1.0])])
for k, (sub, shapes) in enumerate([
    ("i...->", [(2, 3)]),
    ("...->", [(2,)]),
    ("...j,j->j", [(2, 3), (3,)]),
    (".i", [(2,)]),
    ("....i", [(2, 3)]),
    ("...i...", [(2, 3)]),
    ("i...j", [(3,)]),
    ("i...", [()]),
    ("...,...", [(2, 3), (4,)]),
    ("...ij,...jk", [(2, 2, 3), (3, 3, 4)]),
    ("...i->...ii", [(2, 3)]),
]):
    einsum_case(f"einsum-err{k}", sub, [rand("float64", s) for s in shapes])


# ---- unique along an axis -----------------------------------------------------------------------
def unique_case(cid, x, axis, ri=False, rv=False, rc=False, equal_nan=True):
    params = {"axis": axis, "return_index": ri, "return_inverse": rv, "return_counts": rc, "equal_nan": equal_nan}
    case(cid, {"a": x}, params, lambda x: np.unique(x, ri, rv, rc, axis, equal_nan=equal_nan))


def unique_all(cid, x, axis, **kw):
    unique_case(f"{cid}-v", x, axis, **kw)
    unique_case(f"{cid}-all", x, axis, True, True, True, **kw)


unique_all("unique-doc", np.array([[1, 0, 0], [1, 0, 0], [2, 3, 4]], dtype=np.int32), 0)
data = np.array([[0, 1, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0], [1, 0, 0, 0]])
data3d = np.array([[[1, 1], [1, 0]], [[0, 1], [0, 0]]])
for dt in DT:
    for ax in (0, 1, -1, -2):
        unique_all(f"unique-nptest-{dt}-{ax}", data.astype(dt), ax)
    for ax in (0, 1, 2, -1):
        unique_all(f"unique-nptest3d-{dt}-{ax}", data3d.astype(dt), ax)
x_inv = np.array([[4, 4, 3], [2, 2, 1], [2, 2, 1], [4, 4, 3]], dtype=np.int32)
for ax in (0, -1, 1):
    unique_case(f"unique-inv-{ax}", x_inv, ax, rv=True)
unique_all("unique-zeros-0", np.empty((2, 0), dtype=np.int32), 0)
unique_all("unique-zeros-1", np.empty((2, 0), dtype=np.uint8), 1)
for ax in range(7):
    unique_all(f"unique-zeros7-{ax}", np.empty((0, 2, 0, 3, 0, 4, 0)), ax)
unique_all("unique-zeros-3x0-0", np.empty((3, 0), dtype=np.float32), 0)
unique_all("unique-zeros-0x3-0", np.empty((0, 3)), 0)
unique_all("unique-negzero", np.array([[-0.0, 0.0], [0.0, -0.0], [-0.0, 0.0], [0.0, -0.0]]), 0)
unique_all("unique-negzero2", np.array([[0.0, 1.0], [-0.0, 1.0], [2.0, -0.0], [2.0, 0.0]], dtype=np.float32), 0)
unique_all("unique-sortorder", np.array([[-1], [0]], dtype=np.int32), 0)
unique_all("unique-1d", np.array([4, 3, 2, 3, 2, 1, 2, 2], dtype=np.int32), 0)
unique_all("unique-1dm1", np.array([4, 3, 2, 3, 2, 1, 2, 2], dtype=np.int32), -1)
for en in (True, False):
    unique_all(f"unique-1dnan-{en}", np.array([np.nan, 0, 0, np.nan]), 0, equal_nan=en)
    unique_all(f"unique-1dnanm1-{en}", np.array([np.nan, 0, 0, np.nan], dtype=np.float32), -1, equal_nan=en)
nanrows = np.array([[1, np.nan], [1, np.nan], [0, 2], [np.nan, 1], [-0.0, 2], [1, 0], [np.inf, 1], [-np.inf, 1]])
for dt in ("float32", "float64"):
    for en in (True, False):
        for ax in (0, 1):
            unique_all(f"unique-nanrows-{dt}-{en}-{ax}", nanrows.astype(dt), ax, equal_nan=en)
for dt in DT:
    for shape, axes in (((6, 3), (0, 1, -1)), ((4, 3, 2), (0, 1, 2, -1, -3)), ((5, 1), (0, 1)), ((1, 5), (0, 1)),
                        ((9, 2), (0,)), ((3, 2, 2, 2), (1, 3))):
        x = rand(dt, shape, 0, 2)
        if dt.startswith("float"):
            x[(x == 0) & (rng.random(shape) < 0.4)] = -0.0
        for ax in axes:
            unique_all(f"unique-rand-{dt}-{'x'.join(map(str, shape))}-{ax}", x, ax)
            unique_case(f"unique-rand-{dt}-{'x'.join(map(str, shape))}-{ax}-inv", x, ax, rv=True)
            unique_case(f"unique-rand-{dt}-{'x'.join(map(str, shape))}-{ax}-cnt", x, ax, rc=True)
for k, (shape, ax) in enumerate((((), 0), ((10,), 2), ((10,), -2), ((2, 2), 2), ((2, 3), -3))):
    unique_case(f"unique-err{k}", np.zeros(shape, dtype=np.int32), ax)

OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(json.dumps({"numpy": np.__version__, "cases": cases}, separators=(",", ":")) + "\n")
print(f"wrote {len(cases)} cases to {OUT}")
