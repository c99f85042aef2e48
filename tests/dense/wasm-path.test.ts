/**
 * Dense element-wise chains give the same results whether their operands live in the runtime's
 * heap (the fused kernel runs as Wasm) or in buffers of their own (JavaScript), at pool sizes 0,
 * 1 and 2, with NaN, ±Inf and ±0 in the data — compared with Object.is, element by element.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const VALUES = [0, -0, 1, -1, 0.1, -2.5, 3, 1e300, -1e-300, Number.NaN, Infinity, -Infinity, 0.5];
type Op = (a: np.ndarray, b: np.ndarray, s: number) => np.ndarray;
const OPS: Op[] = [
  (a, b) => a.add(b),
  (a, b) => a.subtract(b),
  (a, b) => a.multiply(b),
  (a, b) => a.divide(b),
  (a, b) => np.maximum(a, b),
  (a, b) => np.minimum(a, b),
  (a, _b, s) => a.multiply(s),
  (a, _b, s) => a.add(s),
  (a) => np.negative(a),
  (a) => np.abs(a),
  (a) => np.sqrt(a),
  (a) => np.floor(a),
  (a, b, s) => np.clip(a, b, s),
  // A 0-d array operand (a solver's alpha): broadcast, read once.
  (a, _b, s) => a.multiply(np.array(s)),
  (a, b, s) => np.add(b, np.multiply(a, np.full([], s))),
];

function chain(x: np.ndarray, y: np.ndarray, ops: number[], s: number): np.ndarray {
  let r = x;
  for (const k of ops) r = OPS[k % OPS.length]!(r, y, s);
  return r;
}

/** The same chains as plain loops (NumPy's maximum/minimum: NaN wins; clip = min(max(a, b), s)). */
const fmax = (a: number, b: number) => (a > b || Number.isNaN(a) ? a : b);
const fmin = (a: number, b: number) => (a < b || Number.isNaN(a) ? a : b);
const REF: ((a: number, b: number, s: number) => number)[] = [
  (a, b) => a + b,
  (a, b) => a - b,
  (a, b) => a * b,
  (a, b) => a / b,
  fmax,
  fmin,
  (a, _b, s) => a * s,
  (a, _b, s) => a + s,
  (a) => -a,
  Math.abs,
  Math.sqrt,
  Math.floor,
  (a, b, s) => fmin(fmax(a, b), s),
  (a, _b, s) => a * s,
  (a, b, s) => b + a * s,
];
function chainRef(x: Float64Array, y: Float64Array, ops: number[], s: number): Float64Array {
  return x.map((v, t) => {
    let r = v;
    for (const k of ops) r = REF[k % REF.length]!(r, y[t]!, s);
    return r;
  });
}

function shared(v: Float64Array): Float64Array {
  const out = new Float64Array(new SharedArrayBuffer(v.byteLength));
  out.set(v);
  return out;
}

describe.each(POOLS)('pool size %i', (workers) => {
  it('fused chains: heap operands (Wasm) equal own-buffer operands (JavaScript)', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 3, 7, 64, 1001, 250_001),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(2, -0.5, Number.NaN, 0),
        fc.integer(),
        (n, ops, s, seed) => {
          let r = seed;
          const pick = () => {
            r = (Math.imul(r, 69069) + 1) | 0;
            return (r >>> 3) % 5 === 0 ? VALUES[(r >>> 7) % VALUES.length]! : r / 65536;
          };
          const xv = Float64Array.from({ length: n }, pick);
          const yv = Float64Array.from({ length: n }, pick);
          const heap = chain(np.array(xv), np.array(yv), ops, s).toArray() as Float64Array;
          const ref = chainRef(xv, yv, ops, s);
          const own = chain(np.asarray(shared(xv)), np.asarray(shared(yv)), ops, s).toArray() as Float64Array;
          expect(heap.length).toBe(n);
          for (let t = 0; t < n; t++) {
            if (!Object.is(heap[t], own[t])) expect([t, heap[t]]).toEqual([t, own[t]]);
            if (!Object.is(heap[t], ref[t])) expect([t, heap[t]]).toEqual([t, ref[t]]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('dot: heap operands (Wasm SIMD) give the bits of own-buffer operands (JavaScript)', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 3, 4, 5, 4095, 4097, 12_289, 300_001),
        fc.nat({ max: 5 }),
        fc.integer(),
        (n, skip, seed) => {
          let r = seed;
          const pick = () => {
            r = (Math.imul(r, 69069) + 1) | 0;
            return (r >>> 3) % 9 === 0 ? VALUES[(r >>> 7) % VALUES.length]! : r / 65536;
          };
          const xv = Float64Array.from({ length: n + skip }, pick);
          const yv = Float64Array.from({ length: n + skip }, pick);
          const tail = `${skip}:`;
          // Contiguous views that start `skip` elements in: offsets in the Wasm path.
          const heap = np.dot(np.array(xv).get(tail), np.array(yv).get(tail)).item() as number;
          const own = np
            .dot(np.asarray(shared(xv)).get(tail), np.asarray(shared(yv)).get(tail))
            .item() as number;
          expect(Object.is(heap, own) || [heap, own]).toBe(true);
          let ref = 0;
          for (let t = skip; t < n + skip; t++) ref += xv[t]! * yv[t]!;
          if (Number.isFinite(ref) && Number.isFinite(heap)) {
            let mag = 0;
            for (let t = skip; t < n + skip; t++) mag += Math.abs(xv[t]! * yv[t]!);
            expect(Math.abs(heap - ref)).toBeLessThanOrEqual(1e-12 * mag + 1e-300);
          } else expect(Number.isNaN(heap)).toBe(Number.isNaN(ref));
        },
      ),
      { numRuns: 40 },
    );
  });
});
