/**
 * Child program of tests/runtime/warm.test.ts, a fresh process: imports cohort through the entry
 * named by argv[2] (`root`: `cohortjs`'s index, `sparse`: cohortjs/sparse then
 * cohortjs/sparse/linalg, `linalg`: cohortjs/sparse/linalg alone), then solves a small Poisson
 * system by `cg` and `bicgstab` and prints as JSON: the warm-up records, the event number after
 * import and at the end, how many kernels the first solve registered, the decision log, and the
 * iterates' bits.
 */
import { startDecisionLog, stopDecisionLog } from '../../../runtime/decisions.js';
import { peekSeq } from '../../../runtime/events.js';
import { configure, warmupReport } from '../../../runtime/index.js';
import { kernelCount } from '../../../runtime/kernels.js';

const entry = process.argv[2] ?? 'root';
type Lib = { np: typeof import('../../../dense/index.js'); sp: typeof import('../../../sparse/index.js') };
type Linalg = typeof import('../../../sparse/linalg/index.js');
let lib: Lib;
let linalg: Linalg;
if (entry === 'root') {
  const root = await import('../../../index.js');
  lib = { np: root.np, sp: root.sp };
  linalg = root.linalg;
} else if (entry === 'sparse') {
  const sp = await import('../../../sparse/index.js');
  linalg = await import('../../../sparse/linalg/index.js');
  lib = { np: await import('../../../dense/index.js'), sp };
} else {
  linalg = await import('../../../sparse/linalg/index.js');
  lib = { np: await import('../../../dense/index.js'), sp: await import('../../../sparse/index.js') };
}
const seqAfterImport = peekSeq();
configure({ workers: Number(process.env.COHORT_WORKERS ?? '2') });
const { np, sp } = lib;
const nx = 12;
const T = sp.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1], {
  format: 'csr',
});
const I = sp.identity(nx, { format: 'csr' });
const A = sp
  .kron(T, I, { format: 'csr' })
  .add(sp.kron(I, T, { format: 'csr' }))
  .tocsr();
const b = np.ones([nx * nx]);
startDecisionLog();
const k0 = kernelCount();
const [x, info] = linalg.cg(A, b, { rtol: 0, atol: 0, maxiter: 20 });
const made = kernelCount() - k0;
const [z, info2] = linalg.bicgstab(A, b, { rtol: 0, atol: 0, maxiter: 10 });
const log = stopDecisionLog();
const values = Float64Array.from([
  ...(x.toArray() as Float64Array),
  ...(z.toArray() as Float64Array),
  info,
  info2,
]);
const bits = Array.from(new Uint32Array(values.buffer));
console.log(JSON.stringify({ warmups: warmupReport(), seqAfterImport, seqEnd: peekSeq(), made, log, bits }));
process.exit(0);
