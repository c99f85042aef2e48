/** Naive references for the dense tests: plain loops over plain JS arrays, NumPy semantics. */
import fc from 'fast-check';
import type { DType } from '../../runtime/index.js';

export const DTYPES: DType[] = ['bool', 'uint8', 'int32', 'float32', 'float64'];
export const POOLS = [0, 1, 2];

const RANK: Record<DType, number> = { bool: 0, uint8: 1, int32: 2, float32: 3, float64: 4 };
/** NumPy's result_type, written out as a table. */
export function promoteRef(a: DType, b: DType): DType {
  const t: Record<string, DType> = {
    'bool,uint8': 'uint8',
    'bool,int32': 'int32',
    'bool,float32': 'float32',
    'bool,float64': 'float64',
    'uint8,int32': 'int32',
    'uint8,float32': 'float32',
    'uint8,float64': 'float64',
    'int32,float32': 'float64',
    'int32,float64': 'float64',
    'float32,float64': 'float64',
  };
  if (a === b) return a;
  return t[RANK[a] < RANK[b] ? `${a},${b}` : `${b},${a}`]!;
}

/** Stores a double into a dtype as NumPy's cast (and typed arrays) would. */
export function castRef(v: number, dt: DType): number {
  switch (dt) {
    case 'bool':
      return v !== 0 ? 1 : 0;
    case 'uint8':
      return new Uint8Array([v])[0]!;
    case 'int32':
      return new Int32Array([v])[0]!;
    case 'float32':
      return Math.fround(v);
    default:
      return v;
  }
}

/** Values of a dtype, with NaN and ±Inf for floats. */
export function valueArb(dt: DType): fc.Arbitrary<number> {
  switch (dt) {
    case 'bool':
      return fc.constantFrom(0, 1);
    case 'uint8':
      return fc.integer({ min: 0, max: 255 });
    case 'int32':
      return fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer());
    case 'float32':
      return fc.oneof(
        fc.float({ noDefaultInfinity: false }).map(Math.fround),
        fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -0, 1.5),
      );
    default:
      return fc.oneof(
        fc.double(),
        fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -0, 2.5),
      );
  }
}

/** A shape of rank 0..3 with extents 0..4. */
export const shapeArb = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 3 });

/** A pair of shapes that broadcast together (some dims set to 1 or dropped). */
export const broadcastPairArb = shapeArb.chain((s) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }),
      fc.integer({ min: 0, max: s.length }),
    )
    .map(([ones, drop]) => {
      const t = s.map((e, d) => (ones[d] ? 1 : e)).slice(drop);
      return [s, t] as [number[], number[]];
    }),
);

export function size(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** Broadcast shape (assumes compatible). */
export function bshape(a: readonly number[], b: readonly number[]): number[] {
  const n = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let d = 0; d < n; d++) {
    const x = a[d - (n - a.length)] ?? 1;
    const y = b[d - (n - b.length)] ?? 1;
    out.push(x === 1 ? y : x);
  }
  return out;
}

/** Element of flat C-order data `v` with shape `s`, at index `idx` of the broadcast shape. */
export function bget(v: ArrayLike<number>, s: readonly number[], idx: readonly number[]): number {
  let off = 0;
  let acc = 1;
  for (let d = s.length - 1; d >= 0; d--) {
    const i = idx[idx.length - s.length + d]!;
    off += (s[d] === 1 ? 0 : i) * acc;
    acc *= s[d]!;
  }
  return v[off]!;
}

/** Iterates all indices of a shape in C order. */
export function* indices(shape: readonly number[]): Generator<number[]> {
  const n = size(shape);
  const idx = shape.map(() => 0);
  for (let k = 0; k < n; k++) {
    yield idx.slice();
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d]! < shape[d]!) break;
      idx[d] = 0;
    }
  }
}

/** Same value, NaN equal to NaN, -0 equal to 0. */
export function same(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/** Close within a relative tolerance (NaN equal, infinities exact). */
export function close(a: number, b: number, rtol = 1e-12): boolean {
  if (same(a, b)) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= rtol * Math.max(1, Math.abs(a), Math.abs(b));
}
