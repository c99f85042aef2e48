import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mathJS } from '../../codegen/wasm-math.js';
import * as np from '../../dense/index.js';
import { configure, type DType, DTypeError, ShapeError } from '../../runtime/index.js';
import {
  bget,
  broadcastPairArb,
  bshape,
  castRef,
  DTYPES,
  indices,
  POOLS,
  promoteRef,
  same,
  size,
  valueArb,
} from './ref.js';

const BIN = [
  'add',
  'subtract',
  'multiply',
  'divide',
  'maximum',
  'minimum',
  'equal',
  'less',
  'greater_equal',
  'logical_and',
] as const;
const PRED = new Set(['equal', 'less', 'greater_equal', 'logical_and']);

function refBinary(op: string, x: number, y: number, t: DType): number {
  const f = t === 'float32' || t === 'float64';
  switch (op) {
    case 'add':
      return t === 'bool' ? x | y : castRef(x + y, t);
    case 'subtract':
      return castRef(x - y, t);
    case 'multiply':
      return t === 'int32' ? Math.imul(x, y) : t === 'bool' ? x & y : castRef(x * y, t);
    case 'divide':
      return castRef(x / y, t);
    case 'maximum':
      return Number.isNaN(x) || Number.isNaN(y)
        ? Number.NaN
        : f && x === 0 && y === 0
          ? Object.is(x, -0)
            ? y
            : x
          : Math.max(x, y);
    case 'minimum':
      return Number.isNaN(x) || Number.isNaN(y)
        ? Number.NaN
        : f && x === 0 && y === 0
          ? Object.is(x, -0)
            ? x
            : y
          : Math.min(x, y);
    case 'equal':
      return x === y ? 1 : 0;
    case 'less':
      return x < y ? 1 : 0;
    case 'greater_equal':
      return x >= y ? 1 : 0;
    case 'logical_and':
      return x !== 0 && y !== 0 ? 1 : 0;
  }
  throw new Error(op);
}

const caseArb = fc
  .record({
    op: fc.constantFrom(...BIN),
    da: fc.constantFrom(...DTYPES),
    db: fc.constantFrom(...DTYPES),
    shapes: broadcastPairArb,
    swap: fc.boolean(),
  })
  .chain((c) => {
    const [sa, sb] = c.swap ? [c.shapes[1], c.shapes[0]] : c.shapes;
    return fc.record({
      c: fc.constant({ ...c, sa, sb }),
      va: fc.array(valueArb(c.da), { minLength: size(sa), maxLength: size(sa) }),
      vb: fc.array(valueArb(c.db), { minLength: size(sb), maxLength: size(sb) }),
    });
  });

for (const workers of POOLS) {
  describe(`element-wise (workers=${workers})`, () => {
    it('binary ufuncs match a naive loop (broadcasting, promotion, NaN/Inf, every dtype)', () => {
      configure({ workers });
      fc.assert(
        fc.property(caseArb, ({ c, va, vb }) => {
          const a = np.array(va, { dtype: c.da }).reshape(c.sa);
          const b = np.array(vb, { dtype: c.db }).reshape(c.sb);
          let t = promoteRef(c.da, c.db);
          if (c.op === 'subtract' && t === 'bool') {
            expect(() => np.subtract(a, b)).toThrow(DTypeError);
            return;
          }
          if (c.op === 'divide' && t !== 'float32' && t !== 'float64') t = 'float64';
          const r = (np as unknown as Record<string, (x: np.ndarray, y: np.ndarray) => np.ndarray>)[c.op]!(
            a,
            b,
          );
          const rs = bshape(c.sa, c.sb);
          expect(r.shape).toEqual(rs);
          expect(r.dtype).toBe(PRED.has(c.op) ? 'bool' : t);
          const got = r.toArray();
          let k = 0;
          for (const idx of indices(rs)) {
            const x = castRef(bget(va, c.sa, idx), t);
            const y = castRef(bget(vb, c.sb, idx), t);
            const want = castRef(refBinary(c.op, x, y, t), r.dtype);
            if (!same(got[k]!, want))
              throw new Error(`${c.op} at ${idx}: ${got[k]} vs ${want} (${x}, ${y}, ${t})`);
            k++;
          }
        }),
        { numRuns: 150 },
      );
    });

    it('unary ufuncs match Math on every dtype', () => {
      configure({ workers });
      const ops: [string, (x: number) => number, boolean][] = [
        ['negative', (x) => -x, false],
        ['abs', Math.abs, false],
        ['sqrt', Math.sqrt, true],
        ['exp', mathJS.fexp!, true], // cohort's fixed exp (codegen/wasm-math.ts), within 1 ulp of Math.exp
        ['floor', Math.floor, false],
        ['isnan', (x) => (Number.isNaN(x) ? 1 : 0), false],
        ['isfinite', (x) => (Number.isFinite(x) ? 1 : 0), false],
      ];
      fc.assert(
        fc.property(
          fc.constantFrom(...ops),
          fc.constantFrom<DType>('uint8', 'int32', 'float32', 'float64'),
          fc.array(fc.double(), { maxLength: 20 }),
          ([name, f, float], dt, raw) => {
            const vals = raw.map((v) =>
              castRef(dt === 'uint8' ? Math.abs(v) % 256 : dt === 'int32' ? v % 1e6 : v, dt),
            );
            const a = np.array(vals, { dtype: dt });
            const r = (np as unknown as Record<string, (x: np.ndarray) => np.ndarray>)[name]!(a);
            const out = r.toArray();
            const rdt: DType = name.startsWith('is')
              ? 'bool'
              : float && (dt === 'uint8' || dt === 'int32')
                ? 'float64'
                : dt;
            expect(r.dtype).toBe(rdt);
            vals.forEach((v, k) => {
              const want = castRef(f(v), rdt);
              if (!same(out[k]!, want)) throw new Error(`${name}(${v}) = ${out[k]}, want ${want}`);
            });
          },
        ),
        { numRuns: 80 },
      );
    });
  });
}

describe('element-wise details', () => {
  it('JavaScript scalars are weak (NEP 50)', () => {
    const i = np.array([1, 2], { dtype: 'int32' });
    expect(i.multiply(2).dtype).toBe('int32');
    expect(i.multiply(0.5).dtype).toBe('float64');
    expect(np.array([1], { dtype: 'float32' }).add(1.5).dtype).toBe('float32');
    expect(np.array([200], { dtype: 'uint8' }).add(100).tolist()).toEqual([44]);
    expect(np.array([true]).add(1).dtype).toBe('int32');
  });
  it('{out} writes into an existing array and checks casting', () => {
    const out = np.zeros([3]);
    const r = np.add(np.array([1, 2, 3]), 1, { out });
    expect(r).toBe(out);
    expect(out.tolist()).toEqual([2, 3, 4]);
    expect(() => np.add(np.ones([3]), 1, { out: np.zeros([3], { dtype: 'int32' }) })).toThrow(
      "add: argument 'out' with dtype int32 cannot hold the float64 result (casting 'same_kind')",
    );
    expect(() => np.add(np.ones([3]), 1, { out: np.zeros([2]) })).toThrow(ShapeError);
  });
  it('in-place methods', () => {
    const x = np.arange(4).astype('float64');
    x.iadd(1)
      .imul(2)
      .isub(np.array([1, 1, 1, 1]))
      .idiv(2);
    expect(x.tolist()).toEqual([0.5, 1.5, 2.5, 3.5]);
  });
  it('broadcast errors name both shapes and leave inputs intact', () => {
    const a = np.ones([3, 4]);
    expect(() => np.add(a, np.ones([2]))).toThrow(
      "add: argument 'b' with shape [2] cannot broadcast to [3,4]",
    );
    expect(np.sum(a).item()).toBe(12);
  });
  it('where, clip, power, sign, logical ops, trig', () => {
    expect(np.where(np.array([true, false, true]), np.array([1, 2, 3]), 0).tolist()).toEqual([1, 0, 3]);
    expect(np.clip(np.array([1, 5, 9]), 2, 6).tolist()).toEqual([2, 5, 6]);
    expect(np.power(np.array([2, 3]), 3).tolist()).toEqual([8, 27]);
    expect(np.sign(np.array([-2, 0, 3.5, Number.NaN])).tolist()).toEqual([-1, 0, 1, Number.NaN]);
    expect(np.logical_or(np.array([true, false]), np.array([false, false])).tolist()).toEqual([true, false]);
    expect(np.logical_not(np.array([0, 2])).tolist()).toEqual([true, false]);
    expect(
      np.allclose(
        np.add(np.power(np.sin(np.linspace(0, 3, 7)), 2), np.power(np.cos(np.linspace(0, 3, 7)), 2)),
        1,
      ),
    ).toBe(true);
    expect(np.tanh(np.array([0])).tolist()).toEqual([0]);
    expect(np.log(np.array([1, 0])).tolist()).toEqual([0, Number.NEGATIVE_INFINITY]);
    expect(np.ceil(np.array([1.2])).tolist()).toEqual([2]);
  });
  it('partially overlapping out reads from a copy (as NumPy)', () => {
    const a = np.arange(6).astype('float64');
    np.add(a.get('0:5'), 10, { out: a.get('1:6') });
    expect(a.tolist()).toEqual([0, 10, 11, 12, 13, 14]);
  });
});
