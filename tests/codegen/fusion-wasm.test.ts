/**
 * The Wasm form of contiguous fused kernels (codegen/fuse-wasm.ts) equals the JavaScript kernel
 * element for element (Object.is: NaN payloads aside), on random float64 trees of the operations
 * it accepts, with NaN, ±Inf and ±0 in the data, odd and even ranges and unaligned offsets; and it
 * refuses what it cannot compute exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodegenError, compileKernel, type FuseNode, fuse, fuseWasm, fx } from '../../codegen/index.js';
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
  'ceil',
  'sin',
  'cos',
  'tanh',
  'expm1',
  'log1p',
  'log2',
  'log10',
] as const;
const CMPS = ['less', 'greater', 'equal', 'not_equal', 'less_equal', 'greater_equal'] as const;
const BIN = ['add', 'subtract', 'multiply', 'divide', 'maximum', 'minimum', 'power'] as const;

const tree = fc.letrec<{ node: FuseNode }>((rec) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 2 }).map((k) => fx.input(k, 'float64')),
    fc.constantFrom(fx.scalar(0, 'float64'), fx.scalar(1, 'int32')),
    fc.tuple(fc.constantFrom(...UN), rec('node')).map(([op, a]) => fx[op](a)),
    fc.tuple(fc.constantFrom(...BIN), rec('node'), rec('node')).map(([op, a, b]) => fx[op](a, b)),
    fc.tuple(rec('node'), rec('node'), rec('node')).map(([a, b, c]) => fx.clip(a, b, c)),
    rec('node').map((a) => fx.castTo('float64', a)),
    fc
      .tuple(fc.constantFrom(...CMPS), rec('node'), rec('node'), rec('node'), rec('node'))
      .map(([op, a, b, x, y]) => fx.where(fx[op](a, b), x, y)),
  ),
})).node;

const wasmApi = (globalThis as any).WebAssembly;

describe('fuseWasm', () => {
  it('equals the JavaScript contiguous kernel on random float64 trees', () => {
    const mem = heapMemory()!;
    const n = 40;
    const block = heapAlloc(8 * (4 * n + 8))!;
    const view = (k: number, len: number) => new Float64Array(mem.buffer, block.off + 8 * k, len);
    fc.assert(
      fc.property(
        tree,
        fc.array(fc.constantFrom(...VALUES), { minLength: 3 * n + 3, maxLength: 3 * n + 3 }),
        fc.integer({ min: 0, max: n }),
        fc.integer({ min: 0, max: n }),
        fc.constantFrom(-0, 2.5, Number.NaN, -Infinity),
        fc.subarray([0, 1, 2]),
        (e, vals, a, b, s0, broadcast) => {
          const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
          let bytes: Uint8Array;
          try {
            bytes = fuseWasm(e, 3, 2, broadcast);
          } catch (err) {
            expect(err).toBeInstanceOf(CodegenError); // e.g. every leaf a scalar of int32
            return;
          }
          // Inputs at element offsets 1, n+2, 2n+3 (odd: unaligned for v128), output separate.
          const inputs = view(0, 3 * n + 3);
          inputs.set(vals);
          const outW = view(3 * n + 4, n).fill(42);
          const outJ = new Float64Array(n).fill(42);
          const k = fuse(e, { out: 'float64', rank: 1, contiguous: true, broadcast });
          const js = compileKernel(k);
          const xs = [1, n + 2, 2 * n + 3];
          const named: Record<string, unknown> = { out: outJ, offsetOut: 0, s0, s1: 7, lo, hi };
          for (let q = 0; q < 3; q++) Object.assign(named, { [`x${q}`]: inputs, [`offsetX${q}`]: xs[q] });
          js(...k.params.map((p) => named[p]));
          const f = new wasmApi.Instance(new wasmApi.Module(bytes), { e: { mem, trig: ftrig } }).exports
            .kernel;
          // Loop invariants: computed by the kernel's JavaScript hoist function, passed in.
          const hv = new Float64Array(Math.max(1, k.hoisted));
          if (k.hoistSource !== null) {
            const hoist = new Function(`return ${k.hoistSource}`)() as (...a: unknown[]) => void;
            const hp = k.params.filter((p) => p !== 'out' && p !== 'offsetOut' && p !== 'lo' && p !== 'hi');
            hoist(...hp.map((p) => named[p]), hv);
          }
          f(
            outW.byteOffset,
            ...xs.map((x) => inputs.byteOffset + 8 * x),
            s0,
            7,
            ...Array.from({ length: k.hoisted }, (_, j) => hv[j]),
            lo,
            hi,
          );
          for (let t = 0; t < n; t++) {
            if (!Object.is(outW[t], outJ[t])) expect([t, outW[t]]).toEqual([t, outJ[t]]);
          }
          // The JS kernel against the strided one (broadcast = stride 0) on the same data.
          const outS = new Float64Array(n).fill(42);
          const strided = compileKernel(fuse(e, { out: 'float64', rank: 1 }));
          const sn: Record<string, unknown> = {
            out: outS,
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
          strided(...fuse(e, { out: 'float64', rank: 1 }).params.map((p) => sn[p]));
          for (let t = 0; t < n; t++) {
            if (!Object.is(outS[t], outJ[t])) expect([t, outJ[t]]).toEqual([t, outS[t]]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses the other transcendentals, mod, predicates and non-float64 arithmetic', () => {
    const x = fx.input(0, 'float64');
    for (const e of [
      fx.arcsin(x),
      fx.mod(x, x),
      fx.less(x, x),
      fx.add(fx.input(0, 'float32'), fx.input(1, 'float32')),
    ])
      expect(() => fuseWasm(e, 2, 0)).toThrow(CodegenError);
    expect(wasmApi.validate(fuseWasm(fx.add(x, fx.input(1, 'float64')), 2, 0))).toBe(true);
  });
});
