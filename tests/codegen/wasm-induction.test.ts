/**
 * The Wasm back end's loop pointers (codegen/wasm-induction.ts): loops whose variable only
 * indexes arrays run without a counter (short innermost ones two elements per turn), the others
 * keep it; either way the Wasm kernel must write
 * exactly what the JavaScript kernel writes, for any range (empty, reversed, negative starts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emitJS,
  emitWasm,
  type IRExpr,
  type KernelIR,
  type Stmt,
  verifyKernel,
} from '../../codegen/index.js';
import { assign, bin, decl, forLoop, ifThen, kernel, load, num, store, v } from '../../codegen/ir.js';
import { inductionArrays, invariantIn, onlyAsIndex, unrollable } from '../../codegen/wasm-induction.js';

const N = 40;
const PAD = 8; // elements of slack before each array: negative starts stay inside the memory
const wasmApi = (globalThis as any).WebAssembly;
const mem = new wasmApi.Memory({ initial: 1, maximum: 65536, shared: true });

const params = (names: string[]) => [
  ...names.map((name) => ({ name, kind: 'array' as const })),
  { name: 'lo', kind: 'scalar' as const },
  { name: 'hi', kind: 'scalar' as const },
];
const add = (a: IRExpr, b: IRExpr) => bin('+', a, b);
const mul = (a: IRExpr, b: IRExpr) => bin('*', a, b);

/** Runs `ir` as JavaScript and as Wasm on the same inputs; returns both outputs. */
function both(ir: KernelIR, arrays: string[], init: number[][], lo: number, hi: number) {
  verifyKernel(ir);
  const js = new Function(`return ${emitJS(ir)}`)() as (...a: unknown[]) => void;
  const jsArrays = init.map((a) => Float64Array.from(a));
  js(...jsArrays, lo, hi);
  const wasm = new wasmApi.Instance(
    new wasmApi.Module(emitWasm(ir, Object.fromEntries(arrays.map((a) => [a, 'float64' as const])))),
    { e: { mem } },
  ).exports.kernel as (...a: number[]) => void;
  const stride = (N + 2 * PAD) * 8;
  const views = init.map((a, k) => {
    const view = new Float64Array(mem.buffer, k * stride + PAD * 8, N);
    view.set(a);
    return view;
  });
  wasm(...views.map((w) => w.byteOffset), lo, hi);
  return { js: jsArrays, wasm: views.map((w) => Array.from(w)) };
}

const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  expect(Array.from(a).map((x) => (Number.isNaN(x) ? 'NaN' : Object.is(x, -0) ? '-0' : x))).toEqual(
    Array.from(b).map((x) => (Number.isNaN(x) ? 'NaN' : Object.is(x, -0) ? '-0' : x)),
  );

const values = fc.array(fc.oneof(fc.double(), fc.constantFrom(Number.NaN, -0, Infinity)), {
  minLength: N,
  maxLength: N,
});
const range = fc.tuple(fc.integer({ min: 0, max: N - 2 }), fc.integer({ min: -3, max: N - 2 }));

describe('codegen Wasm loop pointers', () => {
  // y[i] += a[i + 1] * b[i]: i only indexes, so the loop runs on pointers alone.
  const axpyShift = kernel('axpyShift', params(['a', 'b', 'y']), [
    forLoop('i', v('lo'), v('hi'), [
      store('y', v('i'), mul(load('a', add(v('i'), num(1))), load('b', v('i'))), '+='),
    ]),
  ]);
  // y[i] = a[i] * i: i is also a value, so the counter stays.
  const scaled = kernel('scaled', params(['a', 'y']), [
    forLoop('i', v('lo'), v('hi'), [store('y', v('i'), mul(load('a', v('i')), v('i')))]),
  ]);
  // The bound changes inside the loop: it is evaluated every iteration, as in JavaScript.
  const shrinking = kernel('shrinking', params(['a', 'y']), [
    decl('n', v('hi'), true),
    forLoop('i', v('lo'), v('n'), [
      store('y', v('i'), load('a', v('i'))),
      ifThen(bin('<', load('a', v('i')), num(0)), [assign('n', bin('-', v('n'), num(1)))]),
    ]),
  ]);
  // Nested loops, each with its own pointers (the shape of CSR SpMV with a shifted row start).
  const nested = kernel('nested', params(['a', 'b', 'y']), [
    forLoop('i', v('lo'), v('hi'), [
      decl('t', num(0), true),
      forLoop('j', v('i'), add(v('i'), num(3)), [
        assign('t', mul(load('a', v('j')), load('b', add(v('j'), num(2)))), '+='),
      ]),
      store('y', v('i'), v('t')),
    ]),
  ]);

  it('finds the arrays a loop indexes by its variable, and whether it needs a counter', () => {
    const body = (k: KernelIR) => (k.body.find((s) => s.k === 'for') as Extract<Stmt, { k: 'for' }>).body;
    expect(inductionArrays('i', body(axpyShift))).toEqual(['y', 'a', 'b']);
    expect(onlyAsIndex('i', body(axpyShift))).toBe(true);
    expect(onlyAsIndex('i', body(scaled))).toBe(false);
    expect(invariantIn(v('hi'), body(axpyShift))).toBe(true);
    expect(invariantIn(v('n'), body(shrinking))).toBe(false);
    expect(invariantIn(load('y', num(0)), body(shrinking))).toBe(false);
    expect(inductionArrays('i', body(nested))).toEqual(['y']);
    expect(onlyAsIndex('i', body(nested))).toBe(false);
    // Short innermost bodies run two elements per turn; loops with loops inside do not.
    expect(unrollable(body(axpyShift))).toBe(true);
    expect(unrollable(body(nested))).toBe(false);
  });

  it.each([
    ['pointers only', axpyShift, ['a', 'b', 'y']],
    ['counter kept', scaled, ['a', 'y']],
    ['bound changes in the loop', shrinking, ['a', 'y']],
    ['nested loops', nested, ['a', 'b', 'y']],
  ] as const)('%s: Wasm writes what JavaScript writes, for any range', (_, ir, arrays) => {
    fc.assert(
      fc.property(
        fc.array(values, { minLength: arrays.length, maxLength: arrays.length }),
        range,
        (init, [lo, hi]) => {
          // Keep every access in bounds: the kernels read up to 3 elements past i.
          const r = both(ir, [...arrays], init, lo, Math.min(hi, N - 5));
          for (let k = 0; k < arrays.length; k++) same(r.wasm[k]!, r.js[k]!);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('runs a loop that starts below zero (pointers before the array) and an empty one', () => {
    const shifted = kernel('shifted', params(['a', 'y']), [
      forLoop('i', v('lo'), v('hi'), [store('y', add(v('i'), num(3)), load('a', add(v('i'), num(3))))]),
    ]);
    const init = [Array.from({ length: N }, (_, k) => k + 0.5), new Array<number>(N).fill(0)];
    const r = both(shifted, ['a', 'y'], init, -3, 5);
    same(r.wasm[1]!, r.js[1]!);
    expect(r.wasm[1]!.slice(0, 9)).toEqual([0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 0]);
    const empty = both(shifted, ['a', 'y'], init, 7, 2);
    same(empty.wasm[1]!, init[1]!);
  });
});
