/**
 * Stress check (not a benchmark; the runner skips `_` programs): random small COO → CSR, `tocsc`
 * and `tril`, each compared through `toarray` with a host reference (duplicates summed in the
 * dtype), at pool size W (default 2) with tiny pieces and one chunk per worker, for SECS seconds
 * (default 240). Found the doubled-entries failure behind sparse/README.md's "pool-size-2 fill
 * question" (~1 conversion in 1,500–2,000 before 24e1fa1; none after). Prints each mismatch with
 * the CSR's arrays and the number of iterations.
 *
 * Run: SECS=120 W=2 node --import tsx benchmarks/sparse/_coo-stress.ts   (SEED for a fixed stream)
 */
import { configure, DefaultMapper } from '../../runtime/index.js';
import { setRowBlocksPerWorker } from '../../sparse/core/coo-scatter.js';
import { setMinChunk } from '../../sparse/core/coo-sort.js';
import * as sp from '../../sparse/index.js';

setMinChunk(1);
configure({
  workers: Number(process.env.W ?? 2),
  mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
});
let s = Number(process.env.SEED ?? Date.now() % 1e9);
console.log('seed', s);
const rnd = (k: number) => {
  s = (Math.imul(s, 1103515245) + 12345) >>> 0;
  return (s >>> 8) % k;
};
const VALUES = [-3, -1.5, -1, 0, 0.25, 0.5, 1, 2, 7];
const dts = ['int32', 'float32', 'float64'] as const;
const C = { int32: Int32Array, float32: Float32Array, float64: Float64Array } as const;
const end = Date.now() + Number(process.env.SECS ?? 240) * 1000;
let it = 0,
  bad = 0;
while (Date.now() < end) {
  it++;
  const m = 1 + rnd(12),
    n = 1 + rnd(12),
    nnz = rnd(2 * m * n + 1);
  const dt = dts[rnd(3)]!;
  setRowBlocksPerWorker([1, 2, 64][rnd(3)]!);
  const I: number[] = [],
    J: number[] = [],
    V: number[] = [];
  for (let k = 0; k < nnz; k++) {
    I.push(rnd(m));
    J.push(rnd(n));
    V.push(VALUES[rnd(9)]!);
  }
  const order = rnd(3);
  const ks = V.map((_, k) => k);
  if (order === 1) ks.sort((x, y) => I[x]! - I[y]! || x - y);
  if (order === 2) ks.sort((x, y) => I[x]! - I[y]! || J[x]! - J[y]! || x - y);
  const i2 = ks.map((k) => I[k]!),
    j2 = ks.map((k) => J[k]!),
    v2 = ks.map((k) => V[k]!);
  const want = new Float64Array(m * n);
  for (let k = 0; k < nnz; k++) {
    const p = i2[k]! * n + j2[k]!;
    want[p] =
      dt === 'int32'
        ? (want[p]! + Math.trunc(v2[k]!)) | 0
        : dt === 'float32'
          ? Math.fround(want[p]! + v2[k]!)
          : want[p]! + v2[k]!;
  }
  const vals = C[dt].from(v2.map((v) => (dt === 'int32' ? Math.trunc(v) : v)));
  const A = sp.coo_array([vals, [Int32Array.from(i2), Int32Array.from(j2)]], { shape: [m, n] });
  const R = A.tocsr();
  const got = R.toarray().toArray() as ArrayLike<number>;
  const T = A.tocsc().toarray().toArray() as ArrayLike<number>;
  const L = sp.tril(A, { k: 0 }).toarray().toArray() as ArrayLike<number>;
  let ok = true;
  for (let p = 0; p < m * n; p++) {
    if (got[p] !== want[p] || T[p] !== want[p]) ok = false;
    const r = (p / n) | 0,
      c = p % n;
    if (L[p] !== (c <= r ? want[p] : 0)) ok = false;
  }
  if (!ok) {
    bad++;
    console.log(
      'MISMATCH it',
      it,
      JSON.stringify({ m, n, nnz, dt, order }),
      'R',
      JSON.stringify([
        Array.from((R as any).indptr.toArray()),
        Array.from((R as any).indices.toArray()),
        Array.from((R as any).data.toArray()),
      ]),
      'again',
      JSON.stringify(Array.from(R.toarray().toArray() as ArrayLike<number>)),
      'got',
      JSON.stringify(Array.from(got)),
      'want',
      JSON.stringify(Array.from(want)),
    );
    if (bad > 3) break;
  }
}
console.log('iterations', it, 'bad', bad);
process.exit(bad > 0 ? 1 : 0);
