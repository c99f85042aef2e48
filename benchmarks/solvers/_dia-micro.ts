/** DIA → CSR loops, one thread: the row-by-row reference against the tiled ones (n = 1e6, 11 diagonals). */
import { diaRows } from '../../sparse/kernels/assemble.js';
import { bandFill, bandPtr, diaCountTiled, diaFillTiled } from '../../sparse/kernels/dia.js';

const n = 1e6;
const nd = 11;
const offsets = Int32Array.from({ length: nd }, (_, k) => k - 5);
const ld = n + 5;
const dv = new Float64Array(nd * ld).fill(1);
const pos = new Int32Array(n + 1);
const crd = new Int32Array(11 * n);
const vals = new Float64Array(11 * n);
const band = new Float64Array(3 * nd);
offsets.forEach((k, d) => {
  band.set([Math.max(0, -k), Math.min(n, n - k), 1], 3 * d);
});
const ms = (f: () => void) => {
  const c = process.cpuUsage();
  f();
  const d = process.cpuUsage(c);
  return ((d.user + d.system) / 1000).toFixed(1);
};
const scan = () => {
  for (let i = 0; i < n; i++) pos[i + 1]! += pos[i]!;
};
for (let r = 0; r < 4; r++) {
  const c0 = ms(() => diaRows(offsets, dv, ld, n, pos, null as never, null as never, 0, 0, n));
  scan();
  const f0 = ms(() => diaRows(offsets, dv, ld, n, pos, crd, vals, 1, 0, n));
  const c1 = ms(() => diaCountTiled(offsets, dv, ld, n, pos, 0, n));
  scan();
  const f1 = ms(() => diaFillTiled(offsets, dv, ld, n, pos, crd, vals, 0, n));
  const c2 = ms(() => bandPtr(band, pos, 0, n));
  const f2 = ms(() => bandFill(band, offsets, pos, crd, vals, 0, n));
  console.log(
    `rows: count ${c0} fill ${f0} | tiled: count ${c1} fill ${f1} | band: ptr ${c2} fill ${f2} ms CPU`,
  );
}
