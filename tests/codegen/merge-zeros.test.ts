/**
 * Zero-dropping merges (`generateKernel(..., { phase, dropZeros: true })`): the generated count and
 * fill kernels of `C = A + B`, `A - B`, `A .* B` over canonical CSR against the sparse library's
 * hand loop `binopRows` (which they replace) and against a dense reference with SciPy's rule — no
 * stored zeros, sorted indices — over random row pieces, in JavaScript and (float dtypes) Wasm.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CodegenDType,
  CSR,
  compileKernel,
  emitWasm,
  generateKernel,
  verifyKernel,
} from '../../codegen/index.js';
import { heapAlloc, heapMemory } from '../../runtime/heap.js';
import { binopRows } from '../../sparse/kernels/assemble.js';
import { pieces } from './sparse-fixtures.js';
import { twinStats, wasmTwin } from './wasm-twin.js';

type Arr = Float64Array | Float32Array | Int32Array;
const CTOR = { float64: Float64Array, float32: Float32Array, int32: Int32Array } as const;
type VDType = keyof typeof CTOR;

const OPS = [
  { expr: 'C(i,j) = A(i,j) + B(i,j)', code: 0, f: (a: number, b: number) => a + b, union: true },
  { expr: 'C(i,j) = A(i,j) - B(i,j)', code: 1, f: (a: number, b: number) => a - b, union: true },
  { expr: 'C(i,j) = A(i,j) * B(i,j)', code: 2, f: (a: number, b: number) => a * b, union: false },
] as const;

/** (A, B, C) dtypes the sparse library meets: equal, mixed float (promoted), integer. */
const DTYPE_SETS: readonly [VDType, VDType, VDType][] = [
  ['float64', 'float64', 'float64'],
  ['float32', 'float32', 'float32'],
  ['float32', 'float64', 'float64'],
  ['int32', 'int32', 'int32'],
];

const FLOATS = [0, -0, 1, -1, 0.5, -2, 3, 1e-300, -1e-300, 3e38, Number.NaN, Infinity, -Infinity];
const INTS = [0, 1, -1, 2, -3, 2 ** 31 - 1, -(2 ** 31), 65536, -65536];

interface Csr {
  pos: Int32Array;
  crd: Int32Array;
  vals: Arr;
}

/** A canonical CSR matrix (sorted, unique columns per row) from entries (any order, later wins). */
function canonical(m: number, n: number, es: readonly [number, number, number][], dt: VDType): Csr {
  const cell = new Map<number, number>();
  for (const [i, j, x] of es) cell.set(i * n + j, x);
  const keys = [...cell.keys()].sort((x, y) => x - y);
  const pos = new Int32Array(m + 1);
  for (const k of keys) pos[Math.floor(k / n) + 1]!++;
  for (let i = 0; i < m; i++) pos[i + 1]! += pos[i]!;
  return {
    pos,
    crd: Int32Array.from(keys, (k) => k % n),
    vals: CTOR[dt].from(keys.map((k) => cell.get(k)!)),
  };
}

/**
 * Pairs (A, B) of one shape, 0×n and n×0 included. B reuses A's entries as they are (A - A
 * cancels), negated (A + (-A) cancels), or not at all, and adds entries of its own.
 */
const pairArb = (dts: readonly [VDType, VDType, VDType]) =>
  fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 })).chain(([m, n]) => {
    const pool = (dt: VDType) => (dt === 'int32' ? INTS : FLOATS);
    const entry = (dt: VDType) =>
      m * n === 0
        ? fc.constant(null)
        : fc.tuple(
            fc.integer({ min: 0, max: m - 1 }),
            fc.integer({ min: 0, max: n - 1 }),
            fc.constantFrom(...pool(dt)),
          );
    const list = (dt: VDType) =>
      fc
        .array(entry(dt), { maxLength: m * n === 0 ? 0 : 2 * m * n })
        .map((xs) => xs.filter((x) => x !== null) as [number, number, number][]);
    return fc.record({
      m: fc.constant(m),
      n: fc.constant(n),
      a: list(dts[0]),
      own: list(dts[1]),
      reuse: fc.array(fc.constantFrom('same', 'neg', 'skip'), { maxLength: 2 * m * n }),
    });
  });

/** Runs the generated count → scan → fill over row pieces; Wasm twins where asked. */
function generated(
  op: (typeof OPS)[number],
  dts: readonly [VDType, VDType, VDType],
  A: Csr,
  B: Csr,
  m: number,
  cuts: readonly number[],
  wasm: boolean,
): Csr {
  const dtype: Record<string, CodegenDType> = { A: dts[0], B: dts[1], C: dts[2] };
  const base = { A_pos: A.pos, A_crd: A.crd, A_vals: A.vals, B_pos: B.pos, B_crd: B.crd, B_vals: B.vals };
  const call = (phase: 'count' | 'fill', args: Record<string, unknown>) => {
    const g = generateKernel(op.expr, { A: CSR, B: CSR, C: CSR }, { phase, dtype, dropZeros: true });
    verifyKernel(g.ir);
    const fn = compileKernel(g);
    const twin = wasm ? wasmTwin(g, args, { emitWasm, heapAlloc, heapMemory }) : null;
    if (wasm) expect(twin, `${phase} has a Wasm form`).not.toBeNull();
    for (const [lo, hi] of pieces(m, cuts)) {
      fn(...g.params.map((p) => (p === 'lo' ? lo : p === 'hi' ? hi : args[p])));
      twin?.check(lo, hi);
    }
    return g;
  };
  const count = new Int32Array(m);
  const gc = call('count', { ...base, C_count: count });
  expect(gc.params).toEqual(['A_pos', 'A_crd', 'A_vals', 'B_pos', 'B_crd', 'B_vals', 'C_count', 'lo', 'hi']);
  const pos = new Int32Array(m + 1);
  for (let i = 0; i < m; i++) pos[i + 1] = pos[i]! + count[i]!;
  const crd = new Int32Array(pos[m]!);
  const vals = new CTOR[dts[2]](pos[m]!);
  const gf = call('fill', { ...base, C_pos: pos, C_crd: crd, C_vals: vals });
  expect(gf.params).toEqual([
    'A_pos',
    'A_crd',
    'A_vals',
    'B_pos',
    'B_crd',
    'B_vals',
    'C_pos',
    'C_crd',
    'C_vals',
    'lo',
    'hi',
  ]);
  return { pos, crd, vals };
}

/** The same through the hand loop `binopRows`. */
function hand(op: number, out: VDType, A: Csr, B: Csr, m: number, cuts: readonly number[]): Csr {
  const pos = new Int32Array(m + 1);
  const f = binopRows as unknown as (...a: unknown[]) => void;
  for (const [lo, hi] of pieces(m, cuts))
    f(A.pos, A.crd, A.vals, B.pos, B.crd, B.vals, pos, null, null, op, 0, lo, hi);
  for (let i = 0; i < m; i++) pos[i + 1]! += pos[i]!;
  const crd = new Int32Array(pos[m]!);
  const vals = new CTOR[out](pos[m]!);
  for (const [lo, hi] of pieces(m, cuts))
    f(A.pos, A.crd, A.vals, B.pos, B.crd, B.vals, pos, crd, vals, op, 1, lo, hi);
  return { pos, crd, vals };
}

/** SciPy's rule on dense cells: where an operand stores an entry, `op` in float64; nonzero results kept, sorted. */
function reference(op: (typeof OPS)[number], out: VDType, A: Csr, B: Csr, m: number, n: number): Csr {
  const cells = (X: Csr) => {
    const c = new Map<number, number>();
    for (let i = 0; i < m; i++)
      for (let p = X.pos[i]!; p < X.pos[i + 1]!; p++) c.set(i * n + X.crd[p]!, X.vals[p]!);
    return c;
  };
  const a = cells(A);
  const b = cells(B);
  const pos = new Int32Array(m + 1);
  const crd: number[] = [];
  const vals: number[] = [];
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      const k = i * n + j;
      const present = op.union ? a.has(k) || b.has(k) : a.has(k) && b.has(k);
      const v = op.f(a.get(k) ?? 0, b.get(k) ?? 0);
      if (present && v !== 0) {
        crd.push(j);
        vals.push(v);
      }
    }
    pos[i + 1] = crd.length;
  }
  return { pos, crd: Int32Array.from(crd), vals: CTOR[out].from(vals) };
}

/** Equal structure, equal values (`Object.is`: -0 ≠ 0, and NaN whatever its sign bit). */
function expectSame(got: Csr, want: Csr, what: string) {
  expect([...got.pos], `${what} indptr`).toEqual([...want.pos]);
  expect([...got.crd], `${what} indices`).toEqual([...want.crd]);
  expect(got.vals.constructor, `${what} dtype`).toBe(want.vals.constructor);
  expect(got.vals.length, `${what} nnz`).toBe(want.vals.length);
  for (let k = 0; k < want.vals.length; k++)
    expect(
      Object.is(got.vals[k], want.vals[k]),
      `${what} data[${k}] = ${got.vals[k]}, want ${want.vals[k]}`,
    ).toBe(true);
}

describe('zero-dropping merges (dropZeros) equal the hand loop and SciPy’s rule', () => {
  const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 });
  for (const op of OPS) {
    for (const dts of DTYPE_SETS) {
      const wasm = dts.every((d) => d !== 'int32');
      it(`${op.expr}, dtypes ${dts.join('/')}${wasm ? ', JavaScript and Wasm' : ''}`, () => {
        fc.assert(
          fc.property(pairArb(dts), cuts, ({ m, n, a, own, reuse }, c) => {
            const A = canonical(m, n, a, dts[0]);
            const fromA = a.flatMap(([i, j, x], k): [number, number, number][] =>
              reuse[k] === 'same' ? [[i, j, x]] : reuse[k] === 'neg' ? [[i, j, -x]] : [],
            );
            const B = canonical(m, n, [...own, ...fromA], dts[1]);
            const g = generated(op, dts, A, B, m, c, wasm);
            expectSame(g, hand(op.code, dts[2], A, B, m, c), 'generated vs binopRows');
            expectSame(g, reference(op, dts[2], A, B, m, n), 'generated vs reference');
            if (dts[2] === 'float64')
              expect(
                [...g.vals].some((x) => x === 0),
                'stored zeros',
              ).toBe(false);
          }),
          { numRuns: 60 },
        );
      });
    }
  }

  it('cancellations store nothing: A - A, A + (-A), and A .* B with disjoint patterns', () => {
    fc.assert(
      fc.property(pairArb(['float64', 'float64', 'float64']), cuts, ({ m, n, a }, c) => {
        const finite = a.map(([i, j, x]): [number, number, number] => [i, j, Number.isFinite(x) ? x : 2]);
        const A = canonical(m, n, finite, 'float64');
        const negA = canonical(
          m,
          n,
          finite.map(([i, j, x]) => [i, j, -x]),
          'float64',
        );
        const dts = ['float64', 'float64', 'float64'] as const;
        expect(generated(OPS[1], dts, A, A, m, c, true).pos[m]).toBe(0);
        expect(generated(OPS[0], dts, A, negA, m, c, true).pos[m]).toBe(0);
        const left = canonical(
          m,
          n,
          finite.filter(([, j]) => j % 2 === 0),
          'float64',
        );
        const right = canonical(
          m,
          n,
          finite.filter(([, j]) => j % 2 === 1),
          'float64',
        );
        expect(generated(OPS[2], dts, left, right, m, c, true).pos[m]).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it('ran the Wasm forms', () => {
    expect(twinStats.kernels).toBeGreaterThan(20);
  });
});

describe('dropZeros: keys, listing, validation', () => {
  const F = { A: CSR, B: CSR, C: CSR };
  const ADD = 'C(i,j) = A(i,j) + B(i,j)';
  it('is part of the cache key; without it the kernel is the structural one', () => {
    const structural = generateKernel(ADD, F, { phase: 'fill' });
    const dropping = generateKernel(ADD, F, { phase: 'fill', dropZeros: true });
    expect(generateKernel(ADD, F, { phase: 'fill', dropZeros: false })).toBe(structural);
    expect(dropping.key).toBe(`${structural.key}|dropZeros`);
    expect(dropping.name).not.toBe(structural.name);
    expect(structural.source).not.toContain('!== 0');
    expect(dropping.source).toContain('const t = A_vals[pA] + B_vals[pB];');
    expect(dropping.source).toContain('if (t !== 0) {');
    expect(dropping.listing).toContain('if t !== 0:');
    expect(dropping.listing).toContain('zeros dropped');
    // The count phase reads the values it tests; the structural count does not.
    expect(generateKernel(ADD, F, { phase: 'count' }).params).not.toContain('A_vals');
    expect(generateKernel(ADD, F, { phase: 'count', dropZeros: true }).params).toContain('A_vals');
  });

  it('also drops zeros of a single operand (a copy that eliminates zeros)', () => {
    const g = generateKernel('C(i,j) = A(i,j)', { A: CSR, C: CSR }, { phase: 'count', dropZeros: true });
    const count = new Int32Array(2);
    compileKernel(g)(Int32Array.of(0, 2, 3), Int32Array.of(0, 1, 1), Float64Array.of(0, 5, -0), count, 0, 2);
    expect([...count]).toEqual([1, 0]);
  });

  it.each([
    [
      { dropZeros: true },
      /argument 'opts.dropZeros' expected true only with phase 'count' or 'fill', received "compute"/,
    ],
    [{ phase: 'count', dropZeros: 1 }, /argument 'opts.dropZeros' expected a boolean, received 1/],
  ] as const)('rejects %o', (opts, msg) => {
    expect(() => generateKernel(ADD, F, opts as never)).toThrow(msg);
  });
});
