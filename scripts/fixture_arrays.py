"""Shared helpers of the dense fixture generators: JSON encoding of arrays (NaN, ±inf and -0 as
strings; int64 recorded as int32, cohort's default integer) and a case list that records NumPy's
result of a call (an array or a tuple of arrays)."""
import math

import numpy as np


def enc(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    if v == 0 and math.copysign(1, v) < 0:
        return "-0"
    return v


def arr(a):
    a = np.asarray(a)
    dt = str(a.dtype)
    if dt in ("int64", "uint64"):
        dt = "int32"
    return {"dtype": dt, "shape": list(a.shape), "values": [enc(x) for x in a.ravel()]}


class Cases:
    def __init__(self):
        self.cases = []

    def add(self, cid, inputs, params, fn):
        res = fn(*inputs.values())
        if isinstance(res, (tuple, list)):
            exp = {"kind": "tuple", "values": [arr(r) for r in res]}
        else:
            exp = {"kind": "array", **arr(res)}
        self.cases.append(
            {"id": cid, "inputs": {k: arr(v) for k, v in inputs.items()}, "params": params, "expected": exp}
        )
