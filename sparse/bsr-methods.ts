/** `A.tobsr(blocksize=None, copy=False)` bound to SciPy's signature (base.ts delegates here). */
import type { sparray } from './base.js';
import { wrap } from './registry.js';
import { ssig } from './sig.js';

/** @internal */
export const mTobsr = ssig<(this: sparray, ...args: unknown[]) => sparray>(
  'tobsr(blocksize = None, copy: bool = False)',
  function (this: sparray, blocksize: readonly number[] | null | undefined, copy: boolean) {
    if (this.format === 'bsr') {
      const [R, C] = (this as unknown as { blocksize: [number, number] }).blocksize;
      if (blocksize === undefined || blocksize === null || (blocksize[0] === R && blocksize[1] === C))
        return copy ? this.copy() : this;
    }
    const s = this._csr();
    const r = wrap.bsr(s, blocksize);
    // A 1×1 blocksize shares the CSR structure (SciPy): copy it when asked.
    return copy && (r as unknown as { _b: { data: unknown } })._b.data === s.data ? r.copy() : r;
  } as never,
);
