/**
 * The sparse linear-algebra warm-up (runtime/warm.ts, issue 16 item 4): when
 * `cohortjs/sparse/linalg` is imported, a tiny CSR system is built and solved once by `cg` and by
 * `bicgstab` through their public paths, so that a program's first solve does not pay the one-time
 * costs of a cold process — the one-task solve's kernel source generated and compiled, its Wasm
 * module decoded, compiled and instantiated on the heap, the solvers' drivers (operator wrapping,
 * the system's checks, the mapper's questions) compiled by V8, and the CSR SpMV kernel generated.
 * Every launch is tiny and runs inline on the issuing thread (the warm-up's mapper): no worker is
 * started, no event is numbered, nothing the user's program decides changes; its arrays are
 * disposed at once. Measured: see sparse/linalg/README.md "One-task solves".
 */
import * as np from '../../dense/index.js';
import { warmUp } from '../../runtime/index.js';
import { diags } from '../functions.js';
import { bicgstab } from './bicgstab.js';
import { cg } from './cg.js';

/** A 6 × 6 tridiagonal SPD system, solved to a fixed iteration count, its result read. */
function program(): void {
  const A = diags([-1, 4, -1], [-1, 0, 1], { shape: [6, 6], format: 'csr' });
  const b = np.ones([6]);
  const y = A.dot(b) as np.ndarray;
  const [x, info] = cg(A, b, { rtol: 0, atol: 0, maxiter: 3 });
  const [z, info2] = bicgstab(A, b, { rtol: 0, atol: 0, maxiter: 2 });
  const v = (y.get('0').item() as number) + (x.get('0').item() as number) + (z.get('0').item() as number);
  if (info !== 3 || info2 !== 2 || !Number.isFinite(v))
    throw new Error(`sparse.linalg warm-up: ${info} ${info2} ${v}`);
  for (const a of [b, y, x, z]) a.dispose();
  A.dispose();
}

warmUp('sparse.linalg', program);
