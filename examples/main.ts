/**
 * `npm start`: the main demo. Until the solvers land it runs a small runtime demo: an
 * element-wise launch and a deterministic reduction over a million elements.
 */
import { align, createRegion, launch, readStore, registerKernel, Store } from 'cohort/runtime';

registerKernel('demo.axpy', (t) => {
  const y = t.arrays[0]!;
  const x = t.arrays[1]!;
  const a = t.scalars[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) y[i] = a * x[i]! + y[i]!;
});

const n = 1_000_000;
const y = Store.whole(createRegion('float64', n));
const x = Store.whole(createRegion('float64', n));
(x.region.data as Float64Array).fill(1);
const t0 = performance.now();
launch({
  op: 'axpy',
  kernel: 'demo.axpy',
  args: [
    { store: y, privilege: 'read-write' },
    { store: x, privilege: 'read' },
  ],
  scalars: [2],
  constraints: [align(0, 1)],
});
const out = readStore(y);
console.log(`y = 2*x + y over ${n} elements: y[0] = ${out[0]}, ${(performance.now() - t0).toFixed(2)} ms`);
