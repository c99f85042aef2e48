import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, type DType, IndexError, ValueError } from '../../runtime/index.js';
import { castRef, close, DTYPES, indices, POOLS, size } from './ref.js';

type Op = 'sum' | 'prod' | 'min' | 'max' | 'argmin' | 'argmax' | 'all' | 'any' | 'mean' | 'var' | 'std';
const OPS: Op[] = ['sum', 'prod', 'min', 'max', 'argmin', 'argmax', 'all', 'any', 'mean', 'var', 'std'];

function refReduce(op: Op, v: number[]): number {
  const n = v.length;
  switch (op) {
    case 'sum':
      return v.reduce((a, b) => a + b, 0);
    case 'prod':
      return v.reduce((a, b) => a * b, 1);
    case 'min':
      return v.some(Number.isNaN) ? Number.NaN : Math.min(...v);
    case 'max':
      return v.some(Number.isNaN) ? Number.NaN : Math.max(...v);
    case 'argmin':
    case 'argmax': {
      const nan = v.findIndex(Number.isNaN);
      if (nan >= 0) return nan;
      const m = op === 'argmin' ? Math.min(...v) : Math.max(...v);
      return v.indexOf(m);
    }
    case 'all':
      return v.every((x) => x !== 0) ? 1 : 0;
    case 'any':
      return v.some((x) => x !== 0) ? 1 : 0;
    case 'mean':
      return v.reduce((a, b) => a + b, 0) / n;
    case 'var':
    case 'std': {
      const m = v.reduce((a, b) => a + b, 0) / n;
      const s = v.reduce((a, b) => a + (b - m) * (b - m), 0) / n;
      return op === 'std' ? Math.sqrt(s) : s;
    }
  }
}

function resDType(op: Op, dt: DType): DType {
  if (op === 'sum' || op === 'prod') return dt === 'bool' || dt === 'uint8' ? 'int32' : dt;
  if (op === 'argmin' || op === 'argmax') return 'int32';
  if (op === 'all' || op === 'any') return 'bool';
  if (op === 'mean' || op === 'var' || op === 'std') return dt === 'float32' ? 'float32' : 'float64';
  return dt;
}

const valueArbOf = (dt: DType, op: Op): fc.Arbitrary<number> => {
  const small = op === 'prod' ? 3 : 1000;
  const base = fc.integer({ min: -small, max: small });
  if (dt === 'bool') return fc.constantFrom(0, 1);
  if (dt === 'uint8') return fc.integer({ min: 0, max: op === 'prod' ? 3 : 255 });
  if (dt === 'int32') return base;
  return fc.oneof(
    { weight: 8, arbitrary: base.map((x) => x / 4) },
    { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY) },
  );
};

const caseArb = fc
  .record({
    op: fc.constantFrom(...OPS),
    dt: fc.constantFrom(...DTYPES),
    shape: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 3 }),
    axisSel: fc.integer({ min: -1, max: 3 }),
    keepdims: fc.boolean(),
  })
  .chain((c) =>
    fc.record({
      c: fc.constant(c),
      vals: fc.array(valueArbOf(c.dt, c.op), { minLength: size(c.shape), maxLength: size(c.shape) }),
    }),
  );

for (const workers of POOLS) {
  describe(`reductions (workers=${workers})`, () => {
    it('match a naive reference for every op, axis, keepdims and dtype', () => {
      configure({ workers });
      fc.assert(
        fc.property(caseArb, ({ c, vals }) => {
          const a = np.array(vals, { dtype: c.dt }).reshape(c.shape);
          const nd = c.shape.length;
          const axis = c.axisSel < 0 || c.axisSel >= nd ? null : c.axisSel;
          const keep = c.keepdims;
          const call = () =>
            (np as unknown as Record<string, (x: np.ndarray, o: object) => np.ndarray>)[c.op]!(a, {
              axis,
              keepdims: keep,
            });
          const outShape = axis === null ? [] : c.shape.filter((_, d) => d !== axis);
          const lineLen = axis === null ? size(c.shape) : c.shape[axis]!;
          const noIdentity = ['min', 'max', 'argmin', 'argmax'].includes(c.op);
          if (lineLen === 0 && noIdentity) {
            if (size(outShape) > 0 || axis === null) expect(call).toThrow(ValueError);
            return;
          }
          const r = call();
          expect(r.dtype).toBe(resDType(c.op, c.dt));
          const wantShape = keep ? c.shape.map((e, d) => (axis === null || d === axis ? 1 : e)) : outShape;
          expect(r.shape).toEqual(wantShape);
          const got = r.toArray();
          let k = 0;
          const stored = vals.map((v) => castRef(v, c.dt));
          for (const oi of indices(outShape)) {
            const line: number[] = [];
            for (const ii of indices(c.shape)) {
              const rest = axis === null ? [] : ii.filter((_, d) => d !== axis);
              if (rest.every((x, d) => x === oi[d])) {
                let flat = 0;
                for (let d = 0; d < nd; d++) flat = flat * c.shape[d]! + ii[d]!;
                line.push(stored[flat]!);
              }
            }
            const want = castRef(refReduce(c.op, line), r.dtype);
            const tol = r.dtype === 'float32' ? 1e-5 : 1e-9;
            if (!close(got[k]!, want, tol))
              throw new Error(`${c.op} at ${oi}: got ${got[k]}, want ${want} of [${line}]`);
            k++;
          }
        }),
        { numRuns: 200 },
      );
    });
  });
}

describe('reduction details', () => {
  it('full reductions are bitwise identical at pool sizes 0, 1, 2', () => {
    const x = np.random.default_rng(7).standard_normal([300_001]);
    const results = POOLS.map((w) => {
      configure({ workers: w });
      return [np.sum(x).item(), np.dot(x, x).item(), np.mean(x).item(), np.var(x).item()];
    });
    configure({ workers: 0 });
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });
  it('multiple axes, keepdims, 0-d results from futures', async () => {
    const a = np.arange(24).reshape(2, 3, 4);
    expect(np.sum(a, { axis: [0, 2] }).tolist()).toEqual([60, 92, 124]);
    expect(np.sum(a, { axis: [0, 2], keepdims: true }).shape).toEqual([1, 3, 1]);
    expect(np.max(a, { axis: -1 }).tolist()).toEqual([
      [3, 7, 11],
      [15, 19, 23],
    ]);
    const s = np.sum(a);
    expect(s.ndim).toBe(0);
    expect(await s.itemAsync()).toBe(276);
    expect(s.add(1).item()).toBe(277);
    expect(np.std(np.array([1, 2, 3, 4]), { ddof: 1 }).item()).toBeCloseTo(1.2909944487358056, 14);
    expect(np.var(a, { axis: 1 }).tolist()).toEqual(
      Array(2)
        .fill(Array(4).fill(32 / 3 / 1))
        .map((r) => r.map((v: number) => v)),
    );
  });
  it('errors name the axis', () => {
    expect(() => np.sum(np.ones([2]), { axis: 1 })).toThrow(
      'sum: axis 1 is out of bounds for array of dimension 1',
    );
    expect(() => np.sum(np.ones([2, 2]), { axis: [0, 0] })).toThrow(ValueError);
    expect(() => np.min(np.ones([0]))).toThrow(
      'min: zero-size array to reduction operation min which has no identity',
    );
    expect(() => np.argmax(np.ones([2, 2]), { axis: 5 })).toThrow(IndexError);
  });
  it('cumsum along axes and flattened', () => {
    for (const w of POOLS) {
      configure({ workers: w });
      const a = np.arange(6).reshape(2, 3);
      expect(np.cumsum(a).tolist()).toEqual([0, 1, 3, 6, 10, 15]);
      expect(np.cumsum(a, { axis: 0 }).tolist()).toEqual([
        [0, 1, 2],
        [3, 5, 7],
      ]);
      expect(a.cumsum({ axis: 1 }).tolist()).toEqual([
        [0, 1, 3],
        [3, 7, 12],
      ]);
      expect(np.cumsum(np.array([true, true])).dtype).toBe('int32');
      const big = np.ones([200_000]);
      expect(np.cumsum(big).get('-1').item()).toBe(200_000);
    }
    configure({ workers: 0 });
  });
});
