/**
 * Transposed SpMV without a transpose (`A.T @ x`, sparse/core/spmv-transposed.ts) against the
 * plain SpMV on an explicit transpose and the transpose's own cost, on a banded CSR
 * (11 diagonals) and a random one, n = 1e6 unless given. Process CPU (all threads) and wall.
 *
 * Run: node --import tsx benchmarks/solvers/_spmv-t.ts [n=1000000] [workers=2]
 */
import * as np from 'cohortjs/numpy';
import { configure, fence } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';

const n = Number(process.argv[2] ?? 1e6);
configure({ workers: Number(process.argv[3] ?? 2) });
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
function time(what: string, f: () => void, reps = 5): void {
  const w: string[] = [];
  const c: string[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    const c0 = cpu();
    f();
    fence();
    w.push((performance.now() - t0).toFixed(1));
    c.push((cpu() - c0).toFixed(1));
  }
  console.log(`${what.padEnd(40)} wall ${w.join(' ')} ms | cpu ${c.join(' ')} ms`);
}
const offs = Array.from({ length: 11 }, (_, k) => k - 5);
const band = sparse.diags(
  offs.map((k) => k + 0.5),
  offs,
  { shape: [n, n], format: 'csr' },
) as sparse.csr_array;
const rnd = sparse.random(n, n, { density: 5 / n, format: 'csr', rng: 1 }) as sparse.csr_array;
const x = np.linspace(0, 1, n);
np.sum(band.data).item();
np.sum(rnd.data).item();
for (const [name, A] of [
  ['banded', band],
  ['random', rnd],
] as const) {
  const At = A.T.tocsr() as sparse.csr_array;
  fence();
  time(`${name}: A.T @ x (no transpose)`, () => (A.T.dot(x) as np.ndarray).get('0').item());
  time(`${name}: At @ x (At = A.T.tocsr())`, () => (At.dot(x) as np.ndarray).get('0').item());
  time(`${name}: A.T.tocsr()`, () => (A.T.tocsr() as sparse.csr_array).indptr.get('-1').item(), 3);
}
process.exit(0);
