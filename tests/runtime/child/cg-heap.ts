/**
 * Child program of tests/runtime/lifecycle.test.ts: one synchronous CG solve of 3,000 iterations
 * on a small 2-D Poisson problem, printing the JS heap (after a full collection) at iterations
 * 1,000 and 3,000. A solver loop must not retain its past iterations (it once did: pending 0-d
 * results and launch memos chained every iteration's scalars back to the first).
 */
import * as np from '../../../dense/index.js';
import { collectNow } from '../../../runtime/memory.js';
import * as sp from '../../../sparse/index.js';
import * as la from '../../../sparse/linalg/index.js';

const nx = 80; // large enough that CG runs all 3,000 iterations (nx = 30 stops near 1,000)
const T = sp.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1], {
  shape: [nx, nx],
});
const I = sp.identity(nx);
const A = sp.kron(I, T).add(sp.kron(T, I)).tocsr();
const b = np.ones(nx * nx);
const heap: Record<number, number> = {};
let it = 0;
la.cg(A, b, {
  maxiter: 3000,
  rtol: 1e-300,
  callback: () => {
    it++;
    if (it === 1000 || it === 3000) {
      // Three rounds: a collection's finalizers drop records that only the next one frees.
      for (let k = 0; k < 3; k++) collectNow();
      heap[it] = process.memoryUsage().heapUsed / 2 ** 20;
    }
  },
});
console.log(JSON.stringify({ at1000: heap[1000], at3000: heap[3000], iterations: it }));
