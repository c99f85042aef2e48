#!/usr/bin/env python3
"""Correctly rounded references for cohort's transcendentals (codegen/wasm-math.ts), by mpmath.

Writes tests/fixtures/math/<fn>.json: {"fn", "x": [...], "y": [...]} where each entry is the
16-hex-digit IEEE 754 bit pattern of a float64 — x the argument, y f(x) correctly rounded to
float64 (computed at 300 bits, then rounded once). Arguments: random bit patterns over each
function's whole domain (every binade, subnormals included), dense samples near the reduction
boundaries and overflow/underflow thresholds, and the special values.
"""
import json
import pathlib
import random
import struct

import mpmath

mpmath.mp.prec = 300
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "math"


def bits(x: float) -> str:
    return struct.pack(">d", x).hex()


def from_bits(u: int) -> float:
    return struct.unpack(">d", struct.pack(">Q", u))[0]


def rounded(v) -> float:
    """mpmath value -> nearest float64 (ties to even), with overflow to inf and gradual underflow."""
    if mpmath.isnan(v):
        return float("nan")
    if mpmath.isinf(v):
        return float(v)
    if v == 0:
        return 0.0
    # Round to 53 bits (or to the subnormal grid) in one step.
    m, e = mpmath.frexp(v)  # v = m * 2^e, 0.5 <= |m| < 1
    e = int(e)
    if e > 1024:
        return float("inf") if v > 0 else float("-inf")
    p = 53 if e >= -1021 else 53 - (-1021 - e)
    scaled = mpmath.ldexp(v, p - e)
    n = int(mpmath.nint(scaled))  # nint: ties to even
    r = mpmath.ldexp(n, e - p)
    f = float(r)  # exact now (or inf)
    return f


def rand_doubles(rng: random.Random, lo: float, hi: float, n: int):
    """Random doubles in [lo, hi] spread over binades (uniform over bit patterns)."""
    out = []
    for _ in range(n):
        if lo >= 0:
            a, b = struct.unpack(">Q", struct.pack(">d", lo))[0], struct.unpack(">Q", struct.pack(">d", hi))[0]
            out.append(from_bits(rng.randint(a, b)))
        else:
            # symmetric: magnitude by bit pattern up to max(|lo|, |hi|), random sign within range
            m = max(-lo, hi)
            x = from_bits(rng.randint(0, struct.unpack(">Q", struct.pack(">d", m))[0]))
            x = -x if rng.random() < 0.5 else x
            if lo <= x <= hi:
                out.append(x)
    return out


def specials():
    return [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 5e-324, -5e-324, 2.2250738585072014e-308,
            2.225073858507201e-308, 1.7976931348623157e308, -1.7976931348623157e308, 1.0, -1.0, 0.5, 2.0]


def gen_exp(rng):
    xs = specials()
    xs += rand_doubles(rng, -750.0, 750.0, 4000)
    xs += [rng.uniform(-745.2, 709.8) for _ in range(4000)]
    xs += [rng.uniform(-1, 1) * 2.0 ** -rng.randint(0, 60) for _ in range(1000)]
    for t in (709.782712893384, -745.1332191019411, -708.3964185322641, -744.44007192138126):
        for k in range(-40, 41):
            xs.append(from_bits(struct.unpack(">Q", struct.pack(">d", t))[0] + k))
    import math
    for k in range(-1100, 1030):  # multiples of ln2 and halfway points: reduction boundaries
        xs.append(k * math.log(2))
        xs.append((k + 0.5) * math.log(2))
    return xs, mpmath.exp


def gen_log(rng):
    xs = specials()
    xs += rand_doubles(rng, 0.0, 1.7976931348623157e308, 6000)
    xs += [rng.uniform(0.5, 2.0) for _ in range(3000)]
    xs += [1 + rng.uniform(-1, 1) * 2.0 ** -rng.randint(1, 60) for _ in range(1000)]
    xs += [-rng.uniform(0, 10) for _ in range(20)]
    xs += rand_doubles(rng, 0.0, 2.2250738585072014e-308, 300)

    def f(x):
        if x < 0:
            return mpmath.mpf("nan")
        if x == 0:
            return mpmath.mpf("-inf")
        return mpmath.log(x)
    return xs, f


def gen_trig(rng):
    """sin/cos: the whole range (Payne-Hanek beyond 1.6e6), near multiples of pi/2 (the
    reduction's cancellation), around the 1.6e6 switch, and the double closest to a multiple of
    pi/2 (6381956970095103 * 2^797)."""
    import math
    xs = specials()
    xs += rand_doubles(rng, -1.7976931348623157e308, 1.7976931348623157e308, 4000)
    xs += [rng.uniform(-10, 10) for _ in range(2000)]
    xs += [rng.uniform(-2e6, 2e6) for _ in range(1000)]
    xs += [rng.uniform(-1, 1) * 2.0 ** -rng.randint(0, 60) for _ in range(500)]
    half_pi = mpmath.pi / 2
    for k in list(range(-200, 201)) + [rng.randint(-2**20, 2**20) for _ in range(600)]:
        c = float(k * half_pi)
        u = struct.unpack(">Q", struct.pack(">d", abs(c)))[0]
        for d in (-1, 0, 1):
            xs.append(math.copysign(from_bits(u + d), c) if c != 0 else from_bits(d if d >= 0 else 0))
    u = struct.unpack(">Q", struct.pack(">d", 1.6e6))[0]
    xs += [from_bits(u + d) for d in range(-20, 21)] + [-from_bits(u + d) for d in range(-20, 21)]
    xs += [math.ldexp(6381956970095103, 797), -math.ldexp(6381956970095103, 797), 2.0**1023, 1e22, 1e300]
    xs += [math.ldexp(rng.randint(2**52, 2**53 - 1), rng.randint(-10, 971)) for _ in range(500)]
    xs += rand_doubles(rng, 0.0, 2.2250738585072014e-308, 100)
    return xs


def gen_sin(rng):
    return gen_trig(rng), mpmath.sin


def gen_cos(rng):
    return gen_trig(rng), mpmath.cos


def gen_tanh(rng):
    """tanh: the whole range, [-1, 1] and [-25, 25] densely, around the 0.55 switch, tiny values."""
    xs = specials()
    xs += rand_doubles(rng, -1.7976931348623157e308, 1.7976931348623157e308, 3000)
    xs += [rng.uniform(-1, 1) for _ in range(3000)]
    xs += [rng.uniform(-25, 25) for _ in range(2000)]
    xs += [rng.uniform(-1, 1) * 2.0 ** -rng.randint(0, 60) for _ in range(1000)]
    u = struct.unpack(">Q", struct.pack(">d", 0.55))[0]
    xs += [from_bits(u + d) for d in range(-50, 51)] + [-from_bits(u + d) for d in range(-50, 51)]
    xs += [rng.uniform(0.5, 0.6) for _ in range(1000)]
    xs += rand_doubles(rng, 0.0, 2.2250738585072014e-308, 100)
    return xs, mpmath.tanh


def reference(fn, x: float) -> float:
    import math
    if math.isnan(x):
        return float("nan")
    if math.isinf(x):
        if fn is mpmath.exp:
            return float("inf") if x > 0 else 0.0
        if fn is mpmath.sin or fn is mpmath.cos:
            return float("nan")
        if fn is mpmath.tanh:
            return 1.0 if x > 0 else -1.0
        return float("inf") if x > 0 else float("nan")
    v = fn(mpmath.mpf(x))
    return rounded(v)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, gen in (("exp", gen_exp), ("log", gen_log), ("sin", gen_sin), ("cos", gen_cos), ("tanh", gen_tanh)):
        rng = random.Random(20261126)
        xs, fn = gen(rng)
        ys = [reference(fn, x) for x in xs]
        (OUT / f"{name}.json").write_text(json.dumps({"fn": name, "x": [bits(x) for x in xs], "y": [bits(y) for y in ys]}))
        print(f"math/{name}.json: {len(xs)} points")


if __name__ == "__main__":
    main()
