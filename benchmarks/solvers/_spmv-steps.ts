import * as np from 'cohortjs/numpy';
import { configure, fence } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';

configure({ workers: Number(process.argv[3] ?? 2) });
const n = Number(process.argv[2] ?? 1e6);
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
let t = performance.now();
let c = cpu();
const lap = (what: string) => {
  const t1 = performance.now(),
    c1 = cpu();
  console.log(
    `${what.padEnd(28)} wall ${(t1 - t).toFixed(1).padStart(8)} ms  cpu ${(c1 - c).toFixed(1).padStart(8)}`,
  );
  t = t1;
  c = c1;
};
np.sum(np.ones([4_000_000])).item();
lap('pool start (a 4e6 sum)');
const offsets = Array.from({ length: 11 }, (_, k) => k - 5);
const A = sparse.diags(
  offsets.map(() => 1),
  offsets,
  { shape: [n, n], format: 'csr', dtype: 'float64' },
);
lap('diags issue');
np.sum((A as sparse.csr_array).data).item();
fence();
lap('diags done');
const x = np.ones([n]);
np.sum(x).item();
lap('x');
for (let i = 0; i < 6; i++) {
  const y = A.dot(x) as np.ndarray;
  y.get('0').item();
  fence();
  lap(`spmv ${i}`);
}
process.exit(0);
