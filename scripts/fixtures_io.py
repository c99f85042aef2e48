#!/usr/bin/env python3
"""Writes the cohort/io interop fixtures with NumPy/SciPy into tests/fixtures/io/.

Each file is written by the real thing (scipy.io.mmwrite, numpy.save, scipy.sparse.save_npz) and
described in manifest.json: its kind and the values NumPy/SciPy read back from it (shape, dtype
as cohort reports it, values flattened in C order). tests/io/interop.test.ts reads every file with
cohort and compares. Run through `npm run fixtures` (scripts/make_fixtures.py); the outputs are
committed so the tests never need Python.
"""
import json
import math
import pathlib

import numpy as np
import scipy.io as sio
import scipy.sparse as sp

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "io"
OUT.mkdir(parents=True, exist_ok=True)
for old in OUT.iterdir():
    if old.is_file():
        old.unlink()

rng = np.random.default_rng(20240808)
manifest = []

# cohort's Tier 1 dtypes; int64 is read as int32 when every value fits, float64 otherwise.
COHORT_DTYPE = {"float64": "float64", "float32": "float32", "int32": "int32", "uint8": "uint8", "bool": "bool"}


def values(a):
    """Flat C-order values as JSON numbers (non-finite values as strings 'nan', 'inf', '-inf')."""
    out = []
    for v in np.asarray(a).ravel(order="C").tolist():
        if isinstance(v, bool):
            out.append(1 if v else 0)
        elif isinstance(v, float) and not math.isfinite(v):
            out.append("nan" if math.isnan(v) else ("inf" if v > 0 else "-inf"))
        else:
            out.append(v)
    return out


def add(kind, name, dense, dtype, **extra):
    entry = {"kind": kind, "file": name, "shape": list(dense.shape), "dtype": dtype, "values": values(dense)}
    entry.update(extra)
    manifest.append(entry)


# ---- Matrix Market -------------------------------------------------------------------------------
def mm(name, a, dtype, **kw):
    sio.mmwrite(str(OUT / name), a, **kw)
    back = sio.mmread(str(OUT / name))
    dense = back.toarray() if sp.issparse(back) else np.asarray(back)
    add("mtx", name, dense, dtype, sparse=bool(sp.issparse(back)))


A = sp.random_array((7, 5), density=0.4, format="coo", rng=rng)
mm("real_general.mtx", A, "float64", comment="written by scipy.io.mmwrite\nsecond comment line")
I = sp.coo_array((rng.integers(-50, 50, 9).astype(np.int64), (rng.integers(0, 6, 9), rng.integers(0, 4, 9))), shape=(6, 4))
I.sum_duplicates()
mm("integer_general.mtx", I, "int32", field="integer")
mm("pattern_general.mtx", A, "float64", field="pattern")
S = sp.random_array((6, 6), density=0.3, format="coo", rng=rng)
S = (S + S.T).tocoo()
mm("real_symmetric.mtx", S, "float64", symmetry="symmetric")
K = sp.random_array((5, 5), density=0.4, format="coo", rng=rng)
K = (K - K.T).tocoo()
K.eliminate_zeros()
mm("real_skew.mtx", K, "float64", symmetry="skew-symmetric")
IS = sp.coo_array(np.array([[2, -1, 0], [-1, 2, -1], [0, -1, 2]], dtype=np.int64))
mm("integer_symmetric.mtx", IS, "int32", symmetry="symmetric", field="integer")
mm("array_real.mtx", rng.standard_normal((3, 4)), "float64")
mm("array_integer.mtx", rng.integers(-9, 9, (4, 2)).astype(np.int32), "int32")
D = rng.standard_normal((4, 4))
mm("array_symmetric.mtx", D + D.T, "float64", symmetry="symmetric")
E = rng.standard_normal((3, 3))
mm("array_skew.mtx", E - E.T, "float64", symmetry="skew-symmetric")
mm("real_precision.mtx", sp.coo_array(np.array([[1 / 3, 0], [0, 2e-300]])), "float64", precision=5)
mm("empty_sparse.mtx", sp.coo_array((3, 2)), "float64")
nf = sp.coo_array((np.array([np.nan, np.inf, -np.inf, -0.0]), (np.array([0, 1, 2, 2]), np.array([0, 1, 0, 1]))), shape=(3, 2))
mm("nonfinite.mtx", nf, "float64")

# ---- .npy ----------------------------------------------------------------------------------------
def npy(name, a, dtype, order="C"):
    a = np.asfortranarray(a) if order == "F" else np.ascontiguousarray(a)
    np.save(str(OUT / name), a)
    back = np.load(str(OUT / name))
    add("npy", name, back, dtype, fortran=bool(order == "F" and a.ndim > 1))


npy("f8_2d.npy", rng.standard_normal((3, 4)), "float64")
npy("f8_2d_fortran.npy", rng.standard_normal((3, 4)), "float64", "F")
npy("f4_3d.npy", rng.standard_normal((2, 3, 4)).astype(np.float32), "float32")
npy("f4_3d_fortran.npy", rng.standard_normal((2, 3, 4)).astype(np.float32), "float32", "F")
npy("i4_1d.npy", rng.integers(-(2**31), 2**31 - 1, 10, dtype=np.int32), "int32")
npy("i4_2d_fortran.npy", rng.integers(-100, 100, (5, 2), dtype=np.int32), "int32", "F")
npy("u1_2d.npy", rng.integers(0, 256, (4, 4), dtype=np.uint8), "uint8")
npy("b1_1d.npy", rng.random(9) < 0.5, "bool")
npy("b1_2d_fortran.npy", rng.random((3, 2)) < 0.5, "bool", "F")
npy("f8_scalar.npy", np.array(2.5), "float64")
npy("f8_empty.npy", np.zeros((0, 3)), "float64")
npy("f8_nonfinite.npy", np.array([np.nan, np.inf, -np.inf, -0.0, 5e-324]), "float64")
npy("i8_fits.npy", np.array([[1, -2, 2**31 - 1], [-(2**31), 0, 7]], dtype=np.int64), "int32")
npy("i8_wide.npy", np.array([2**40, -3, 2**53], dtype=np.int64), "float64")
npy("f8_bigendian.npy", np.arange(6, dtype=">f8").reshape(2, 3) / 7, "float64")
npy("i4_bigendian.npy", np.arange(-3, 3, dtype=">i4"), "int32")
# A version 2.0 header (NumPy writes it for headers longer than 65535 bytes; forced here).
v2 = rng.standard_normal(5)
with open(OUT / "f8_v2.npy", "wb") as f:
    np.lib.format.write_array(f, v2, version=(2, 0))
add("npy", "f8_v2.npy", v2, "float64", fortran=False)

# ---- .npz (scipy.sparse.save_npz) ----------------------------------------------------------------
def npz(name, m, dtype, compressed=True):
    sp.save_npz(str(OUT / name), m, compressed=compressed)
    back = sp.load_npz(str(OUT / name))
    add("npz", name, back.toarray(), dtype, format=back.format, nnz=int(back.nnz))


B = sp.random_array((6, 7), density=0.3, format="csr", rng=rng)
npz("csr_f8.npz", B, "float64")
npz("csr_f8_stored.npz", B, "float64", compressed=False)
npz("csc_f8.npz", B.tocsc(), "float64")
npz("coo_f8.npz", B.tocoo(), "float64")
npz("coo_f4_stored.npz", B.tocoo().astype(np.float32), "float32", compressed=False)
npz("csr_i4.npz", sp.csr_array(rng.integers(-5, 5, (4, 3)).astype(np.int32)), "int32")
npz("dia_f8.npz", sp.dia_array((rng.standard_normal((3, 5)), [0, -1, 2]), shape=(5, 5)), "float64")
npz("csr_empty.npz", sp.csr_array((3, 4)), "float64")
# int64 index arrays (SciPy uses them past 2^31 entries, or when given): read as int32 when they fit.
B64 = sp.random_array((5, 4), density=0.5, format="csr", rng=rng)
B64.indices = B64.indices.astype(np.int64)
B64.indptr = B64.indptr.astype(np.int64)
npz("csr_i8_indices.npz", B64, "float64")
C64 = B64.tocoo()
C64.coords = tuple(c.astype(np.int64) for c in C64.coords)
npz("coo_i8_indices.npz", C64, "float64")

with open(OUT / "manifest.json", "w") as f:
    json.dump({"numpy": np.__version__, "scipy": sp.__name__ and __import__("scipy").__version__, "files": manifest}, f, indent=1)
print(f"wrote {len(manifest)} fixtures to {OUT}")
