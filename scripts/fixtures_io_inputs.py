#!/usr/bin/env python3
"""Writes the fixtures of cohort/io's inputs beyond single files into tests/fixtures/io-inputs/.

NumPy's own multi-array archives (np.savez, np.savez_compressed), a gzip-compressed Matrix Market
file (scipy.io.mmwrite, then gzip), int64 .npy files at and past 2**53, and ZIP64 archives. manifest.json gives
what NumPy/SciPy read back from each: per array its shape, dtype as cohort reports it, and values
flattened in C order. tests/io/inputs.test.ts reads them with cohort. Run through `npm run
fixtures`; the outputs are committed so the tests never need Python.
"""
import gzip
import io
import json
import zipfile
import pathlib

import numpy as np
import scipy.io as sio
import scipy.sparse as sp

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "io-inputs"
OUT.mkdir(parents=True, exist_ok=True)
for old in OUT.iterdir():
    if old.is_file():
        old.unlink()

COHORT = {"float64": "float64", "float32": "float32", "int32": "int32", "uint8": "uint8", "bool": "bool"}


def entry(a, dtype=None):
    a = np.asarray(a)
    vals = [int(v) if isinstance(v, (bool, np.bool_)) else v for v in a.ravel(order="C").tolist()]
    return {"shape": list(a.shape), "dtype": dtype or COHORT[str(a.dtype)], "values": vals}


manifest = {}

# np.savez: positional arrays become arr_0, arr_1; keywords keep their names. int64 reads as int32.
arrays = (np.arange(6, dtype=np.int64).reshape(2, 3), np.linspace(0, 1, 5))
named = {"flags": np.array([True, False, True]), "scalar": np.float64(2.5)}
np.savez(OUT / "savez_multi.npz", *arrays, **named)
back = np.load(OUT / "savez_multi.npz")
manifest["savez_multi.npz"] = {
    "arr_0": entry(back["arr_0"], "int32"),
    "arr_1": entry(back["arr_1"]),
    "flags": entry(back["flags"]),
    "scalar": entry(back["scalar"]),
}

np.savez_compressed(
    OUT / "savez_compressed_multi.npz",
    w=np.arange(12, dtype=np.float32).reshape(3, 4) / 7,
    u=np.array([[1, 2], [250, 0]], dtype=np.uint8),
    f=np.asfortranarray(np.arange(6, dtype=np.int32).reshape(2, 3)),
)
back = np.load(OUT / "savez_compressed_multi.npz")
manifest["savez_compressed_multi.npz"] = {k: entry(back[k]) for k in ("w", "u", "f")}

# A Matrix Market file, gzip-compressed (SciPy's mmread reads .mtx.gz).
m = sp.random(7, 5, density=0.4, format="coo", random_state=np.random.default_rng(7))
buf = io.BytesIO()
sio.mmwrite(buf, m)
with open(OUT / "real_general.mtx.gz", "wb") as raw, gzip.GzipFile("", "wb", fileobj=raw, mtime=0) as f:
    f.write(buf.getvalue())  # mtime 0: the same bytes at every run
back = sio.mmread(str(OUT / "real_general.mtx.gz"))
manifest["real_general.mtx.gz"] = {"": {**entry(back.toarray(), "float64"), "nnz": int(back.nnz)}}

# int64 .npy: exact in float64 up to 2**53 (read as float64); one past it cannot be read exactly.
np.save(OUT / "i8_exact.npy", np.array([2**53, -(2**53), 3], dtype=np.int64))
manifest["i8_exact.npy"] = {"": entry(np.load(OUT / "i8_exact.npy").astype(np.float64))}
np.save(OUT / "i8_overflow.npy", np.array([1, 2**53 + 1], dtype=np.int64))
manifest["i8_overflow.npy"] = {"error": "int64 value 9007199254740993 (element 1) is beyond ±2^53"}

# ZIP64 archives, small: Python's zipfile writes ZIP64 records (the ZIP64 end record and locator,
# each entry's sizes and offset in a ZIP64 extra field) for anything past ZIP64_LIMIT, so lowering
# it makes np.savez and scipy.sparse.save_npz write what they write for files past 4 GiB.
limits = (zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT)
zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = 0, 0
try:
    np.savez(OUT / "zip64_savez.npz", a=np.arange(5, dtype=np.int32), b=np.eye(2))
    sp.save_npz(OUT / "zip64_csr.npz", sp.random(4, 6, density=0.5, format="csr", random_state=np.random.default_rng(3)))
finally:
    zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = limits
raw = (OUT / "zip64_savez.npz").read_bytes()
assert b"PK\x06\x06" in raw and b"PK\x06\x07" in raw, "no ZIP64 end record written"
back = np.load(OUT / "zip64_savez.npz")
manifest["zip64_savez.npz"] = {k: entry(back[k]) for k in ("a", "b")}
m = sp.load_npz(OUT / "zip64_csr.npz")
manifest["zip64_csr.npz"] = {"": {**entry(m.toarray()), "nnz": int(m.nnz), "format": m.format}}

(OUT / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
print(f"wrote {len(manifest)} fixtures to {OUT}")
