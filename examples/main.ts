/**
 * `npm start`: the main demo. Multigrid-preconditioned CG on 2-D Poisson with about a million
 * unknowns (1023×1023 grid; examples/multigrid.ts), progress lines while it runs, then the same
 * solve by plain CG, and a summary of both.
 *
 * Run: npm start [-- nx=1023 rtol=1e-10] (or positionally: npm start -- 1023 1e-10)
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as np from 'cohortjs/numpy';
import { workerCount } from 'cohortjs/runtime';
import { cg } from 'cohortjs/sparse/linalg';
import { parseDemoArgs, UsageError } from './demo-args.js';
import { buildHierarchy, vcycleOperator } from './multigrid.js';
import { poisson2d, poissonProblem } from './poisson.js';

// Workaround for a runtime gap (to be removed when the runtime accounts for it): temporaries live
// in SharedArrayBuffers, whose memory does not drive V8's garbage collector, so thousands of
// 8 MB temporaries of a long solve would pile up before a collection. Collect every 100 iterations.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

let args: ReturnType<typeof parseDemoArgs>;
try {
  args = parseDemoArgs(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  console.error(e.message);
  process.exit(2);
}
const { nx, rtol } = args;
const A = poisson2d(nx);
const { b, exact } = poissonProblem(nx);
const bnorm = np.linalg.norm(b).item() as number;
console.log(
  `cohort demo: 2-D Poisson, ${nx}x${nx} grid = ${A.shape[0]} unknowns, ${A.nnz} nonzeros, ${workerCount()} worker(s)`,
);

function solve(label: string, every: number, M?: ReturnType<typeof vcycleOperator>) {
  const t0 = performance.now();
  let it = 0;
  const [x, info] = cg(A, b, {
    rtol,
    M,
    callback: (xk) => {
      it++;
      if (it % 100 === 0) collect();
      if (it % every === 0) {
        const r = (np.linalg.norm(np.subtract(b, A.dot(xk))).item() as number) / bnorm;
        console.log(
          `  ${label} iteration ${String(it).padStart(5)}: relative residual ${r.toExponential(3)}, ${((performance.now() - t0) / 1000).toFixed(2)} s`,
        );
      }
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  const err = np.max(np.abs(np.subtract(x, exact))).item() as number;
  return { it, info, seconds, err };
}

const t0 = performance.now();
const levels = buildHierarchy(A, nx, 'linear');
const setup = (performance.now() - t0) / 1000;
console.log(
  `multigrid: ${levels.length} levels (${levels.map((l) => `${l.nx}²`).join(' → ')}), setup ${setup.toFixed(2)} s`,
);
const mg = solve('MG-PCG', 2, vcycleOperator(levels));
console.log('plain CG, same problem and tolerance:');
const plain = solve('CG', 250);
console.log('\nsummary (rtol = %s)', rtol);
console.log(
  `  multigrid-preconditioned CG: ${String(mg.it).padStart(5)} iterations, ${(mg.seconds + setup).toFixed(2)} s (${setup.toFixed(2)} s setup), info ${mg.info}, max error ${mg.err.toExponential(2)}`,
);
console.log(
  `  plain CG:                    ${String(plain.it).padStart(5)} iterations, ${plain.seconds.toFixed(2)} s, info ${plain.info}, max error ${plain.err.toExponential(2)}`,
);
console.log(
  `  speed-up: ${(plain.seconds / (mg.seconds + setup)).toFixed(1)}x in time, ${(plain.it / Math.max(mg.it, 1)).toFixed(0)}x fewer iterations`,
);
