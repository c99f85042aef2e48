/**
 * expm1, log1p, log2, log10 and pow of codegen/wasm-expm1.ts, wasm-logs.ts and wasm-pow.ts: within
 * 2 ulp of the correctly rounded result (mpmath references committed by scripts/fixtures_math.py),
 * and the Wasm `f64x2` form — vector lanes and the scalar tail — gives the JavaScript helper's bits,
 * on the fixtures, on special values and on random doubles of every magnitude (fast-check).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileKernel, type FuseNode, fuse, fuseWasm, fx } from '../../codegen/index.js';
import { mathJS } from '../../codegen/wasm-math.js';
import { heapAlloc, heapMemory } from '../../runtime/heap.js';

const fromHex = (h: string): number => {
  const v = new DataView(new ArrayBuffer(8));
  v.setBigUint64(0, BigInt(`0x${h}`));
  return v.getFloat64(0);
};
/** Position of a double on the number line in ulps (−0 and +0 both 0). */
const ord = (x: number): bigint => {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  const b = v.getBigInt64(0);
  return b < 0n ? -(b & 0x7fffffffffffffffn) : b;
};
const ulps = (a: number, b: number): number => {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b) ? 0 : Infinity;
  if (Object.is(a, 0) !== Object.is(b, 0) && a === 0 && b === 0) return Infinity; // signed zeros
  const d = ord(a) - ord(b);
  return Number(d < 0n ? -d : d);
};
const sameBits = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

interface Fn {
  op: string;
  arity: 1 | 2;
  f: (x: number, y?: number) => number;
  tree: (a: FuseNode, b: FuseNode) => FuseNode;
}
const FNS: Fn[] = [
  { op: 'expm1', arity: 1, f: mathJS.fexpm1!, tree: (a) => fx.expm1(a) },
  { op: 'log1p', arity: 1, f: mathJS.flog1p!, tree: (a) => fx.log1p(a) },
  { op: 'log2', arity: 1, f: mathJS.flog2!, tree: (a) => fx.log2(a) },
  { op: 'log10', arity: 1, f: mathJS.flog10!, tree: (a) => fx.log10(a) },
  { op: 'pow', arity: 2, f: mathJS.fpow!, tree: (a, b) => fx.power(a, b) },
];
const wasmApi = (globalThis as any).WebAssembly;

const kernels = new Map<string, (...a: number[]) => void>();
let block: { off: number; cap: number } | null = null;
/** Runs the Wasm form of `fn(x0[, x1])` over `xs` (and `ys`): pairs and the odd tail. */
function runWasm(fn: Fn, xs: Float64Array, ys?: Float64Array): Float64Array {
  const mem = heapMemory()!;
  const n = xs.length;
  if (block === null || block.cap < n) block = { off: heapAlloc(8 * (3 * n + 3))!.off, cap: n };
  const a = new Float64Array(mem.buffer, block.off, n);
  a.set(xs);
  const b = new Float64Array(mem.buffer, block.off + 8 * n, n);
  if (ys !== undefined) b.set(ys);
  const out = new Float64Array(mem.buffer, block.off + 16 * n, n);
  let f = kernels.get(fn.op);
  if (f === undefined) {
    const bytes = fuseWasm(fn.tree(fx.input(0), fx.input(1)), fn.arity, 0);
    f = new wasmApi.Instance(new wasmApi.Module(bytes), { e: { mem } }).exports.kernel as (
      ...a: number[]
    ) => void;
    kernels.set(fn.op, f);
  }
  if (fn.arity === 1) f(out.byteOffset, a.byteOffset, 0, n);
  else f(out.byteOffset, a.byteOffset, b.byteOffset, 0, n);
  return Float64Array.from(out);
}

/** The fixture of `op`: arguments (x, and b for pow) and correctly rounded results. */
function fixture(op: string): { xs: Float64Array; bs?: Float64Array; ys: number[] } {
  const d = JSON.parse(readFileSync(new URL(`../fixtures/math/${op}.json`, import.meta.url), 'utf8')) as {
    x: string[];
    b?: string[];
    y: string[];
  };
  return {
    xs: Float64Array.from(d.x.map(fromHex)),
    bs: d.b === undefined ? undefined : Float64Array.from(d.b.map(fromHex)),
    ys: d.y.map(fromHex),
  };
}

/** Checks that the Wasm form and the fused JavaScript kernel give the helper's bits on xs (ys). */
function sameAsHelper(fn: Fn, xs: Float64Array, ys?: Float64Array): void {
  const m = xs.length % 2 === 1 ? xs.length : xs.length - 1; // an odd count: the tail runs too
  const w = runWasm(fn, xs.subarray(0, m), ys?.subarray(0, m));
  for (let i = 0; i < m; i++) {
    const r = fn.f(xs[i]!, ys?.[i]);
    if (!sameBits(w[i]!, r)) expect([fn.op, xs[i], ys?.[i], w[i]]).toEqual([fn.op, xs[i], ys?.[i], r]);
  }
  const k = fuse(fn.tree(fx.input(0), fx.input(1)), { out: 'float64', rank: 1, contiguous: true });
  const out = new Float64Array(xs.length);
  if (fn.arity === 1) compileKernel(k)(out, 0, xs, 0, 0, xs.length);
  else compileKernel(k)(out, 0, xs, 0, ys, 0, 0, xs.length);
  for (let i = 0; i < xs.length; i++) {
    const r = fn.f(xs[i]!, ys?.[i]);
    if (!sameBits(out[i]!, r)) expect([fn.op, xs[i], ys?.[i], out[i]]).toEqual([fn.op, xs[i], ys?.[i], r]);
  }
}

describe('transcendentals, the rest (wasm-expm1, wasm-logs, wasm-pow)', () => {
  for (const fn of FNS) {
    it(`${fn.op}: within 2 ulp of the correctly rounded value, same bits in Wasm and JavaScript`, () => {
      const { xs, bs, ys } = fixture(fn.op);
      let worst = 0;
      let at = '';
      let off = 0;
      for (let i = 0; i < xs.length; i++) {
        const e = ulps(fn.f(xs[i]!, bs?.[i]), ys[i]!);
        if (e > 0) off++;
        if (e > worst) [worst, at] = [e, bs === undefined ? `x = ${xs[i]}` : `(${xs[i]}, ${bs[i]})`];
      }
      console.info(
        `${fn.op}: max error ${worst} ulp at ${at} over ${xs.length} points (${off} not correctly rounded)`,
      );
      expect(worst).toBeLessThanOrEqual(2);
      sameAsHelper(fn, xs, bs);
    });
  }

  it('special values, in both forms', () => {
    const f = mathJS.fexpm1!;
    expect(Object.is(f(-0), -0)).toBe(true);
    expect(f(5e-324)).toBe(5e-324);
    expect(f(Infinity)).toBe(Infinity);
    expect(f(-Infinity)).toBe(-1);
    expect(f(Number.NaN)).toBeNaN();
    expect(f(709.782712893384)).toBe(1.7976931348622732e308);
    expect(f(709.7827128933841)).toBe(Infinity);
    expect(f(-40)).toBe(-1);
    expect(f(1)).toBe(1.7182818284590453); // e − 1 correctly rounded (V8's Math.expm1 is 1 ulp below)
    const sp = [0, -0, Infinity, -Infinity, Number.NaN, 5e-324, -5e-324, 1, -1, 0.5, 2, -2, 1e300, -1e300];
    const xs = Float64Array.from(sp.flatMap((a) => sp.map(() => a)));
    const ys = Float64Array.from(sp.flatMap(() => sp));
    for (const fn of FNS) sameAsHelper(fn, xs, fn.arity === 2 ? ys : undefined);
  });

  it('Wasm equals JavaScript on random doubles of every magnitude (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double(), fc.double()), { minLength: 1, maxLength: 33 }), (pairs) => {
        const xs = Float64Array.from(pairs.map((p) => p[0]));
        const ys = Float64Array.from(pairs.map((p) => p[1]));
        for (const fn of FNS) sameAsHelper(fn, xs, fn.arity === 2 ? ys : undefined);
      }),
      { numRuns: 200 },
    );
  });
});
