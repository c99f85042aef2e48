import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COO,
  CSC,
  CSR,
  compileKernel,
  DENSE_MATRIX,
  DENSE_VECTOR,
  DIA,
  emitWasm,
  type Format,
  generateKernel,
  verifyKernel,
} from '../../codegen/index.js';
import { heapAlloc, heapMemory } from '../../runtime/heap.js';
import { compress, pieces, toDense, toDia, triplets } from './sparse-fixtures.js';
import { wasmTwin } from './wasm-twin.js';

const SPMV = 'y(i) = A(i,j) * x(j)';
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 });
const run = (
  expr: string,
  formats: Record<string, Format>,
  args: Record<string, unknown>,
  phase?: 'count' | 'fill',
) => {
  const gen = generateKernel(expr, formats, { phase });
  verifyKernel(gen.ir);
  const fn = compileKernel(gen);
  // Every kernel with a Wasm form also runs as Wasm, on copies in the region heap, after each
  // piece: its arrays must equal the JavaScript kernel's bit for bit.
  const twin = wasmTwin(gen, args, { emitWasm, heapAlloc, heapMemory });
  return {
    gen,
    call: (lo: number, hi: number) => {
      fn(...gen.params.map((p) => (p === 'lo' ? lo : p === 'hi' ? hi : args[p])));
      twin?.check(lo, hi);
    },
  };
};
const denseSpmv = (a: Float64Array, m: number, n: number, x: readonly number[]) =>
  Array.from({ length: m }, (_, i) => x.reduce((s, xj, j) => s + a[i * n + j]! * xj, 0));

describe('generated SpMV matches a dense reference', () => {
  it('CSR (unsorted, duplicates, empty rows), assign over row pieces', () => {
    fc.assert(
      fc.property(triplets(), cuts, fc.context(), (t, c, _ctx) => {
        const x = Array.from({ length: t.n }, (_, j) => (j % 3) - 1);
        const A = compress(t, true, false);
        const y = new Float64Array(t.m).fill(Number.NaN); // assign mode: no zeroing needed
        const k = run(
          SPMV,
          { A: CSR, x: DENSE_VECTOR, y: DENSE_VECTOR },
          { A_pos: A.pos, A_crd: A.crd, A_vals: A.vals, x: Float64Array.from(x), y },
        );
        expect(k.gen.output).toBe('assign');
        for (const [lo, hi] of pieces(t.m, c)) k.call(lo, hi);
        expect([...y]).toEqual(denseSpmv(toDense(t), t.m, t.n, x));
      }),
    );
  });

  it('CSC over column pieces and COO over nonzero pieces accumulate into a zeroed y', () => {
    fc.assert(
      fc.property(triplets(), cuts, (t, c) => {
        const x = Float64Array.from({ length: t.n }, (_, j) => 2 - (j % 4));
        const want = denseSpmv(toDense(t), t.m, t.n, [...x]);
        const A = compress(t, false, false);
        const y1 = new Float64Array(t.m);
        const k1 = run(
          SPMV,
          { A: CSC, x: DENSE_VECTOR, y: DENSE_VECTOR },
          { A_pos: A.pos, A_crd: A.crd, A_vals: A.vals, x, y: y1 },
        );
        expect(k1.gen.output).toBe('accumulate');
        expect(k1.gen.piece).toEqual({ indexVar: 'j', over: 'coordinates', tensor: 'A' });
        for (const [lo, hi] of pieces(t.n, c)) k1.call(lo, hi);
        expect([...y1]).toEqual(want);
        const y2 = new Float64Array(t.m);
        const args2 = {
          A_row: Int32Array.from(t.rows),
          A_col: Int32Array.from(t.cols),
          A_vals: Float64Array.from(t.vals),
          x,
          y: y2,
        };
        const k2 = run(SPMV, { A: COO, x: DENSE_VECTOR, y: DENSE_VECTOR }, args2);
        expect(k2.gen.piece.over).toBe('positions');
        for (const [lo, hi] of pieces(t.vals.length, c)) k2.call(lo, hi);
        expect([...y2]).toEqual(want);
      }),
    );
  });

  it('DIA (SciPy layout, data rows shorter or longer than n) and dense', () => {
    fc.assert(
      fc.property(triplets(), fc.integer({ min: -2, max: 2 }), cuts, (t, dl, c) => {
        const a = toDense(t);
        const ld = Math.max(0, t.n + dl);
        // Entries beyond column ld are not representable in DIA: the reference drops them too.
        const ref = a.map((val, p) => (p % Math.max(1, t.n) < ld ? val : 0));
        const x = Float64Array.from({ length: t.n }, (_, j) => j - 2);
        const D = toDia(ref, t.m, t.n, ld);
        const y = new Float64Array(t.m);
        const k = run(
          SPMV,
          { A: DIA, x: DENSE_VECTOR, y: DENSE_VECTOR },
          { A_offsets: D.offsets, A_vals: D.data, A_ld: ld, N_j: t.n, x, y },
        );
        for (const [lo, hi] of pieces(t.m, c)) k.call(lo, hi);
        expect([...y]).toEqual(denseSpmv(ref, t.m, t.n, [...x]));
        const y2 = new Float64Array(t.m);
        const kd = run(
          SPMV,
          { A: DENSE_MATRIX, x: DENSE_VECTOR, y: DENSE_VECTOR },
          { A: a, A_ld: t.n, N_j: t.n, x, y: y2 },
        );
        kd.call(0, t.m);
        expect([...y2]).toEqual(denseSpmv(a, t.m, t.n, [...x]));
      }),
    );
  });
});

describe('SpMM and SDDMM', () => {
  const SPMM = 'C(i,k) = A(i,j) * B(j,k)';
  it('CSR/CSC/COO times dense, output with padding (ld > ncols)', () => {
    fc.assert(
      fc.property(
        triplets(6),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 2 }),
        cuts,
        (t, K, pad, c) => {
          const B = Float64Array.from({ length: t.n * (K + pad) }, (_, p) => (p % 5) - 2);
          const ldB = K + pad;
          const a = toDense(t);
          const want: number[] = [];
          for (let i = 0; i < t.m; i++)
            for (let k = 0; k < K; k++) {
              let s = 0;
              for (let j = 0; j < t.n; j++) s += a[i * t.n + j]! * B[j * ldB + k]!;
              want.push(s);
            }
          const ldC = K + pad;
          const got = (C: Float64Array) =>
            Array.from(
              { length: t.m * K },
              (_, p) => C[Math.floor(p / Math.max(K, 1)) * ldC + (p % Math.max(K, 1))],
            );
          for (const [fmt, byRow] of [
            [CSR, true],
            [CSC, false],
          ] as const) {
            const A = compress(t, byRow, false);
            const C = new Float64Array(t.m * ldC).fill(byRow ? 7 : 0);
            const k = run(
              SPMM,
              { A: fmt, B: DENSE_MATRIX, C: DENSE_MATRIX },
              { A_pos: A.pos, A_crd: A.crd, A_vals: A.vals, B, B_ld: ldB, C, C_ld: ldC, N_k: K },
            );
            expect(k.gen.output).toBe(byRow ? 'assign' : 'accumulate');
            for (const [lo, hi] of pieces(byRow ? t.m : t.n, c)) k.call(lo, hi);
            if (K > 0) expect(got(C)).toEqual(want);
          }
          const C = new Float64Array(t.m * ldC);
          const args = {
            A_row: Int32Array.from(t.rows),
            A_col: Int32Array.from(t.cols),
            A_vals: Float64Array.from(t.vals),
            B,
            B_ld: ldB,
            C,
            C_ld: ldC,
            N_k: K,
          };
          const k = run(SPMM, { A: COO, B: DENSE_MATRIX, C: DENSE_MATRIX }, args);
          for (const [lo, hi] of pieces(t.vals.length, c)) k.call(lo, hi);
          if (K > 0) expect(got(C)).toEqual(want);
        },
      ),
    );
  });

  it('SDDMM C = A .* (B @ D) on A’s pattern, CSR and COO', () => {
    const SDDMM = 'C(i,j) = A(i,j) * B(i,k) * D(k,j)';
    fc.assert(
      fc.property(triplets(6), fc.integer({ min: 0, max: 4 }), cuts, (t, K, c) => {
        const B = Float64Array.from({ length: t.m * K }, (_, p) => (p % 3) - 1);
        const D = Float64Array.from({ length: K * t.n }, (_, p) => (p % 4) - 2);
        const dot = (i: number, j: number) => {
          let s = 0;
          for (let k = 0; k < K; k++) s += B[i * K + k]! * D[k * t.n + j]!;
          return s;
        };
        const A = compress(t, true, false);
        const Cv = new Float64Array(A.vals.length).fill(Number.NaN);
        const k = run(
          SDDMM,
          { A: CSR, B: DENSE_MATRIX, D: DENSE_MATRIX, C: CSR },
          { A_pos: A.pos, A_crd: A.crd, A_vals: A.vals, B, B_ld: K, D, D_ld: t.n, C_vals: Cv, N_k: K },
        );
        expect(k.gen.params).toEqual([
          'A_pos',
          'A_crd',
          'A_vals',
          'B',
          'B_ld',
          'D',
          'D_ld',
          'C_vals',
          'N_k',
          'lo',
          'hi',
        ]);
        for (const [lo, hi] of pieces(t.m, c)) k.call(lo, hi);
        const rowOf = (p: number) => A.pos.findIndex((_, r) => A.pos[r + 1]! > p);
        expect([...Cv]).toEqual([...A.vals].map((v, p) => v * dot(rowOf(p), A.crd[p]!)));
        const Cc = new Float64Array(t.vals.length);
        const args = {
          A_row: Int32Array.from(t.rows),
          A_col: Int32Array.from(t.cols),
          A_vals: Float64Array.from(t.vals),
          B,
          B_ld: K,
          D,
          D_ld: t.n,
          C_vals: Cc,
          N_k: K,
        };
        const kc = run(SDDMM, { A: COO, B: DENSE_MATRIX, D: DENSE_MATRIX, C: COO }, args);
        for (const [lo, hi] of pieces(t.vals.length, c)) kc.call(lo, hi);
        expect([...Cc]).toEqual(t.vals.map((v, p) => v * dot(t.rows[p]!, t.cols[p]!)));
      }),
    );
  });
});

describe('sparse-sparse element-wise: count, scan, fill (merge lattices)', () => {
  const cases = [
    ['C(i,j) = A(i,j) + B(i,j)', (a: number, b: number) => a + b, (x: boolean, y: boolean) => x || y],
    ['C(i,j) = A(i,j) - B(i,j)', (a: number, b: number) => a - b, (x: boolean, y: boolean) => x || y],
    ['C(i,j) = A(i,j) * B(i,j)', (a: number, b: number) => a * b, (x: boolean, y: boolean) => x && y],
  ] as const;
  for (const [expr, op, structural] of cases) {
    it(`${expr} on canonical CSR, by row pieces`, () => {
      fc.assert(
        fc.property(
          triplets(7, false),
          fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 60 }),
          cuts,
          (t, bv, c) => {
            // B: same shape, a different pattern.
            const tb = {
              ...t,
              rows: t.cols.map((j) => j % Math.max(1, t.m)),
              cols: t.rows.map((i) => i % Math.max(1, t.n)),
              vals: t.vals.map((_, k) => bv[k] ?? 1),
            };
            const seen = new Set<string>();
            const keep = tb.rows.map(
              (i, k) => !seen.has(`${i},${tb.cols[k]}`) && !!seen.add(`${i},${tb.cols[k]}`),
            );
            const tB = {
              ...tb,
              rows: tb.rows.filter((_, k) => keep[k]),
              cols: tb.cols.filter((_, k) => keep[k]),
              vals: tb.vals.filter((_, k) => keep[k]),
            };
            const A = compress(t, true, true);
            const B = compress(tB, true, true);
            const formats = { A: CSR, B: CSR, C: CSR };
            const count = new Int32Array(t.m);
            const base = {
              A_pos: A.pos,
              A_crd: A.crd,
              A_vals: A.vals,
              B_pos: B.pos,
              B_crd: B.crd,
              B_vals: B.vals,
            };
            const kc = run(expr, formats, { ...base, C_count: count }, 'count');
            expect(kc.gen.params).not.toContain('A_vals');
            for (const [lo, hi] of pieces(t.m, c)) kc.call(lo, hi);
            const C_pos = new Int32Array(t.m + 1);
            for (let i = 0; i < t.m; i++) C_pos[i + 1] = C_pos[i]! + count[i]!;
            const nnz = C_pos[t.m]!;
            const C_crd = new Int32Array(nnz);
            const C_vals = new Float64Array(nnz);
            const kf = run(expr, formats, { ...base, C_pos, C_crd, C_vals }, 'fill');
            for (const [lo, hi] of pieces(t.m, c)) kf.call(lo, hi);
            const da = toDense(t);
            const db = toDense(tB);
            const inA = new Set(t.rows.map((i, k) => i * t.n + t.cols[k]!));
            const inB = new Set(tB.rows.map((i, k) => i * t.n + tB.cols[k]!));
            const want: [number, number, number][] = [];
            for (let i = 0; i < t.m; i++)
              for (let j = 0; j < t.n; j++) {
                const p = i * t.n + j;
                if (structural(inA.has(p), inB.has(p))) want.push([i, j, op(da[p]!, db[p]!) + 0]);
              }
            const got: [number, number, number][] = [];
            for (let i = 0; i < t.m; i++)
              for (let q = C_pos[i]!; q < C_pos[i + 1]!; q++) got.push([i, C_crd[q]!, C_vals[q]! + 0]); // -b for B-only entries of A - B: -0 == 0
            expect(got).toEqual(want);
          },
        ),
      );
    });
  }
});

describe('the Wasm back end', () => {
  it('ran as a twin of the kernels above (SpMV, SpMM, SDDMM, merges where expressible)', async () => {
    const { twinStats } = await import('./wasm-twin.js');
    expect(twinStats.kernels).toBeGreaterThan(5);
    expect(twinStats.calls).toBeGreaterThan(100);
  });
});
