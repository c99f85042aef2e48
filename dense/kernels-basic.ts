/** Hand-written kernels of the dense library that are not generated. */
import { registerKernel } from '../runtime/index.js';
import { FILL_CONTIG } from './kernel-names.js';

registerKernel(FILL_CONTIG, (t) => {
  const o = t.offsets[0]!;
  t.arrays[0]!.fill(t.scalars[0]!, o + t.lo[0]!, o + t.hi[0]!);
});
