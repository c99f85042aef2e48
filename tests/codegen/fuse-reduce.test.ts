/**
 * The `reduce` form of contiguous fused kernels (codegen `fuse` and `fuseWasm` with `reduce`):
 * it stores what the plain kernel stores (or, with `store: false`, nothing), and returns the fold of
 * the stored values — `prod` from 1 in index order, `sum` in codegen's lane order (`SUM_LANES`:
 * eight running sums from +0 over the first multiple of eight, joined, then the rest in order) —
 * a naive loop over the plain kernel's output, bit for bit (any NaN equal to any NaN) — in JavaScript (float64 and float32 outputs) and in Wasm (float64), on random
 * float64 trees with NaN, ±Inf, ±0 and subnormals in the data, odd and even ranges, unaligned
 * offsets and broadcast inputs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodegenError, compileKernel, type FuseNode, fuse, fuseWasm, fx } from '../../codegen/index.js';
import { ftrig } from '../../codegen/wasm-trig.js';
import { heapAlloc, heapMemory } from '../../runtime/heap.js';
import { laneSum } from './fusion-reference.js';

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
const UN = ['negative', 'abs', 'sqrt', 'square', 'reciprocal', 'exp'] as const;
const BIN = ['add', 'subtract', 'multiply', 'divide', 'maximum'] as const;

const tree = fc.letrec<{ node: FuseNode }>((rec) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 2 }).map((k) => fx.input(k, 'float64')),
    fc.constantFrom(fx.scalar(0, 'float64'), fx.scalar(1, 'int32')),
    fc.tuple(fc.constantFrom(...UN), rec('node')).map(([op, a]) => fx[op](a)),
    fc.tuple(fc.constantFrom(...BIN), rec('node'), rec('node')).map(([op, a, b]) => fx[op](a, b)),
  ),
})).node;

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
const wasmApi = (globalThis as any).WebAssembly;

describe('fuse with reduce', () => {
  it('stores what the plain kernel stores and returns the documented fold, JavaScript and Wasm alike', () => {
    const mem = heapMemory()!;
    const n = 40;
    const block = heapAlloc(8 * (5 * n + 8))!;
    const view = (k: number, len: number) => new Float64Array(mem.buffer, block.off + 8 * k, len);
    fc.assert(
      fc.property(
        tree,
        fc.array(
          fc.oneof(
            { weight: 1, arbitrary: fc.constantFrom(...VALUES) },
            { weight: 4, arbitrary: fc.double({ min: -4, max: 4, noNaN: true }) },
            // Values whose sums round (fast-check's doubles favour integers, whose sums are exact).
            {
              weight: 8,
              arbitrary: fc
                .tuple(fc.integer(), fc.integer({ min: -4, max: 4 }))
                .map(([i, e]) => Math.sin(i) * 10 ** e),
            },
          ),
          {
            minLength: 3 * n + 3,
            maxLength: 3 * n + 3,
          },
        ),
        fc.integer({ min: 0, max: n }),
        fc.integer({ min: 0, max: n }),
        fc.constantFrom(-0, 2.5, Number.NaN, -Infinity),
        fc.subarray([0, 1, 2]),
        fc.constantFrom('sum', 'prod') as fc.Arbitrary<'sum' | 'prod'>,
        (e, vals, a, b, s0, broadcast, kind) => {
          const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
          const inputs = view(0, 3 * n + 3);
          inputs.set(vals);
          const xs = [1, n + 2, 2 * n + 3];
          const run = (out: 'float64' | 'float32', reduce?: 'sum' | 'prod', store?: boolean) => {
            const k = fuse(e, { out, rank: 1, contiguous: true, broadcast, reduce, store });
            const o = out === 'float64' ? new Float64Array(n).fill(42) : new Float32Array(n).fill(42);
            const named: Record<string, unknown> = { out: o, offsetOut: 0, s0, s1: 7, lo, hi };
            for (let q = 0; q < 3; q++) Object.assign(named, { [`x${q}`]: inputs, [`offsetX${q}`]: xs[q] });
            const r = compileKernel(k)(...k.params.map((p) => named[p])) as number | undefined;
            return { o, r, k, named };
          };
          for (const out of ['float64', 'float32'] as const) {
            const plain = run(out);
            const red = run(out, kind);
            let want = 1;
            if (kind === 'sum') want = laneSum(plain.o, lo, hi);
            else for (let t = lo; t < hi; t++) want *= plain.o[t]!;
            for (let t = 0; t < n; t++)
              if (!Object.is(red.o[t], plain.o[t])) expect([out, t, red.o[t]]).toEqual([out, t, plain.o[t]]);
            if (!same(red.r!, want)) expect([out, kind, red.r]).toEqual([out, kind, want]);
            // The strided form (broadcast inputs stride 0) folds alike.
            const sk = fuse(e, { out, rank: 1, reduce: kind, store: false });
            const sn: Record<string, unknown> = {
              out: plain.o,
              offsetOut: 0,
              strideOut0: 1,
              s0,
              s1: 7,
              lo0: lo,
              hi0: hi,
            };
            for (let q = 0; q < 3; q++)
              Object.assign(sn, {
                [`x${q}`]: inputs,
                [`offsetX${q}`]: xs[q],
                [`strideX${q}_0`]: broadcast.includes(q) ? 0 : 1,
              });
            const sr = compileKernel(sk)(...sk.params.map((p) => sn[p])) as unknown as number;
            if (!same(sr, want)) expect([out, kind, 'strided', sr]).toEqual([out, kind, 'strided', want]);
            // Without storing: the same fold, `out` untouched.
            const bare = run(out, kind, false);
            expect(bare.o.every((v) => v === 42)).toBe(true);
            if (!same(bare.r!, want))
              expect([out, kind, 'nostore', bare.r]).toEqual([out, kind, 'nostore', want]);
            if (out === 'float32') continue;
            let bytes: Uint8Array;
            try {
              bytes = fuseWasm(e, 3, 2, broadcast, kind);
            } catch (err) {
              expect(err).toBeInstanceOf(CodegenError);
              continue;
            }
            const outW = view(3 * n + 4, n).fill(42);
            const f = new wasmApi.Instance(new wasmApi.Module(bytes), { e: { mem, trig: ftrig } }).exports
              .kernel;
            const hv = new Float64Array(Math.max(1, red.k.hoisted));
            if (red.k.hoistSource !== null) {
              const hoist = new Function(`return ${red.k.hoistSource}`)() as (...a: unknown[]) => void;
              const hp = red.k.params.filter(
                (p) => p !== 'out' && p !== 'offsetOut' && p !== 'lo' && p !== 'hi',
              );
              hoist(...hp.map((p) => red.named[p]), hv);
            }
            const w = f(
              outW.byteOffset,
              ...xs.map((x) => inputs.byteOffset + 8 * x),
              s0,
              7,
              ...Array.from({ length: red.k.hoisted }, (_, j) => hv[j]),
              lo,
              hi,
            ) as number;
            for (let t = 0; t < n; t++)
              if (!Object.is(outW[t], plain.o[t]))
                expect(['wasm', t, outW[t]]).toEqual(['wasm', t, plain.o[t]]);
            if (!same(w, want)) expect(['wasm', kind, w]).toEqual(['wasm', kind, want]);
            outW.fill(42);
            const g = new wasmApi.Instance(new wasmApi.Module(fuseWasm(e, 3, 2, broadcast, kind, false)), {
              e: { mem, trig: ftrig },
            }).exports.kernel;
            const w2 = g(
              outW.byteOffset,
              ...xs.map((x) => inputs.byteOffset + 8 * x),
              s0,
              7,
              ...Array.from({ length: red.k.hoisted }, (_, j) => hv[j]),
              lo,
              hi,
            ) as number;
            expect(outW.every((v) => v === 42)).toBe(true);
            if (!same(w2, want)) expect(['wasm nostore', kind, w2]).toEqual(['wasm nostore', kind, want]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('takes only rank-1 float outputs', () => {
    const x = fx.input(0);
    expect(() => fuse(x, { out: 'float64', rank: 2, reduce: 'sum' })).toThrow(/reduce/);
    expect(() => fuse(x, { out: 'int32', rank: 1, contiguous: true, reduce: 'sum' })).toThrow(/reduce/);
    expect(() => fuse(x, { out: 'float64', rank: 1, contiguous: true, reduce: 'max' as 'sum' })).toThrow(
      /reduce/,
    );
    expect(fuse(x, { out: 'float64', rank: 1, contiguous: true, reduce: 'sum' }).key).not.toBe(
      fuse(x, { out: 'float64', rank: 1, contiguous: true }).key,
    );
  });
});
