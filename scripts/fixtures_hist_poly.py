#!/usr/bin/env python3
"""NumPy's results for histogram's bin estimators ('auto', 'fd', 'doane', 'scott', 'stone',
'rice', 'sturges', 'sqrt'), `poly` of a square matrix and `polyfit`'s `cov` for 2-D y
(dense/histogram.ts, dense/histogram-bins.ts, dense/poly.ts, dense/charpoly.ts). Writes
tests/fixtures/hist_poly/hist-poly.json.

The format of numpy-more2.json (an id whose prefix names the call, scalar parameters, NumPy's
result: an array, a tuple of arrays, or the error NumPy raises), except that the input arrays are
stored once in a `data` table and each case names the ones it uses (`inputs` maps an argument to a
data name): the estimator cases reuse a few data sets many times. Arrays are {dtype, shape, values}
with NaN/±inf/-0 as strings; int64 results (counts) are recorded as int32 (cohort's integer).

The cases: NumPy's docstring examples, the data of numpy/lib/tests/test_histograms.py
(TestHistogramOptimBinNums) and test_polynomial.py (test_poly, test_polyfit), and seeded random
data of every dtype with 0-size, 1-element, constant, zero-IQR and outlier edges.
"""
import json
import pathlib
import sys
import warnings

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from fixture_arrays import arr  # noqa: E402

warnings.simplefilter("ignore")
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "hist_poly" / "hist-poly.json"
rng = np.random.default_rng(20261)


data = {}
cases = []


def put(name, a):
    a = np.asarray(a)
    assert str(a.dtype) in ("float64", "float32", "int32", "uint8", "bool"), (name, a.dtype)
    if name in data:
        assert data[name]["values"] == arr(a)["values"], name
    data[name] = arr(a)
    return a


def case(cid, inputs, params, fn):
    """inputs: argument -> data name (already put)."""
    args = [np.asarray(decode(data[n])) for n in inputs.values()]
    try:
        res = fn(*args)
    except (TypeError, ValueError, np.linalg.LinAlgError) as e:
        exp = {"kind": "error", "error": type(e).__name__}
    else:
        if isinstance(res, tuple):
            exp = {"kind": "tuple", "values": [arr(r) for r in res]}
        else:
            exp = {"kind": "array", **arr(res)}
    cases.append({"id": cid, "inputs": inputs, "params": params, "expected": exp})


def decode(a):
    vals = [float(v) if isinstance(v, str) else v for v in a["values"]]
    return np.array(vals, dtype=a["dtype"]).reshape(a["shape"])


DT = ["float64", "float32", "int32", "uint8", "bool"]
EST = ["auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt"]

# ---- histogram bin estimators ----------------------------------------------------------------
sets = []


def dataset(name, a):
    put(name, a)
    sets.append(name)


# NumPy's docstring (histogram_bin_edges) and the 2-peak example of histogram's docstring.
dataset("doc-arr", np.array([0, 0, 0, 1, 2, 3, 3, 4, 5], dtype=np.int32))
dataset("doc-arr-f", np.array([0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 3.0, 4.0, 5.0]))
group = np.array([0, 1, 1, 0, 1, 1, 0, 1, 1])
dataset("doc-g0", np.array([0, 0, 0, 1, 2, 3, 3, 4, 5], dtype=np.int32)[group == 0])
dataset("doc-g1", np.array([0, 0, 0, 1, 2, 3, 3, 4, 5], dtype=np.int32)[group == 1])
rs = np.random.RandomState(10)
dataset("doc-2peak", np.hstack((rs.normal(size=1000), rs.normal(loc=5, scale=2, size=1000))))
# test_histograms.py: test_simple, test_small, test_novariance, test_limited_variance,
# test_outlier, test_signed_integer_data, test_integer.
for n in (50, 500, 5000):
    dataset(f"np-simple{n}", np.concatenate((np.linspace(-10, -1, n // 5 * 2), np.linspace(1, 10, n // 5 * 3))))
for n in (1, 2, 3):
    dataset(f"np-small{n}", np.arange(n).astype(float))
dataset("np-novar", np.ones(100))
lim = np.ones(1000)
lim[:3] = 0
lim[-4:] = 100
dataset("np-limvar", lim)
dataset("np-outlier", np.hstack((np.linspace(-110, -100, 5), np.linspace(-10, 10, 50))))
dataset("np-signed", np.array([-2, 0, 127], dtype=np.int32))
dataset("np-tile9", np.tile(np.arange(9, dtype=np.int32), 1000))
for seed, size in ((0, 10), (1, 22), (2, 46), (3, 100)):
    rs = np.random.RandomState(seed)
    dataset(f"np-normal{seed}-{size}", rs.normal(loc=0, scale=2, size=size))
# Seeded data of every dtype.
for dt in DT:
    for n in (0, 1, 2, 3, 7, 50, 333):
        if dt == "bool":
            a = rng.random(n) < 0.3
        elif dt == "uint8":
            a = rng.integers(0, 200, n).astype(np.uint8)
        elif dt == "int32":
            a = np.round(rng.standard_normal(n) * 40).astype(np.int32)
        else:
            a = (rng.standard_normal(n) * 3 + 1).astype(dt)
        dataset(f"rand-{dt}-{n}", a)
    if dt in ("float64", "float32"):
        dataset(f"const-{dt}", np.full(20, 2.5, dtype=dt))
        dataset(f"exp-{dt}", rng.exponential(2.0, 200).astype(dt))
        dataset(f"cauchy-{dt}", np.clip(rng.standard_cauchy(120), -1e3, 1e3).astype(dt))
        dataset(f"offset-{dt}", (1e5 + rng.standard_normal(80)).astype(dt))
        zi = np.zeros(60, dtype=dt)
        zi[:5] = rng.standard_normal(5)
        dataset(f"zeroiqr-{dt}", zi)
        dataset(f"grid-{dt}", (np.arange(40) * 0.1).astype(dt))
    else:
        dataset(f"const-{dt}", np.full(20, 1, dtype=dt))
dataset("const-big-float32", np.full(10, 1e8, dtype=np.float32))

for name in sets:
    for est in EST:
        case(f"hist-{est}-{name}", {"a": name}, {"bins": est}, lambda a, est=est: np.histogram(a, est))

# histogram_bin_edges, ranges (truncation, empty after truncation, equal ends), density.
RANGES = [(-20, 20), (0, 1), (-1.5, 2.25), (100, 200), (0.5, 0.5), (-3, 0)]
for name in ("doc-arr", "doc-arr-f", "np-simple50", "np-simple500", "rand-float64-333",
             "rand-float32-333", "rand-int32-50", "rand-uint8-50", "rand-bool-50", "cauchy-float64",
             "rand-float64-0", "const-float32"):
    for est in EST:
        case(f"hbe-{est}-{name}", {"a": name}, {"bins": est}, lambda a, est=est: np.histogram_bin_edges(a, est))
        for k, r in enumerate(RANGES):
            case(f"histr-{est}-{name}-r{k}", {"a": name}, {"bins": est, "range": list(r)},
                 lambda a, est=est, r=r: np.histogram(a, est, range=r))
        case(f"histd-{est}-{name}", {"a": name}, {"bins": est}, lambda a, est=est: np.histogram(a, est, density=True))
for est in EST:
    case(f"hbe-{est}-np-tile9", {"a": "np-tile9"}, {"bins": est}, lambda a, est=est: np.histogram_bin_edges(a, est))
case("hbe-16-np-tile9", {"a": "np-tile9"}, {"bins": 16}, lambda a: np.histogram_bin_edges(a, 16))
case("hbe-2-doc-arr", {"a": "doc-arr"}, {"bins": 2}, lambda a: np.histogram_bin_edges(a, 2))
case("histr-auto-np-simple5000-r0", {"a": "np-simple5000"}, {"bins": "auto", "range": [-20, 20]},
     lambda a: np.histogram(a, "auto", range=(-20, 20)))
for est in ("fd", "scott", "rice", "sturges", "stone"):
    case(f"histr-{est}-np-simple5000-r0", {"a": "np-simple5000"}, {"bins": est, "range": [-20, 20]},
         lambda a, est=est: np.histogram(a, est, range=(-20, 20)))
# NaN in the data: the autodetected range is not finite (ValueError); with a range NaN is dropped.
nan_data = put("nan-float64", np.array([1.0, np.nan, 2.5, 3.0, 7.0, -1.0]))
for est in EST:
    case(f"hist-{est}-nan-float64", {"a": "nan-float64"}, {"bins": est}, lambda a, est=est: np.histogram(a, est))
    case(f"histr-{est}-nan-float64-r2", {"a": "nan-float64"}, {"bins": est, "range": [-1.5, 2.25]},
         lambda a, est=est: np.histogram(a, est, range=(-1.5, 2.25)))
# Errors: an unknown estimator (ValueError), weights with an estimator (TypeError).
put("w3", np.array([1.0, 2.0, 3.0]))
put("a3", np.array([1.0, 2.0, 3.0]))
for bad in ("mad", "freeman", "histograms", "IQR", "Auto"):
    case(f"histerr-{bad}", {"a": "a3"}, {"bins": bad}, lambda a, bad=bad: np.histogram(a, bad))
for est in EST:
    case(f"histw-{est}", {"a": "a3", "w": "w3"}, {"bins": est}, lambda a, w, est=est: np.histogram(a, est, weights=w))
# Too many bins for the data range (an integer count too).
put("tiny-range", np.array([1, 1 + 2e-16] * 10))
case("histint-10-tiny-range", {"a": "tiny-range"}, {"bins": 10}, lambda a: np.histogram(a, 10))

# ---- poly of a square matrix -----------------------------------------------------------------
mats = []


def mat(name, a):
    put(name, a)
    mats.append(name)


mat("P-doc", np.array([[0, 1.0 / 3], [-1.0 / 2, 0]]))
mat("A-matlab", np.array([[1, 2, 3], [4, 5, 6], [7, 8, 0]], dtype=np.int32))
mat("diag20", np.diag(np.arange(1, 21)).astype(np.int32))
mat("rot", np.array([[0.0, -1.0], [1.0, 0.0]]))
mat("rot-float32", np.array([[0.0, -1.0], [1.0, 0.0]], dtype=np.float32))
mat("one", np.array([[4.5]]))
mat("zeros4", np.zeros((4, 4)))
mat("eye5", np.eye(5))
j = 2 * np.eye(8) + np.eye(8, k=1)
mat("jordan8", j)
mat("nilpotent6", np.triu(rng.standard_normal((6, 6)), 1))
p = np.array([1.0, -3.0, 0.5, 2.0, -1.25, 0.75])
comp = np.zeros((5, 5))
comp[0, :] = -p[1:]
comp[1:, :-1] = np.eye(4)
mat("companion5", comp)
mat("graded6", rng.standard_normal((6, 6)) * np.logspace(-3, 3, 6)[:, None])
mat("lowhess7", np.tril(rng.standard_normal((7, 7)), 1))
for n in (1, 2, 3, 4, 5, 8, 12, 20, 30, 50):
    g = rng.standard_normal((n, n))
    mat(f"gen{n}", g)
    if n in (3, 8, 20, 50):
        mat(f"sym{n}", g + g.T)
    if n in (3, 8):
        mat(f"gen{n}-float32", g.astype(np.float32))
mat("int4", rng.integers(-9, 10, (4, 4)).astype(np.int32))
mat("int10", rng.integers(-9, 10, (10, 10)).astype(np.int32))
mat("uint8-3", rng.integers(0, 20, (3, 3)).astype(np.uint8))
mat("bool5", rng.random((5, 5)) < 0.5)
for name in mats:
    case(f"polym-{name}", {"a": name}, {}, np.poly)
# 1-D roots (NumPy's test_poly). (NumPy raises TypeError for a 0-d root — its dispatcher returns
# the scalar; cohort takes it as one root, as atleast_1d would.)
put("roots3", np.array([3, -np.sqrt(2), np.sqrt(2)]))
case("poly-roots3", {"a": "roots3"}, {}, np.poly)
put("v20", np.arange(1, 21, dtype=np.int32))
case("poly-v20", {"a": "v20"}, {}, np.poly)
# Errors: 0×0, non-square, 3-D (ValueError); non-finite entries (LinAlgError).
put("e00", np.zeros((0, 0)))
put("e23", np.zeros((2, 3)))
put("e222", np.zeros((2, 2, 2)))
put("einf", np.array([[np.inf, 1.0], [1.0, 1.0]]))
put("enan", np.array([[1.0, 2.0], [np.nan, 1.0]]))
for name in ("e00", "e23", "e222", "einf", "enan"):
    case(f"polyerr-{name}", {"a": name}, {}, np.poly)

# ---- polyfit cov for 2-D y -------------------------------------------------------------------
c3 = np.array([3.0, 2.0, 1.0])
x7 = put("pf-x7", np.linspace(0, 2, 7))
err = np.array([1, -1, 1, -1, 1, -1, 1], dtype=float)
y7 = np.polyval(c3, x7)
put("pf-y7", y7 + err)
put("pf-yy7", np.stack([y7, y7], axis=1) + err[:, None])
put("pf-y7col", (y7 + err)[:, None])
put("pf-w7", np.arange(8, 1, -1) ** 2 / 7.0)
for cov in (True, "unscaled"):
    t = "s" if cov is True else "u"
    case(f"polyfitcov{t}-np-1d", {"x": "pf-x7", "y": "pf-y7"}, {"deg": 2, "cov": cov},
         lambda x, y, cov=cov: np.polyfit(x, y, 2, cov=cov))
    case(f"polyfitcov{t}-np-2d", {"x": "pf-x7", "y": "pf-yy7"}, {"deg": 2, "cov": cov},
         lambda x, y, cov=cov: np.polyfit(x, y, 2, cov=cov))
    case(f"polyfitcov{t}-np-col", {"x": "pf-x7", "y": "pf-y7col"}, {"deg": 2, "cov": cov},
         lambda x, y, cov=cov: np.polyfit(x, y, 2, cov=cov))
    case(f"polyfitcovw{t}-np-2d", {"x": "pf-x7", "y": "pf-yy7", "w": "pf-w7"}, {"deg": 2, "cov": cov},
         lambda x, y, w, cov=cov: np.polyfit(x, y, 2, w=w, cov=cov))
# deg 0 at x = 0 (the mean and its variance; NumPy's test with 50 columns instead of 10000).
put("pf-x0", np.zeros(4))
put("pf-y0", np.random.RandomState(123).normal(size=(4, 50)))
put("pf-w0", np.full(4, 2.0))
for cov in (True, "unscaled"):
    t = "s" if cov is True else "u"
    case(f"polyfitcov{t}-deg0", {"x": "pf-x0", "y": "pf-y0"}, {"deg": 0, "cov": cov},
         lambda x, y, cov=cov: np.polyfit(x, y, 0, cov=cov))
    case(f"polyfitcovw{t}-deg0", {"x": "pf-x0", "y": "pf-y0", "w": "pf-w0"}, {"deg": 0, "cov": cov},
         lambda x, y, w, cov=cov: np.polyfit(x, y, 0, w=w, cov=cov))
for n, deg, k in ((5, 1, 3), (9, 2, 1), (12, 3, 4), (20, 5, 2), (6, 2, 0), (4, 3, 2)):
    put(f"pf-x{n}-{deg}", np.sort(rng.standard_normal(n)))
    put(f"pf-y{n}-{deg}-{k}", rng.standard_normal((n, k)))
    put(f"pf-w{n}-{deg}", rng.random(n) + 0.5)
    ins = {"x": f"pf-x{n}-{deg}", "y": f"pf-y{n}-{deg}-{k}"}
    for cov in (True, "unscaled"):
        t = "s" if cov is True else "u"
        case(f"polyfitcov{t}-{n}-{deg}-{k}", ins, {"deg": deg, "cov": cov},
             lambda x, y, cov=cov, deg=deg: np.polyfit(x, y, deg, cov=cov))
        case(f"polyfitcovw{t}-{n}-{deg}-{k}", {**ins, "w": f"pf-w{n}-{deg}"}, {"deg": deg, "cov": cov},
             lambda x, y, w, cov=cov, deg=deg: np.polyfit(x, y, deg, w=w, cov=cov))
put("pf-x3", np.array([0.0, 1.0, 2.0]))
put("pf-y3x2", np.array([[1.0, 2.0], [3.0, 1.0], [2.0, 2.0]]))
case("polyfitcovs-few", {"x": "pf-x3", "y": "pf-y3x2"}, {"deg": 2, "cov": True},
     lambda x, y: np.polyfit(x, y, 2, cov=True))
# The docstring's fit (1-D y).
put("pf-xdoc", np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0]))
put("pf-ydoc", np.array([0.0, 0.8, 0.9, 0.1, -0.8, -1.0]))
case("polyfit-doc", {"x": "pf-xdoc", "y": "pf-ydoc"}, {"deg": 3}, lambda x, y: np.polyfit(x, y, 3))
case("polyfitcovs-doc", {"x": "pf-xdoc", "y": "pf-ydoc"}, {"deg": 3, "cov": True},
     lambda x, y: np.polyfit(x, y, 3, cov=True))

OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(json.dumps({"numpy": np.__version__, "data": data, "cases": cases}, separators=(",", ":")) + "\n")
print(f"wrote {len(cases)} cases ({len(data)} arrays) to {OUT}")
