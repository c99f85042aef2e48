// A user's program against the installed package: every subpath export, the worker pool, files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configure, np as npRoot } from 'cohortjs';
import { solve_ivp } from 'cohortjs/integrate';
import * as io from 'cohortjs/io';
import * as np from 'cohortjs/numpy';
import { workerCount } from 'cohortjs/runtime';
import * as sp from 'cohortjs/sparse';
import { connected_components } from 'cohortjs/sparse/csgraph';
import { cg } from 'cohortjs/sparse/linalg';

configure({ workers: 2 });
const n = 64;
const A = sp.diags([[-1], [2], [-1]], [-1, 0, 1], { shape: [n, n], format: 'csr' });
const b = np.ones(n);
const [x, info] = cg(A, b, { rtol: 1e-10 });
const dir = mkdtempSync(join(tmpdir(), 'cohort-consumer-'));
io.save_npz(join(dir, 'A.npz'), A);
const B = io.load_npz(join(dir, 'A.npz'));
rmSync(dir, { recursive: true, force: true });
const y = np.linspace(0, 1, 100_001).multiply(2).add(1);
const ode = solve_ivp((_t, u) => A.dot(u).multiply(-1), [0, 0.01], np.ones(n));
const [ncomp] = connected_components(A);
console.log(
  JSON.stringify({
    info,
    solved: np.allclose(A.dot(x), b),
    nnz: B.nnz,
    sum: Math.round(y.sum().item() * 1e6) / 1e6, // 200002.00000000006 (NumPy: ...03): the sum in lanes
    workers: workerCount(),
    oneModule: npRoot.ndarray === np.ndarray,
    ode: ode.success && ode.y.shape[0] === n,
    ncomp,
  }),
);
