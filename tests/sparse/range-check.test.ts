/**
 * The range check guarding the Wasm SpMV/SpMM kernels is a launch whose future feeds them
 * (`core/range-check.ts`, issue 17 item 3): a well-formed structure gives 1 and the same product
 * as a host loop; a malformed one (an index ≥ cols, a decreasing pointer — accepted by the
 * constructor, rejected only by `check_format(true)`) gives 0 and runs the JavaScript loop, whose
 * out-of-range reads give NaN in that row only; one check per structure version. Pool sizes 0, 1, 2.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, getKernel } from '../../runtime/index.js';
import { structureCheck } from '../../sparse/core/range-check.js';
import type { Csr } from '../../sparse/core/types.js';
import * as sp from '../../sparse/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const csrOf = (A: sp.sparray) => A._csr() as Csr;

describe.each(POOLS)('range check as a launch, pool size %i', (workers) => {
  it('passes a well-formed structure; the guarded Wasm SpMV gives the host loop result', () => {
    configure({ workers });
    const m = 300;
    const ptr = Int32Array.from({ length: m + 1 }, (_, i) => 3 * i);
    const idx = Int32Array.from({ length: 3 * m }, (_, p) => (p * 7) % m);
    const val = Float64Array.from({ length: 3 * m }, (_, p) => (p % 5) - 2);
    const A = sp.csr_array([val, idx, ptr], { shape: [m, m] });
    const x = Float64Array.from({ length: m }, (_, j) => j / 8);
    const y = A.dot(np.array(x)).toArray() as Float64Array;
    for (let i = 0; i < m; i++) {
      let s = 0;
      for (let p = ptr[i]!; p < ptr[i + 1]!; p++) s += val[p]! * x[idx[p]!]!;
      expect(y[i]).toBe(s);
    }
    const f = structureCheck(csrOf(A));
    expect(f?.value()).toBe(1);
    expect(structureCheck(csrOf(A))).toBe(f); // cached per version
    expect(getKernel('sparse.csr.spmv.float64.float64.float64.gen.wasm.guard')).toBeDefined();
    A.indices.set([0], 5); // a write: a new version, a new check
    expect(structureCheck(csrOf(A))).not.toBe(f);
  });

  it('fails a malformed structure, which then runs the JavaScript loop (NaN in its row only)', () => {
    configure({ workers });
    const A = sp.csr_array(
      [new Float64Array([1, 2, 3]), new Int32Array([0, 9, 1]), new Int32Array([0, 1, 2, 3])],
      {
        shape: [3, 3],
      },
    );
    expect(structureCheck(csrOf(A))?.value()).toBe(0);
    const y = Array.from(A.dot(np.array([1, 10, 100])).toArray() as Float64Array);
    expect(y[0]).toBe(1);
    expect(Number.isNaN(y[1])).toBe(true);
    expect(y[2]).toBe(30);
    const B = sp.csr_array([new Float64Array([1, 2]), new Int32Array([0, 1]), new Int32Array([0, 2, 1, 2])], {
      shape: [3, 2],
    });
    expect(structureCheck(csrOf(B))?.value()).toBe(0);
  });

  it('merges take both checks as futures: Wasm when both pass, JavaScript otherwise', () => {
    configure({ workers });
    const m = 200;
    const mk = (s: number) =>
      sp.csr_array(
        [
          Float64Array.from({ length: 2 * m }, (_, p) => ((p * s) % 7) - 3),
          Int32Array.from({ length: 2 * m }, (_, p) => (p % 2 === 0 ? (p * s) % 50 : 50 + ((p * s) % 50))),
          Int32Array.from({ length: m + 1 }, (_, i) => 2 * i),
        ],
        { shape: [m, 100] },
      );
    const A = mk(3);
    const B = mk(5);
    const sum = A.add(B).toarray().toArray() as Float64Array;
    const a = A.toarray().toArray() as Float64Array;
    const b = B.toarray().toArray() as Float64Array;
    for (let k = 0; k < a.length; k++) expect(sum[k]).toBe(a[k]! + b[k]!);
    expect(getKernel('sparse.binop.count.add.float64.float64.float64.gen.wasm.guard')).toBeDefined();
    // A malformed operand (column 9 of 3): the JavaScript merge, as before the guard.
    const C = sp.csr_array(
      [new Float64Array([1, 2, 3]), new Int32Array([0, 9, 1]), new Int32Array([0, 1, 2, 3])],
      { shape: [3, 3] },
    );
    const D = C.add(C) as sp.csr_array;
    expect(Array.from(D.indices.toArray() as ArrayLike<number>)).toEqual([0, 9, 1]);
    expect(Array.from(D.data.toArray() as ArrayLike<number>)).toEqual([2, 4, 6]);
  });
});
