/**
 * Fused kernels evaluate their tree as a DAG (codegen/fuse.ts, fuse-wasm.ts): a subexpression
 * used k times is computed once per element — counted with an instrumented kernel (the JavaScript
 * form run with a counting `Math`) and in the Wasm form's instructions — and DAG-shaped trees
 * give the unfused values bit for bit, in the JavaScript and the Wasm form.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FuseNode, fuse, fuseWasm, fx } from '../../codegen/index.js';
import { heapAlloc, heapMemory } from '../../runtime/heap.js';
import { evalUnfused } from './fusion-reference.js';

const x0 = fx.input(0);
const x1 = fx.input(1);
const x2 = fx.input(2);
/** `sqrt(x0 / x1)`, built anew each time (equal structure, distinct objects). */
const shared = (): FuseNode => fx.sqrt(fx.divide(x0, x1));
/** An expression using the shared value k times in different places. */
function usesK(k: number): FuseNode {
  const ctx = [
    (v: FuseNode) => v,
    (v: FuseNode) => fx.multiply(v, fx.scalar(0)),
    (v: FuseNode) => fx.add(x2, v),
    (v: FuseNode) => fx.maximum(v, fx.negative(x2)),
    (v: FuseNode) => fx.clip(v, x2, x0),
  ];
  let e = ctx[0]!(shared());
  for (let i = 1; i < k; i++) e = fx.subtract(e, ctx[i % ctx.length]!(shared()));
  return e;
}

/** Runs the kernel's JavaScript source with a `Math` whose sqrt counts its calls. */
function countSqrt(source: string, args: unknown[]): number {
  let calls = 0;
  const counting = Object.create(Math) as typeof Math;
  counting.sqrt = (v: number) => {
    calls++;
    return Math.sqrt(v);
  };
  const fn = new Function('Math', `return (${source});`)(counting) as (...a: unknown[]) => void;
  fn(...args);
  return calls;
}

const count = (bytes: Uint8Array, pat: number[]): number => {
  let c = 0;
  for (let i = 0; i + pat.length <= bytes.length; i++) if (pat.every((b, j) => bytes[i + j] === b)) c++;
  return c;
};

describe('fusion as a DAG', () => {
  it('a value used k times is evaluated once per element (instrumented kernel)', () => {
    const n = 37;
    const data = Float64Array.from({ length: 3 * n }, (_, i) => 1 + (i % 11));
    const out = new Float64Array(n);
    for (let k = 1; k <= 6; k++) {
      const e = usesK(k);
      const c = fuse(e, { out: 'float64', rank: 1, contiguous: true });
      const named: Record<string, unknown> = { out, offsetOut: 0, s0: 2, lo: 0, hi: n };
      for (let q = 0; q < 3; q++) Object.assign(named, { [`x${q}`]: data, [`offsetX${q}`]: q * n });
      expect(
        countSqrt(
          c.source,
          c.params.map((p) => named[p]),
        ),
      ).toBe(n);
      // The strided form too (rank 2: 37 = 1 x 37).
      const s = fuse(e, { out: 'float64', rank: 2 });
      const sn: Record<string, unknown> = { out, offsetOut: 0, strideOut0: n, strideOut1: 1, s0: 2 };
      Object.assign(sn, { lo0: 0, hi0: 1, lo1: 0, hi1: n });
      for (let q = 0; q < 3; q++)
        Object.assign(sn, {
          [`x${q}`]: data,
          [`offsetX${q}`]: q * n,
          [`strideX${q}_0`]: n,
          [`strideX${q}_1`]: 1,
        });
      expect(
        countSqrt(
          s.source,
          s.params.map((p) => sn[p]),
        ),
      ).toBe(n);
      // Wasm: as many f64x2.sqrt / f64.sqrt instructions as for one use (5 pair bodies: four
      // interleaved in the main loop, one in the pair loop; 1 tail).
      const bytes = fuseWasm(e, 3, 1);
      expect(count(bytes, [0xfd, 0xef, 0x01])).toBe(5);
      expect(count(bytes, [0xfd, 0xf3, 0x01])).toBe(5); // the divide under it, once too
    }
  });

  it('equal subtrees hoisted out of the loop are hoisted once', () => {
    const inv = () => fx.divide(fx.scalar(0), fx.scalar(1));
    const k = fuse(fx.add(fx.multiply(x0, inv()), fx.multiply(x1, inv())), {
      out: 'float64',
      rank: 1,
      contiguous: true,
    });
    expect(k.hoisted).toBe(1);
  });

  const UN = ['negative', 'abs', 'sqrt', 'floor', 'exp', 'log'] as const;
  const BIN = ['add', 'subtract', 'multiply', 'divide', 'maximum', 'minimum'] as const;
  const CMP = ['equal', 'not_equal', 'less', 'less_equal', 'greater', 'greater_equal'] as const;
  /** Trees over inputs and three shared subtrees (given as `pool` indices 0..2). */
  const dag = (pool: readonly FuseNode[]) =>
    fc.letrec<{ node: FuseNode }>((rec) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.integer({ min: 0, max: 2 }).map((k) => fx.input(k)),
        fc.integer({ min: 0, max: pool.length - 1 }).map((k) => pool[k]!),
        fc.constant(fx.scalar(0)),
        fc.tuple(fc.constantFrom(...UN), rec('node')).map(([op, a]) => fx[op](a)),
        fc.tuple(fc.constantFrom(...BIN), rec('node'), rec('node')).map(([op, a, b]) => fx[op](a, b)),
        fc.tuple(rec('node'), rec('node'), rec('node')).map(([a, b, c]) => fx.clip(a, b, c)),
        fc
          .tuple(fc.constantFrom(...CMP), rec('node'), rec('node'), rec('node'), rec('node'))
          .map(([op, a, b, c, d]) => fx.where(fx[op](a, b), c, d)),
      ),
    })).node;
  const base = fc.letrec<{ node: FuseNode }>((rec) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      fc.integer({ min: 0, max: 2 }).map((k) => fx.input(k)),
      fc.tuple(fc.constantFrom(...UN), rec('node')).map(([op, a]) => fx[op](a)),
      fc.tuple(fc.constantFrom(...BIN), rec('node'), rec('node')).map(([op, a, b]) => fx[op](a, b)),
    ),
  })).node;
  const VALUES = [0, -0, 1, -1, 0.1, -2.5, 3, 1e300, -1e-300, Number.NaN, Infinity, -Infinity, 7e-310];

  it('DAG-shaped trees equal op-by-op evaluation, JavaScript and Wasm, bit for bit', () => {
    const mem = heapMemory()!;
    const n = 23;
    const block = heapAlloc(8 * (4 * n + 8))!;
    const inputs = new Float64Array(mem.buffer, block.off, 3 * n);
    const outW = new Float64Array(mem.buffer, block.off + 8 * 3 * n, n);
    const wasmApi = (globalThis as any).WebAssembly;
    fc.assert(
      fc.property(
        fc.array(base, { minLength: 3, maxLength: 3 }).chain((pool) => dag(pool)),
        fc.array(fc.constantFrom(...VALUES), { minLength: 3 * n, maxLength: 3 * n }),
        fc.constantFrom(-0, 2.5, Number.NaN),
        (e, vals, s0) => {
          inputs.set(vals);
          const k = fuse(e, { out: 'float64', rank: 1, contiguous: true });
          const outJ = new Float64Array(n);
          const named: Record<string, unknown> = { out: outJ, offsetOut: 0, s0, lo: 0, hi: n };
          for (let q = 0; q < 3; q++) Object.assign(named, { [`x${q}`]: inputs, [`offsetX${q}`]: q * n });
          (new Function(`return (${k.source});`)() as (...a: unknown[]) => void)(
            ...k.params.map((p) => named[p]),
          );
          for (let t = 0; t < n; t++) {
            const ref = evalUnfused(e, [inputs[t]!, inputs[n + t]!, inputs[2 * n + t]!], [s0]).value;
            if (!Object.is(outJ[t], ref) && !(Number.isNaN(ref) && Number.isNaN(outJ[t]))) {
              expect([t, outJ[t]]).toEqual([t, ref]);
            }
          }
          const bytes = fuseWasm(e, 3, 1);
          const f = new wasmApi.Instance(new wasmApi.Module(bytes), { e: { mem } }).exports.kernel;
          outW.fill(42);
          // Loop invariants: computed by the kernel's JavaScript hoist function, passed in.
          const hv = new Float64Array(Math.max(1, k.hoisted));
          if (k.hoistSource !== null) {
            const hoist = new Function(`return ${k.hoistSource}`)() as (...a: unknown[]) => void;
            const hp = k.params.filter((p) => p !== 'out' && p !== 'offsetOut' && p !== 'lo' && p !== 'hi');
            hoist(...hp.map((p) => named[p]), hv);
          }
          const xs = [0, 1, 2].map((q) => inputs.byteOffset + 8 * q * n);
          f(outW.byteOffset, ...xs, s0, ...Array.from({ length: k.hoisted }, (_, j) => hv[j]), 0, n);
          for (let t = 0; t < n; t++) {
            const ok = Object.is(outW[t], outJ[t]) || (Number.isNaN(outW[t]) && Number.isNaN(outJ[t]));
            if (!ok) expect([t, outW[t]]).toEqual([t, outJ[t]]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
