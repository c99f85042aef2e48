/**
 * Child of tests/runtime/zero-pages.test.ts: one scenario of runtime/zero-pages.ts in a fresh
 * process (so the zeros come from heap memory never written, the case that is tracked). Prints one
 * JSON line: whether the addon can give pages back, whether every value read back is right, and
 * the tracking's counters.
 *
 * ZERO_MODE:
 * - `stencil`: a grid of zeros whose boundary is set (column 0 to -0.0, so that a sign bit must
 *   survive), read whole, then its interior written from a shifted copy of itself;
 * - `inplace`: a vector of zeros read, then `+= 1` (read and written by one launch), and one
 *   `+= 2` never read before;
 * - `release`: a vector of zeros read, then disposed; a vector of zeros and one of sevens then
 *   reuse its memory;
 * - `small`: 8 MB vectors of zeros written at a few elements only — after a read (a slice set),
 *   never read (a slice `+=`), and by an integer-array index (a `write` that reads nothing) — so
 *   that only the pages those elements touch are handled.
 */
import * as np from '../../../dense/index.js';
import { configure, fence } from '../../../runtime/index.js';
import { nativeAddon } from '../../../runtime/native-addon.js';
import { zeroPageStats } from '../../../runtime/zero-pages.js';

configure({ workers: Number(process.env.COHORT_WORKERS ?? 0) });
const mode = process.env.ZERO_MODE ?? 'stencil';
const addon = nativeAddon();
const canGive = addon?.discard !== undefined && addon.populate !== undefined;
let ok = true;
const check = (cond: boolean) => {
  if (!cond) ok = false;
};

if (mode === 'stencil') {
  // Rows of 16 KB, as stencil's: the boundary columns touch about two pages of each row's four.
  const R = 100;
  const C = 2000;
  const g = np.zeros([R, C]);
  g.set(':, 0', -0.0);
  g.set(':, -1', 3.5);
  g.set('0, :', 40);
  const ref = new Float64Array(R * C);
  for (let i = 0; i < R; i++) {
    ref[i * C] = -0.0;
    ref[i * C + C - 1] = 3.5;
  }
  for (let j = 0; j < C; j++) ref[j] = 40;
  check(np.sum(g).item() === R * 3.5 - 3.5 + 40 * C);
  // The interior from the rows above it (a temporary reads g, then the copy writes it).
  g.set('1:-1, 1:-1', np.add(g.get('0:-2, 1:-1'), 1));
  const next = ref.slice();
  for (let i = 1; i < R - 1; i++) for (let j = 1; j < C - 1; j++) next[i * C + j] = ref[(i - 1) * C + j]! + 1;
  const got = g.toArray() as Float64Array;
  for (let k = 0; k < next.length; k++) check(Object.is(got[k], next[k]));
} else if (mode === 'inplace') {
  const n = 300_000;
  const x = np.zeros([n]);
  check(np.sum(x).item() === 0);
  x.iadd(1);
  const y = np.zeros([n]);
  y.iadd(2);
  const gx = x.toArray() as Float64Array;
  const gy = y.toArray() as Float64Array;
  for (let k = 0; k < n; k++) check(gx[k] === 1 && gy[k] === 2);
} else if (mode === 'release') {
  const n = 300_000;
  const z = np.zeros([n]);
  check(np.sum(z).item() === 0);
  z.dispose();
  fence();
  const w = np.zeros([n]);
  const u = np.full([n], 7);
  const gw = w.toArray() as Float64Array;
  const gu = u.toArray() as Float64Array;
  for (let k = 0; k < n; k++) check(Object.is(gw[k], 0) && gu[k] === 7);
} else if (mode === 'small') {
  const n = 1 << 20;
  const z = np.zeros([n]);
  check(np.sum(z).item() === 0);
  z.set('100000:100010', 1);
  const y = np.zeros([n]);
  y.get('5000:5003').iadd(2);
  const w = np.zeros([n]);
  w.set([np.array([3, 70_000, 900_000])], 7);
  check(np.sum(z).item() === 10 && np.sum(y).item() === 6 && np.sum(w).item() === 21);
  const gw = w.toArray() as Float64Array;
  check(gw[3] === 7 && gw[70_000] === 7 && gw[900_000] === 7 && gw[4] === 0);
}
fence();
console.log(JSON.stringify({ canGive, ok, ...zeroPageStats }));
process.exit(0);
