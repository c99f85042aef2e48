/**
 * `dot`, `vdot` and `inner` of two float64 vectors against the exact reference of their
 * summation order — fixed blocks of the runtime's reduction block, each summed in eight lanes
 * k mod 8 (the tail into s0, `((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))`), the blocks
 * added in block order from +0 — on random lengths (across block boundaries), contiguous, strided
 * and reversed views, in the region heap (Wasm SIMD) or in own buffers (JavaScript), at pool sizes
 * 0, 1 and 2 with pieces forced small: the same bits everywhere.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DEFAULT_REDUCTION_BLOCK, DefaultMapper } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/** The dot's order, exactly (see the file comment). */
function ref(x: number[], y: number[]): number {
  let total = 0;
  for (let b0 = 0; b0 < x.length; b0 += DEFAULT_REDUCTION_BLOCK) {
    const e = Math.min(x.length, b0 + DEFAULT_REDUCTION_BLOCK);
    const s = [0, 0, 0, 0, 0, 0, 0, 0];
    let k = b0;
    for (; k + 7 < e; k += 8) for (let l = 0; l < 8; l++) s[l]! += x[k + l]! * y[k + l]!;
    for (; k < e; k++) s[0]! += x[k]! * y[k]!;
    total += s[0]! + s[1]! + (s[2]! + s[3]!) + (s[4]! + s[5]! + (s[6]! + s[7]!));
  }
  return total;
}

type Layout = 'c' | 'step' | 'rev';
/** A float64 vector holding v: contiguous, every other element of a longer one, or reversed. */
function vec(v: number[], layout: Layout, own: boolean): np.ndarray {
  const t = layout === 'c' ? v : layout === 'rev' ? [...v].reverse() : v.flatMap((e) => [e, 5]);
  let a: np.ndarray;
  if (own) {
    const b = new Float64Array(new SharedArrayBuffer(8 * Math.max(t.length, 1)), 0, t.length);
    b.set(t);
    a = np.asarray(b);
  } else a = np.array(t, { dtype: 'float64' });
  return layout === 'c' ? a : layout === 'rev' ? a.get('::-1') : a.get('::2');
}

const valueArb = fc.oneof(
  { weight: 300, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e300) },
);
const caseArb = fc.record({
  n: fc.oneof(
    fc.integer({ min: 0, max: 40 }),
    fc.constantFrom(4095, 4096, 4097, 8200, 12_345),
    fc.integer({ min: 41, max: 20_000 }),
  ),
  seed: fc.array(valueArb, { minLength: 1, maxLength: 97 }),
  lx: fc.constantFrom<Layout>('c', 'step', 'rev'),
  ly: fc.constantFrom<Layout>('c', 'step', 'rev'),
  own: fc.boolean(),
  fn: fc.constantFrom('dot', 'vdot', 'inner'),
});

describe.each(POOLS)('dot / vdot / inner at pool size %i (pieces of any size)', (workers) => {
  it('equals the blocked eight-lane reference bit for bit on random lengths and views', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(caseArb, ({ n, seed, lx, ly, own, fn }) => {
        const xv = Array.from({ length: n }, (_, i) => seed[(i * 7) % seed.length]! * (1 + (i % 3)));
        const yv = Array.from({ length: n }, (_, i) => seed[(i * 5 + 3) % seed.length]!);
        const x = vec(xv, lx, own);
        const y = vec(yv, ly, own);
        const got = (fn === 'dot' ? np.dot(x, y) : fn === 'vdot' ? np.vdot(x, y) : np.inner(x, y)).item();
        const want = ref(xv, yv);
        if (!Object.is(got, want)) expect([n, lx, ly, own, got]).toEqual([n, lx, ly, own, want]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('dot across worker counts (default mapper)', () => {
  it('gives the same bits at pool sizes 0, 1, 2 on 1e6 elements, equal to the reference', () => {
    const n = 1_000_000;
    const xv = Array.from({ length: n }, (_, i) => Math.sin(i) * 1e3);
    const yv = Array.from({ length: n }, (_, i) => Math.cos(i * 0.7));
    const want = ref(xv, yv);
    for (const workers of POOLS) {
      configure({ workers, mapper: new DefaultMapper() });
      const got = np.dot(np.array(xv), np.array(yv)).item();
      expect([workers, got]).toEqual([workers, want]);
    }
  });
});
