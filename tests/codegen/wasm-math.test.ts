/**
 * Transcendentals of codegen/wasm-math.ts: within 2 ulp of the correctly rounded result (mpmath
 * references committed by scripts/fixtures_math.py: random bit patterns over each domain,
 * subnormals, reduction boundaries, overflow/underflow thresholds, special values), and the
 * Wasm `f64x2` form — vector lanes and the scalar tail — gives the JavaScript helper's bits.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileKernel, fuse, fuseWasm, fx } from '../../codegen/index.js';
import { mathJS } from '../../codegen/wasm-math.js';
import { ftrig } from '../../codegen/wasm-trig.js';
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
  const d = ord(a) - ord(b);
  return Number(d < 0n ? -d : d);
};
const sameBits = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

const FNS = [
  { op: 'exp', f: mathJS.fexp! },
  { op: 'log', f: mathJS.flog! },
  { op: 'sin', f: (x: number) => ftrig(x, 0) },
  { op: 'cos', f: (x: number) => ftrig(x, 1) },
  { op: 'tanh', f: mathJS.ftanh! },
] as const;
type Op = (typeof FNS)[number]['op'];
const wasmApi = (globalThis as any).WebAssembly;

const kernels = new Map<string, (...a: number[]) => void>();
let block: { off: number; cap: number } | null = null;
/** Runs the Wasm form of `op(x0)` over `xs` (pairs and the odd tail). */
function runWasm(op: Op, xs: Float64Array): Float64Array {
  const mem = heapMemory()!;
  const n = xs.length;
  if (block === null || block.cap < n) block = { off: heapAlloc(8 * (2 * n + 2))!.off, cap: n };
  const inp = new Float64Array(mem.buffer, block.off, n);
  inp.set(xs);
  const out = new Float64Array(mem.buffer, block.off + 8 * n, n);
  let f = kernels.get(op);
  if (f === undefined) {
    const bytes = fuseWasm(fx[op](fx.input(0)), 1, 0);
    f = new wasmApi.Instance(new wasmApi.Module(bytes), { e: { mem, trig: ftrig } }).exports.kernel as (
      ...a: number[]
    ) => void;
    kernels.set(op, f);
  }
  f(out.byteOffset, inp.byteOffset, 0, n);
  return Float64Array.from(out);
}

describe('transcendentals (wasm-math)', () => {
  for (const { op, f: js } of FNS) {
    it(`${op}: within 2 ulp of the correctly rounded value, same bits in Wasm and JavaScript`, () => {
      const d = JSON.parse(readFileSync(new URL(`../fixtures/math/${op}.json`, import.meta.url), 'utf8')) as {
        x: string[];
        y: string[];
      };
      const xs = Float64Array.from(d.x.map(fromHex));
      const ys = d.y.map(fromHex);
      let worst = 0;
      let worstAt = 0;
      for (let i = 0; i < xs.length; i++) {
        const e = ulps(js(xs[i]!), ys[i]!);
        if (e > worst) [worst, worstAt] = [e, xs[i]!];
      }
      console.info(`${op}: max error ${worst} ulp at x = ${worstAt} over ${xs.length} points`);
      expect(worst).toBeLessThanOrEqual(2);
      // The Wasm form: every lane and the tail (odd count).
      const w = runWasm(op, xs.length % 2 === 1 ? xs : xs.subarray(0, xs.length - 1));
      for (let i = 0; i < w.length; i++)
        if (!sameBits(w[i]!, js(xs[i]!))) expect([xs[i], w[i]]).toEqual([xs[i], js(xs[i]!)]);
      // The fused JavaScript kernel calls the same helper.
      const k = fuse(fx[op](fx.input(0)), { out: 'float64', rank: 1, contiguous: true });
      const out = new Float64Array(xs.length);
      compileKernel(k)(out, 0, xs, 0, 0, xs.length);
      for (let i = 0; i < xs.length; i++) if (!sameBits(out[i]!, js(xs[i]!))) expect(i).toBe(-1);
    });
  }

  it('special values', () => {
    const { fexp, flog } = mathJS as Record<string, (x: number) => number>;
    expect(fexp!(0)).toBe(1);
    expect(fexp!(-0)).toBe(1);
    expect(fexp!(Infinity)).toBe(Infinity);
    expect(fexp!(-Infinity)).toBe(0);
    expect(fexp!(Number.NaN)).toBeNaN();
    expect(fexp!(709.782712893384)).toBe(1.7976931348622732e308);
    expect(fexp!(709.7827128933841)).toBe(Infinity);
    expect(fexp!(-745.1332191019411)).toBe(5e-324);
    expect(fexp!(-745.1332191019412)).toBe(0);
    expect(flog!(0)).toBe(-Infinity);
    expect(flog!(-0)).toBe(-Infinity);
    expect(flog!(-1)).toBeNaN();
    expect(flog!(Infinity)).toBe(Infinity);
    expect(flog!(Number.NaN)).toBeNaN();
    expect(flog!(1)).toBe(0);
    expect(flog!(5e-324)).toBe(-744.4400719213812);
    const sin = (x: number) => ftrig(x, 0);
    const cos = (x: number) => ftrig(x, 1);
    expect(Object.is(sin(-0), -0)).toBe(true);
    expect(Object.is(sin(0), 0)).toBe(true);
    expect(sin(-5e-324)).toBe(-5e-324);
    expect(sin(Infinity)).toBeNaN();
    expect(sin(-Infinity)).toBeNaN();
    expect(sin(Number.NaN)).toBeNaN();
    expect(cos(-0)).toBe(1);
    expect(cos(Infinity)).toBeNaN();
    expect(cos(Number.NaN)).toBeNaN();
    expect(cos(5e-324)).toBe(1);
    const tanh = mathJS.ftanh!;
    expect(Object.is(tanh(-0), -0)).toBe(true);
    expect(tanh(-5e-324)).toBe(-5e-324);
    expect(tanh(Infinity)).toBe(1);
    expect(tanh(-Infinity)).toBe(-1);
    expect(tanh(710)).toBe(1);
    expect(tanh(Number.NaN)).toBeNaN();
    // Huge arguments (the BigInt reduction): sin(1e22) and cos(2^1023) correctly rounded (mpmath).
    expect(sin(1e22)).toBe(-0.8522008497671888);
    expect(cos(2 ** 1023)).toBe(-0.826369834614148);
    const sp = Float64Array.from([
      0,
      -0,
      Infinity,
      -Infinity,
      Number.NaN,
      5e-324,
      -5e-324,
      1,
      -1,
      1e22,
      -1e300,
    ]);
    for (const { op, f } of FNS) {
      const w = runWasm(op, sp);
      for (let i = 0; i < sp.length; i++) expect(sameBits(w[i]!, f(sp[i]!))).toBe(true);
    }
  });

  it('Wasm equals JavaScript on random doubles of every magnitude (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.double(), { minLength: 1, maxLength: 33 }), (vals) => {
        const xs = Float64Array.from(vals);
        for (const { op, f } of FNS) {
          const w = runWasm(op, xs);
          xs.forEach((x, i) => {
            if (!sameBits(w[i]!, f(x))) expect([op, x, w[i]]).toEqual([op, x, f(x)]);
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
