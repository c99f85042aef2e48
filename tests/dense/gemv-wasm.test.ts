/**
 * The GEMV and dot Wasm modules on their own (dense/gemv-wasm.ts, dense/dot-wasm.ts): the row
 * sweep gives, row for row, the bits of the JavaScript kernel's order (four lanes k mod 4, the
 * tail into s0, `s0 + s1 + (s2 + s3)`) for any row count (R rows per step, 1–4 and the kernels'
 * GEMV_ROWS_PER_STEP — adjacent, or one from each of R parts of the rows as the GEMV kernel calls
 * it — then one at a time), length,
 * row pitch and output stride; the dot gives the bits of its eight-lane order, and its two-block
 * form the bits of two one-block calls; the
 * column sweep (at every pass width and step: one or two groups of four columns, one or two
 * vectors of y) gives the bits of one column group of four at a time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotWasmBytes } from '../../dense/dot-wasm.js';
import { GEMV_ROWS_PER_STEP, gemvColumnsWasmBytes, gemvRowsWasmBytes } from '../../dense/gemv-wasm.js';

type Fn = (...a: number[]) => number;
/** The slice of the WebAssembly API used here (the project's `lib` has no WebAssembly types). */
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
interface WasmApi {
  Memory: new (d: object) => { buffer: SharedArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const mem = new Wasm.Memory({ initial: 64, maximum: 64, shared: true });
const inst = (b: Uint8Array) => new Wasm.Instance(new Wasm.Module(b), { e: { mem } }).exports.kernel as Fn;
const dot = inst(dotWasmBytes());
const dot2 = new Wasm.Instance(new Wasm.Module(dotWasmBytes(2)), { e: { mem } }).exports.kernel as (
  ...a: number[]
) => number[];
const rows = inst(gemvRowsWasmBytes());
/** The row sweep at every step width it takes (the kernels use GEMV_ROWS_PER_STEP). */
const rowsBy = [1, 2, 3, 4].map((r) => inst(gemvRowsWasmBytes(r)));
const cols = inst(gemvColumnsWasmBytes());
/** The column sweep at every pass width (groups of four columns) and step (vectors of y). */
const colsBy = [
  [1, 1],
  [1, 2],
  [2, 1],
  [2, 2],
].map(([g, v]) => inst(gemvColumnsWasmBytes(g, v)));
const f = new Float64Array(mem.buffer);

/** The row order of the GEMV kernels: lanes k mod 4, the tail into s0, s0 + s1 + (s2 + s3). */
function rowRef(m: (k: number) => number, x: (k: number) => number, K: number): number {
  const s = [0, 0, 0, 0];
  let k = 0;
  for (; k + 3 < K; k += 4) for (let l = 0; l < 4; l++) s[l]! += m(k + l) * x(k + l);
  for (; k < K; k++) s[0]! += m(k) * x(k);
  return s[0]! + s[1]! + (s[2]! + s[3]!);
}

/** The dot's order: lanes k mod 8, the tail into s0, ((s0+s1)+(s2+s3))+((s4+s5)+(s6+s7)). */
function dotRef(x: (k: number) => number, y: (k: number) => number, n: number): number {
  const s = [0, 0, 0, 0, 0, 0, 0, 0];
  let k = 0;
  for (; k + 7 < n; k += 8) for (let l = 0; l < 8; l++) s[l]! += x(k + l) * y(k + l);
  for (; k < n; k++) s[0]! += x(k) * y(k);
  return s[0]! + s[1]! + (s[2]! + s[3]!) + (s[4]! + s[5]! + (s[6]! + s[7]!));
}

const val = fc.oneof(
  { weight: 50, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308) },
);

describe('dotWasmBytes', () => {
  it('sums in eight lanes k mod 8, the tail into s0, bit for bit', () => {
    fc.assert(
      fc.property(
        fc.record({
          n: fc.integer({ min: 0, max: 70 }),
          gap: fc.integer({ min: 0, max: 3 }),
          seed: fc.array(val, { minLength: 1, maxLength: 64 }),
        }),
        ({ n, gap, seed }) => {
          const [XP, YP] = [16, 16 + n + gap];
          for (let i = 0; i < n; i++) {
            f[XP + i] = seed[(i * 7) % seed.length]! * (1 + (i % 5));
            f[YP + i] = seed[(i * 3 + 1) % seed.length]!;
          }
          const want = dotRef(
            (k) => f[XP + k]!,
            (k) => f[YP + k]!,
            n,
          );
          const got = dot(8 * XP, 8 * YP, n);
          if (!Object.is(got, want)) expect([n, got]).toEqual([n, want]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('dotWasmBytes(2)', () => {
  it('sums two blocks side by side, each with the bits of its own one-block call', () => {
    fc.assert(
      fc.property(
        fc.record({
          n: fc.integer({ min: 0, max: 70 }),
          gap: fc.integer({ min: 0, max: 80 }),
          seed: fc.array(val, { minLength: 1, maxLength: 64 }),
        }),
        ({ n, gap, seed }) => {
          // x and y of block a, then of block b, `gap` elements after a's end.
          const [XA, YA] = [16, 16 + n + 1];
          const [XB, YB] = [16 + 2 * n + 2 + gap, 16 + 3 * n + 3 + gap];
          for (let i = 0; i < n; i++) {
            f[XA + i] = seed[(i * 7) % seed.length]! * (1 + (i % 5));
            f[YA + i] = seed[(i * 3 + 1) % seed.length]!;
            f[XB + i] = seed[(i * 5 + 2) % seed.length]!;
            f[YB + i] = seed[(i * 11 + 3) % seed.length]! * (1 + (i % 3));
          }
          const [a, b] = dot2(8 * XA, 8 * YA, 8 * XB, 8 * YB, n);
          const wantA = dot(8 * XA, 8 * YA, n);
          const wantB = dot(8 * XB, 8 * YB, n);
          if (!Object.is(a, wantA) || !Object.is(b, wantB)) expect([n, a, b]).toEqual([n, wantA, wantB]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('gemvRowsWasmBytes', () => {
  it("sums every row in the kernels' order (lanes k mod 4), bit for bit, any row count", () => {
    fc.assert(
      fc.property(
        fc.record({
          rowsN: fc.integer({ min: 0, max: 23 }),
          k: fc.integer({ min: 0, max: 41 }),
          pad: fc.integer({ min: 0, max: 5 }),
          ys: fc.integer({ min: 1, max: 3 }),
          parts: fc.boolean(),
          stepRows: fc.oneof(fc.constant(GEMV_ROWS_PER_STEP), fc.integer({ min: 1, max: 4 })),
          seed: fc.array(val, { minLength: 1, maxLength: 64 }),
        }),
        ({ rowsN, k, pad, ys, parts, stepRows, seed }) => {
          const n = rowsN;
          const ldm = k + pad;
          const [MP, XP, YP] = [16, 16 + n * ldm + 8, 16 + n * ldm + 8 + k + 8];
          for (let i = 0; i < n * ldm + k; i++) f[MP + i] = seed[(i * 7) % seed.length]! * (1 + (i % 5));
          for (let j = 0; j < k; j++) f[XP + j] = seed[(j * 3 + 1) % seed.length]!;
          f.fill(99, YP, YP + n * ys + 4);
          // R rows per step — one from each of R parts (g = nb rows), or adjacent — then the rest.
          const R = stepRows;
          const kern = R === GEMV_ROWS_PER_STEP ? rows : rowsBy[R - 1]!;
          const nb = Math.floor(n / R);
          if (parts) kern(8 * YP, 8 * ys, 8 * MP, 8 * ldm, 8 * XP, R * nb, k, 8 * nb * ldm, 8 * nb * ys);
          else kern(8 * YP, 8 * R * ys, 8 * MP, 8 * R * ldm, 8 * XP, R * nb, k, 8 * ldm, 8 * ys);
          kern(8 * (YP + R * nb * ys), 8 * ys, 8 * (MP + R * nb * ldm), 8 * ldm, 8 * XP, n - R * nb, k, 0, 0);
          for (let r = 0; r < n; r++) {
            const want = rowRef(
              (q) => f[MP + r * ldm + q]!,
              (q) => f[XP + q]!,
              k,
            );
            const got = f[YP + r * ys]!;
            if (!Object.is(got, want)) expect([r, got]).toEqual([r, want]);
          }
          // Nothing between the strided outputs is written.
          for (let r = 0; r < n; r++) for (let q = 1; q < ys; q++) expect(f[YP + r * ys + q]).toBe(99);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('gemvColumnsWasmBytes', () => {
  it('adds each group of four columns to y in order, bit for bit, whatever the pass width', () => {
    fc.assert(
      fc.property(
        fc.record({
          half: fc.integer({ min: 0, max: 9 }),
          nc: fc.integer({ min: 0, max: 37 }),
          pad: fc.integer({ min: 0, max: 3 }),
          xs: fc.integer({ min: 1, max: 2 }),
          variant: fc.integer({ min: -1, max: 3 }),
          seed: fc.array(val, { minLength: 1, maxLength: 64 }),
        }),
        ({ half, nc, pad, xs, variant, seed }) => {
          const n = 2 * half;
          const ldc = n + pad;
          const [CP, XP, YP] = [16, 16 + nc * ldc + 8, 16 + nc * ldc + 8 + nc * xs + 8];
          for (let i = 0; i < nc * ldc; i++) f[CP + i] = seed[(i * 5) % seed.length]! * (1 + (i % 3));
          for (let j = 0; j < nc * xs; j++) f[XP + j] = seed[(j * 3 + 2) % seed.length]!;
          const y0 = Array.from({ length: n }, (_, i) => seed[i % seed.length]!);
          f.set(y0, YP);
          (variant < 0 ? cols : colsBy[variant]!)(8 * YP, 8 * CP, 8 * ldc, 8 * XP, 8 * xs, nc, n);
          for (let i = 0; i < n; i++) {
            const a = (j: number) => f[XP + j * xs]! * f[CP + j * ldc + i]!;
            let y = y0[i]!;
            let j = 0;
            for (; j + 3 < nc; j += 4) y += a(j) + a(j + 1) + (a(j + 2) + a(j + 3));
            for (; j < nc; j++) y += a(j);
            const got = f[YP + i]!;
            if (!Object.is(got, y)) expect([i, got]).toEqual([i, y]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
