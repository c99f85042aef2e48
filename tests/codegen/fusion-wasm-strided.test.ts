/**
 * The strided Wasm form of rank-1 fused kernels (codegen `fuseWasmStrided`) equals the JavaScript
 * strided kernel bit for bit (any NaN equal to any NaN): on random float64 trees, every operand
 * at its own stride (negative, zero, one and larger, unaligned offsets), odd and even ranges, with
 * NaN, ±Inf, ±0 and subnormals in the data — the stored values and, with `reduce`, the returned
 * sum (codegen's lane order) or product (index order), stored or not; and it refuses what it
 * cannot compute exactly, as the contiguous form does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CodegenError,
  compileKernel,
  type FuseNode,
  fuse,
  fuseWasmStrided,
  fuseWasmStridedRows,
  fx,
} from '../../codegen/index.js';
import { ftrig } from '../../codegen/wasm-trig.js';
import { heapAlloc, heapMemory } from '../../runtime/heap.js';

const VALUES = [
  0,
  -0,
  1,
  -1,
  0.1,
  -2.5,
  3,
  1e300,
  -1e-300,
  2 ** 31,
  Number.NaN,
  Infinity,
  -Infinity,
  0.5,
  7e-310,
];
const UN = [
  'exp',
  'log',
  'square',
  'reciprocal',
  'negative',
  'abs',
  'sqrt',
  'floor',
  'tanh',
  'log1p',
] as const;
const BIN = ['add', 'subtract', 'multiply', 'divide', 'maximum', 'minimum', 'power'] as const;
const CMPS = ['less', 'greater', 'equal'] as const;

const tree = fc.letrec<{ node: FuseNode }>((rec) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 2 }).map((k) => fx.input(k, 'float64')),
    fc.constantFrom(fx.scalar(0, 'float64'), fx.scalar(1, 'int32')),
    fc.tuple(fc.constantFrom(...UN), rec('node')).map(([op, a]) => fx[op](a)),
    fc.tuple(fc.constantFrom(...BIN), rec('node'), rec('node')).map(([op, a, b]) => fx[op](a, b)),
    fc
      .tuple(fc.constantFrom(...CMPS), rec('node'), rec('node'), rec('node'), rec('node'))
      .map(([op, a, b, x, y]) => fx.where(fx[op](a, b), x, y)),
  ),
})).node;

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
const wasmApi = (globalThis as any).WebAssembly;

/** Five heap regions of `span` float64 each (three inputs, the Wasm and the JS outputs), by index. */
function regions(span: number): (k: number) => Float64Array {
  const mem = heapMemory()!;
  const block = heapAlloc(8 * 5 * span)!;
  return (k) => new Float64Array(mem.buffer, block.off + 8 * span * k, span);
}

describe('fuseWasmStrided', () => {
  it('equals the JavaScript strided kernel, stored values and folds, on random trees and strides', () => {
    const mem = heapMemory()!;
    const n = 23;
    // Room for 3 inputs and 2 outputs of n elements at strides up to ±4 (inputs from index 0).
    const span = 4 * n + 2;
    const region = regions(span);
    let checked = 0;
    fc.assert(
      fc.property(
        tree,
        fc.array(fc.constantFrom(...VALUES), { minLength: 3 * span, maxLength: 3 * span }),
        fc.array(fc.integer({ min: -4, max: 4 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: n }),
        fc.integer({ min: 0, max: n }),
        fc.constantFrom<'none' | 'sum' | 'prod'>('none', 'sum', 'prod'),
        fc.boolean(),
        fc.constantFrom(-0, 2.5, Number.NaN, -Infinity),
        (e, vals, strides, a, b, kind, keep, s0) => {
          const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
          const reduce = kind === 'none' ? undefined : kind;
          const store = reduce === undefined || keep;
          // The output is written: a nonzero stride (zero would make every element one).
          const so = strides[0] === 0 ? 1 : strides[0]!;
          const sx = strides.slice(1);
          let bytes: Uint8Array;
          try {
            bytes = fuseWasmStrided(e, 3, 2, reduce, store);
          } catch (err) {
            expect(err).toBeInstanceOf(CodegenError);
            return;
          }
          // Element 0 of each operand where every element t in [0, n) of it stays inside its span.
          const base = (s: number) => (s < 0 ? -s * (n - 1) + 1 : 1);
          const xs = [0, 1, 2].map((k) => region(k));
          for (let k = 0; k < 3; k++) xs[k]!.set(vals.slice(k * span, (k + 1) * span));
          const outW = region(3).fill(42);
          const outJ = region(4).fill(42);
          const k = fuse(e, { out: 'float64', rank: 1, ...(reduce ? { reduce, store } : {}) });
          const named: Record<string, unknown> = {
            out: outJ,
            offsetOut: base(so),
            strideOut0: so,
            s0,
            s1: 7,
            lo0: lo,
            hi0: hi,
          };
          for (let q = 0; q < 3; q++)
            Object.assign(named, {
              [`x${q}`]: xs[q],
              [`offsetX${q}`]: base(sx[q]!),
              [`strideX${q}_0`]: sx[q],
            });
          const rj = compileKernel(k)(...k.params.map((p) => named[p]));
          const f = new wasmApi.Instance(new wasmApi.Module(bytes), { e: { mem, trig: ftrig } }).exports
            .kernel;
          const at = (arr: Float64Array, s: number) => arr.byteOffset + 8 * base(s);
          const rw = f(
            at(outW, so),
            ...xs.map((x, q) => at(x, sx[q]!)),
            s0,
            7,
            lo,
            hi,
            8 * so,
            ...sx.map((s) => 8 * s),
          );
          for (let t = 0; t < span; t++)
            if (!same(outW[t]!, outJ[t]!)) expect([t, outW[t]]).toEqual([t, outJ[t]]);
          if (reduce !== undefined && !same(rw, rj as unknown as number))
            expect([kind, rw]).toEqual([kind, rj]);
          checked++;
        },
      ),
      { numRuns: 400 },
    );
    // The property compared kernels (most random trees have a Wasm form).
    expect(checked).toBeGreaterThan(100);
  });

  it('rows of strided ranges equal the rank-2 JavaScript strided kernel', () => {
    const mem = heapMemory()!;
    const span = 96;
    const region = regions(span);
    let checked = 0;
    fc.assert(
      fc.property(
        tree,
        fc.array(fc.constantFrom(...VALUES), { minLength: 3 * span, maxLength: 3 * span }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 6, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 8 }),
        (e, vals, R, C, sx, flipRows, flipCols, a, b) => {
          let bytes: Uint8Array;
          try {
            bytes = fuseWasmStridedRows(e, 3, 2);
          } catch (err) {
            expect(err).toBeInstanceOf(CodegenError);
            return;
          }
          // Rows [lo0, hi0) of R, columns [lo1, hi1) of C; the output one-to-one (rows of C elements,
          // either order), the inputs at any strides (zero too).
          const [lo0, hi0] = [Math.min(a % (R + 1), R), R];
          const [lo1, hi1] = [Math.min(b % (C + 1), C), C];
          const so = [flipRows ? -C : C, flipCols ? -1 : 1];
          const st = [so, [sx[0]!, sx[1]!], [sx[2]!, sx[3]!], [sx[4]!, sx[5]!]];
          // Element (0, 0) of each operand where every element of the R × C block stays in span.
          const off = (s2: number[]) => -(Math.min(0, (R - 1) * s2[0]!) + Math.min(0, (C - 1) * s2[1]!));
          const xs = [0, 1, 2].map((k) => region(k));
          for (let k = 0; k < 3; k++) xs[k]!.set(vals.slice(k * span, (k + 1) * span));
          const outW = region(3).fill(42);
          const outJ = region(4).fill(42);
          const k2 = fuse(e, { out: 'float64', rank: 2 });
          const named: Record<string, unknown> = {
            out: outJ,
            offsetOut: off(so),
            strideOut0: so[0],
            strideOut1: so[1],
          };
          for (let q = 0; q < 3; q++)
            Object.assign(named, {
              [`x${q}`]: xs[q],
              [`offsetX${q}`]: off(st[q + 1]!),
              [`strideX${q}_0`]: st[q + 1]![0],
              [`strideX${q}_1`]: st[q + 1]![1],
            });
          Object.assign(named, { s0: 2.5, s1: 7, lo0, hi0, lo1, hi1 });
          compileKernel(k2)(...k2.params.map((p) => named[p]));
          const f = new wasmApi.Instance(new wasmApi.Module(bytes), { e: { mem, trig: ftrig } }).exports
            .kernel;
          const ops = [outW, ...xs];
          // Each operand's address at row lo0 (element 0 of its columns).
          const rowAt = (q: number) => ops[q]!.byteOffset + 8 * (off(st[q]!) + lo0 * st[q]![0]!);
          f(
            ...[0, 1, 2, 3].map(rowAt),
            2.5,
            7,
            lo1,
            hi1,
            hi0 - lo0,
            ...st.map((s2) => 8 * s2[0]!),
            ...st.map((s2) => 8 * s2[1]!),
          );
          for (let t = 0; t < span; t++)
            if (!same(outW[t]!, outJ[t]!)) expect([t, outW[t]]).toEqual([t, outJ[t]]);
          checked++;
        },
      ),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it('refuses scalar-only subexpressions and what the contiguous form refuses', () => {
    const x = fx.input(0, 'float64');
    expect(() => fuseWasmStrided(fx.multiply(x, fx.exp(fx.scalar(0, 'float64'))), 1, 1)).toThrow(
      CodegenError,
    );
    expect(() => fuseWasmStrided(fx.mod(x, x), 1, 0)).toThrow(CodegenError);
    expect(() => fuseWasmStrided(fx.add(fx.input(0, 'float32'), x), 1, 0)).toThrow(CodegenError);
    expect(
      wasmApi.validate(fuseWasmStrided(fx.multiply(x, fx.input(1, 'float64')), 2, 0, 'sum', false)),
    ).toBe(true);
  });
});
