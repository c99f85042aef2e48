#!/usr/bin/env python3
"""Generates tests/fixtures/integrate/ivp.json with SciPy's solve_ivp (RK23, RK45, DOP853) on a few
ODEs: exponential decay, Van der Pol (mu = 1, non-stiff), a linear system with a sparse matrix (the
1-D heat operator), backwards integration, a blow-up (the step-size failure), and the options
t_eval, max_step, first_step, per-component atol, args, vectorized, dense_output and events
(non-terminal, terminal, terminal after a count, with directions).

Each case records the problem by name (the test rebuilds it with cohort), SciPy's t, y, nfev,
status and message. Run by `npm run fixtures` (scripts/make_fixtures.py).
"""
import json
import pathlib

import numpy as np
import scipy.sparse as sp
from scipy.integrate import solve_ivp

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "integrate" / "ivp.json"

HEAT_N = 30


def heat_matrix(n=HEAT_N):
    # -tridiag(-1, 2, -1) * (n + 1)^2 / 100: eigenvalues in (-0.04 (n+1)^2, 0)
    return sp.diags([1.0, -2.0, 1.0], [-1, 0, 1], shape=(n, n), format="csr") * ((n + 1) ** 2 / 100.0)


HEAT = heat_matrix()


def problem(name):
    if name == "decay":
        return lambda t, y: -0.5 * y
    if name == "vdp":
        return lambda t, y: np.array([y[1], (1 - y[0] ** 2) * y[1] - y[0]])
    if name == "heat":
        return lambda t, y: HEAT @ y
    if name == "blowup":
        return lambda t, y: y * y
    if name == "forced":  # y' = -k y + sin(t), k from args
        return lambda t, y, k: -k * y + np.sin(t)
    if name == "cannon":  # height, velocity under gravity
        return lambda t, y: np.array([y[1], -9.81])
    if name == "vdp_vec":  # vectorized: y is n x 1
        return lambda t, y: np.vstack([y[1], (1 - y[0] ** 2) * y[1] - y[0]])
    raise KeyError(name)


def y0_of(name):
    if name == "decay":
        return [2.0, 4.0, 8.0]
    if name in ("vdp", "vdp_vec"):
        return [2.0, 0.0]
    if name == "heat":
        x = np.arange(1, HEAT_N + 1) / (HEAT_N + 1)
        return (4 * x * (1 - x)).tolist()
    if name == "blowup":
        return [1.0]
    if name == "forced":
        return [1.0, -1.0]
    if name == "cannon":
        return [0.0, 10.0]
    raise KeyError(name)


SPECS = [
    ("decay", [0, 10], {}),
    ("decay", [0, 10], {"rtol": 1e-8, "atol": 1e-10}),
    ("decay", [0, 10], {"t_eval": [0.0, 0.5, 2.5, 7.0, 10.0]}),
    ("decay", [10, 0], {"rtol": 1e-6}),
    ("decay", [0, 10], {"max_step": 0.5}),
    ("decay", [0, 10], {"first_step": 0.01, "atol": [1e-6, 1e-8, 1e-10]}),
    # [0, 12], not longer: at default tolerances DOP853's first error estimate on this problem is
    # pure rounding noise (1.6e-17 in SciPy, another tiny value with another summation order), and
    # the difference in the step sizes grows along the limit cycle (1e-5 relative by t = 19.5).
    ("vdp", [0, 12], {}),
    ("vdp", [0, 20], {"rtol": 1e-6, "atol": 1e-9, "t_eval": np.linspace(0, 20, 41).tolist()}),
    ("vdp", [20, 5], {"t_eval": [20.0, 17.5, 12.0, 5.0]}),
    ("vdp_vec", [0, 10], {"vectorized": True}),
    ("heat", [0, 1], {}),
    ("heat", [0, 1], {"rtol": 1e-7, "atol": 1e-9}),
    ("heat", [0, 1], {"t_eval": [0.1, 0.25, 0.5, 1.0]}),
    ("blowup", [0, 2], {}),
    ("forced", [0, 5], {"args": [3.0], "rtol": 1e-6}),
    # dense_output: the continuous solution, evaluated at SOL_POINTS across the span
    ("vdp", [0, 12], {"dense_output": True}),
    ("decay", [10, 0], {"dense_output": True, "t_eval": [10.0, 7.5, 2.0, 0.0]}),
    ("heat", [0, 1], {"dense_output": True, "rtol": 1e-6}),
]

SOL_POINTS = 9

# Events: (name, terminal, direction); the test builds the same functions.
EVENT_FUNS = {
    "y0_minus_1": lambda t, y: y[0] - 1.0,
    "height": lambda t, y: y[0],
    "apex": lambda t, y: y[1],
    "x_zero": lambda t, y: y[0],
}
EVENT_SPECS = [
    ("decay", [0, 10], [("y0_minus_1", False, 0)]),
    ("cannon", [0, 100], [("height", True, -1), ("apex", False, 0)]),
    ("vdp", [0, 12], [("x_zero", 2, 0)]),
    ("vdp", [0, 12], [("x_zero", False, 1)]),
]


def event_of(name, terminal, direction):
    f = EVENT_FUNS[name]

    def g(t, y):
        return f(t, y)

    g.terminal = terminal
    g.direction = direction
    return g


def main():
    cases = []
    for method in ["RK23", "RK45", "DOP853"]:
        for name, span, opts in SPECS:
            kw = dict(opts)
            if "args" in kw:
                kw["args"] = tuple(kw["args"])
            r = solve_ivp(problem(name), span, y0_of(name), method=method, **kw)
            cases.append(
                {
                    "problem": name,
                    "method": method,
                    "t_span": span,
                    "y0": y0_of(name),
                    "options": opts,
                    "t": r.t.tolist(),
                    "y": r.y.tolist(),
                    "nfev": int(r.nfev),
                    "status": int(r.status),
                    "message": r.message,
                }
            )
            if r.sol is not None:
                ts = np.linspace(span[0], span[1], SOL_POINTS)
                cases[-1]["sol_t"] = ts.tolist()
                cases[-1]["sol_y"] = r.sol(ts).tolist()
                cases[-1]["sol_ts"] = r.sol.ts.tolist()
        for name, span, evs in EVENT_SPECS:
            r = solve_ivp(problem(name), span, y0_of(name), method=method, events=[event_of(*e) for e in evs])
            cases.append(
                {
                    "problem": name,
                    "method": method,
                    "t_span": span,
                    "y0": y0_of(name),
                    "options": {},
                    "events": [list(e) for e in evs],
                    "t_events": [te.tolist() for te in r.t_events],
                    "y_events": [np.asarray(ye).tolist() for ye in r.y_events],
                    "t": r.t.tolist(),
                    "y": r.y.tolist(),
                    "nfev": int(r.nfev),
                    "status": int(r.status),
                    "message": r.message,
                }
            )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"heat_n": HEAT_N, "cases": cases}) + "\n")
    print(f"wrote {OUT} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
