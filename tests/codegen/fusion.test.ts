import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BINARY_OPS,
  type CodegenDType,
  CodegenError,
  compileKernel,
  type FuseNode,
  fuse,
  fx,
  promote,
  typeTree,
  UNARY_OPS,
} from '../../codegen/index.js';
import { evalUnfused, toDtype } from './fusion-reference.js';

const DTYPES: CodegenDType[] = ['float64', 'float32', 'int32', 'uint8', 'bool'];
const CTOR = {
  float64: Float64Array,
  float32: Float32Array,
  int32: Int32Array,
  uint8: Uint8Array,
  bool: Uint8Array,
};
const FLOATS = [0, -0, 1, -1, 0.1, -2.5, 3, 1e300, -1e-300, 2 ** 31, Number.NaN, Infinity, -Infinity, 0.5];
const INTS = [0, 1, -1, 2, 7, -3, 2147483647, -2147483648, 65536, 46341];

const valid = (e: FuseNode) => {
  try {
    typeTree(e);
    return true;
  } catch {
    return false;
  }
};

/** Random trees over 3 inputs of the given dtypes and 2 weak scalars (float64, int32). */
const tree = (dts: readonly CodegenDType[]) =>
  fc.letrec<{ node: FuseNode }>((rec) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.integer({ min: 0, max: dts.length - 1 }).map((k) => fx.input(k, dts[k])),
      fc.constantFrom(fx.scalar(0, 'float64'), fx.scalar(1, 'int32')),
      fc
        .tuple(fc.constantFrom(...UNARY_OPS.filter((o) => o !== 'cast')), rec('node'))
        .map(([op, a]) => fx[op](a)),
      fc.tuple(fc.constantFrom(...DTYPES), rec('node')).map(([d, a]) => fx.castTo(d, a)),
      fc.tuple(fc.constantFrom(...BINARY_OPS), rec('node'), rec('node')).map(([op, a, b]) => fx[op](a, b)),
      fc
        .tuple(fc.constantFrom('where' as const, 'clip' as const), rec('node'), rec('node'), rec('node'))
        .map(([op, a, b, c]) => fx[op](a, b, c)),
    ),
  })).node;

const setup = fc
  .record({
    dts: fc.array(fc.constantFrom(...DTYPES), { minLength: 3, maxLength: 3 }),
    rank: fc.integer({ min: 0, max: 3 }),
    out: fc.constantFrom(...DTYPES),
  })
  .chain((s) =>
    fc.record({
      s: fc.constant(s),
      expr: tree(s.dts).filter(valid),
      shape: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: s.rank, maxLength: s.rank }),
      bcast: fc.array(fc.array(fc.boolean(), { minLength: s.rank, maxLength: s.rank }), {
        minLength: 3,
        maxLength: 3,
      }),
      flip: fc.boolean(),
      seed: fc.integer(),
      box: fc.array(
        fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
        { minLength: s.rank, maxLength: s.rank },
      ),
    }),
  );

describe('fuse: fused equals unfused bit for bit', () => {
  it('strided kernels with broadcasting (stride 0), negative strides, sub-boxes, every dtype, NaN/Inf', () => {
    fc.assert(
      fc.property(setup, ({ s, expr, shape, bcast, flip, seed, box }) => {
        const { dts, rank, out } = s;
        const k = fuse(expr, { out, rank });
        const fn = compileKernel(k);
        const cStrides = (dims: number[]) => dims.map((_, d) => dims.slice(d + 1).reduce((a, b) => a * b, 1));
        let rnd = seed;
        const next = () => ((rnd = (Math.imul(rnd, 1103515245) + 12345) | 0) >>> 8) / 2 ** 24;
        const ins = dts.map((d, k2) => {
          const dims = shape.map((n, dd) => (bcast[k2]![dd] ? 1 : n));
          const size = dims.reduce((a, b) => a * b, 1);
          const pool =
            d === 'bool' ? [0, 1] : d === 'uint8' ? [0, 1, 200, 255, 3] : d === 'int32' ? INTS : FLOATS;
          const data = new CTOR[d](size + 2);
          for (let p = 0; p < data.length; p++) data[p] = pool[Math.floor(next() * pool.length)]!;
          const st = cStrides(dims).map((x, dd) => (bcast[k2]![dd] ? 0 : x));
          // Optionally walk dimension 0 backwards: negative stride, offset at the far end.
          const neg = flip && rank > 0 && !bcast[k2]![0] && dims[0]! > 0;
          const strides = neg ? [-st[0]!, ...st.slice(1)] : st;
          const offset = 1 + (neg ? (dims[0]! - 1) * st[0]! : 0);
          return { data, offset, strides };
        });
        const scalars = [
          FLOATS[Math.floor(next() * FLOATS.length)]!,
          INTS[Math.floor(next() * INTS.length)]!,
        ];
        const total = shape.reduce((a, b) => a * b, 1);
        const outArr = new CTOR[out](total + 1).fill(out === 'bool' ? 1 : 9);
        const oStrides = cStrides(shape);
        const lohi = box.map(([a, b], d) => {
          const x = Math.floor(a * (shape[d]! + 1));
          const y = Math.floor(b * (shape[d]! + 1));
          return [Math.min(x, y, shape[d]!), Math.min(Math.max(x, y), shape[d]!)] as const;
        });
        // Arguments by parameter name (inputs the expression never uses get parameters too).
        const named = new Map<string, unknown>([
          ['out', outArr],
          ['offsetOut', 1],
        ]);
        for (const [d, x] of oStrides.entries()) named.set(`strideOut${d}`, x);
        for (const [kk, x] of ins.entries()) {
          named.set(`x${kk}`, x.data).set(`offsetX${kk}`, x.offset);
          for (const [d, st] of x.strides.entries()) named.set(`strideX${kk}_${d}`, st);
        }
        for (const [m, v] of scalars.entries()) named.set(`s${m}`, v);
        for (const [d, [lo, hi]] of lohi.entries()) named.set(`lo${d}`, lo).set(`hi${d}`, hi);
        const used = k.params;
        fn(...used.map((p) => named.get(p)));
        const want = new CTOR[out](total + 1).fill(out === 'bool' ? 1 : 9);
        const idx = new Array<number>(rank).fill(0);
        for (let flat = 0; flat < total; flat++) {
          let rem = flat;
          for (let d = rank - 1; d >= 0; d--) {
            idx[d] = rem % shape[d]!;
            rem = Math.floor(rem / shape[d]!);
          }
          if (!idx.every((i, d) => i >= lohi[d]![0] && i < lohi[d]![1])) continue;
          const vals = ins.map(
            (x) => x.data[x.offset + idx.reduce((acc, i, d) => acc + i * x.strides[d]!, 0)]!,
          );
          const r = evalUnfused(expr, vals, scalars);
          want[1 + flat] = toDtype(r.value, out);
        }
        if (rank === 0)
          want[1] = toDtype(
            evalUnfused(
              expr,
              ins.map((x) => x.data[x.offset]!),
              scalars,
            ).value,
            out,
          );
        for (let p = 0; p < want.length; p++) {
          if (!Object.is(outArr[p], want[p])) {
            throw new Error(`element ${p}: fused ${outArr[p]} vs unfused ${want[p]}\n${k.source}`);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the contiguous kernel (unrolled ×4) equals the strided one, float32 and int32 chains', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CodegenDType>('float32', 'int32', 'float64'),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer(),
        (dt, lo0, hi0, seed) => {
          const [lo, hi] = [Math.min(lo0, hi0), Math.max(lo0, hi0)];
          const x = fx.input(0, dt);
          const y = fx.input(1, dt);
          const e = fx.subtract(
            fx.add(fx.multiply(fx.scalar(0), x), fx.multiply(fx.scalar(1, 'int32'), y)),
            fx.multiply(x, y),
          );
          const n = 24;
          let r = seed;
          const gen = () => {
            r = (Math.imul(r, 69069) + 1) | 0;
            return dt === 'int32' ? r : r / 7.3;
          };
          const a = new CTOR[dt](Array.from({ length: n + 3 }, gen));
          const b = new CTOR[dt](Array.from({ length: n + 1 }, gen));
          const s0 = dt === 'int32' ? 3 : 0.1;
          const o1 = new CTOR[dt](n).fill(5);
          const o2 = new CTOR[dt](n).fill(5);
          const kc = fuse(e, { out: dt, rank: 1, contiguous: true });
          expect(kc.source).toContain('t += 4');
          compileKernel(kc)(o1, 0, a, 3, b, 1, s0, 7, lo, hi);
          compileKernel(fuse(e, { out: dt, rank: 1 }))(o2, 0, 1, a, 3, 1, b, 1, 1, s0, 7, lo, hi);
          expect([...o1]).toEqual([...o2]);
          for (let t = lo; t < hi; t++) {
            expect(Object.is(o1[t], toDtype(evalUnfused(e, [a[3 + t]!, b[1 + t]!], [s0, 7]).value, dt))).toBe(
              true,
            );
          }
        },
      ),
    );
  });
});

describe('fuse: types, keys and errors', () => {
  it('promotes like NumPy 2 with weak scalars', () => {
    const W = (dtype: CodegenDType) => ({ dtype, weak: true });
    const S = (dtype: CodegenDType) => ({ dtype, weak: false });
    expect(promote([S('float32'), W('float64')])).toBe('float32');
    expect(promote([S('int32'), W('float64')])).toBe('float64');
    expect(promote([S('int32'), S('float32')])).toBe('float64');
    expect(promote([S('uint8'), S('float32')])).toBe('float32');
    expect(promote([S('uint8'), W('int32')])).toBe('uint8');
    expect(typeTree(fx.divide(fx.input(0, 'int32'), fx.input(1, 'int32'))).dtype).toBe('float64');
    expect(typeTree(fx.less(fx.input(0, 'float32'), fx.scalar(0))).compute).toBe('float32');
    expect(typeTree(fx.sqrt(fx.input(0, 'float32'))).dtype).toBe('float32');
  });

  it('caches by key and emits Math.imul / Math.fround', () => {
    const e = fx.multiply(fx.input(0, 'int32'), fx.input(1, 'int32'));
    expect(fuse(e, { out: 'int32', rank: 2 })).toBe(fuse(e, { out: 'int32', rank: 2 }));
    expect(fuse(e, { out: 'int32', rank: 2 }).source).toContain('Math.imul');
    expect(fuse(fx.add(fx.input(0, 'float32'), fx.scalar(0)), { out: 'float32', rank: 1 }).source).toContain(
      'Math.fround',
    );
    expect(fuse(e, { out: 'int32', rank: 1 }).key).not.toBe(
      fuse(e, { out: 'int32', rank: 1, contiguous: true }).key,
    );
  });

  it('rejects malformed requests with four-part messages', () => {
    expect(() => fuse(fx.input(0), { out: 'float16' as CodegenDType, rank: 1 })).toThrow(
      /fuse: argument 'opts.out' expected a dtype, received "float16"/,
    );
    expect(() => fuse(fx.input(0), { out: 'float64', rank: -1 })).toThrow(/argument 'opts.rank'/);
    expect(() =>
      fuse(fx.subtract(fx.input(0, 'bool'), fx.input(1, 'bool')), { out: 'bool', rank: 1 }),
    ).toThrow(CodegenError);
    expect(() => fuse({ op: 'nope' } as unknown as FuseNode, { out: 'float64', rank: 1 })).toThrow(
      /a known operation/,
    );
    expect(() => fuse(fx.add(fx.input(0)), { out: 'float64', rank: 1 })).toThrow(/2 argument/);
    expect(() =>
      fuse(fx.add(fx.input(0, 'int32'), fx.input(0, 'float32')), { out: 'float64', rank: 1 }),
    ).toThrow(/one dtype per input 0/);
    expect(() => fuse(fx.input(0), { out: 'float64', rank: 1, name: '1x' })).toThrow(/opts.name/);
  });
});
