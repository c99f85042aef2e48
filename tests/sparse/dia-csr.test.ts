/**
 * DIA → CSR (sparse/dia-csr.ts): the tiled loops give the row-by-row reference's CSR exactly
 * (random offsets in any order, repeats, zeros, NaN, rectangular shapes, any piece bounds), and
 * `diags` of constant diagonals straight to CSR gives the DIA path's arrays bit for bit — structure,
 * values, canonical flag — at pool sizes 0, 1, 2 with pieces down to a few rows.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper, fence, traceStart, traceStop } from '../../runtime/index.js';
import * as sparse from '../../sparse/index.js';
import { diaRows } from '../../sparse/kernels/assemble.js';
import { bandFill, bandPtr, diaCountTiled, diaFillTiled } from '../../sparse/kernels/dia.js';
import { DIA_TILE, diaCountWasm, diaFillWasm } from '../../sparse/kernels/dia-wasm.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const VALUES = [0, 0, 1, -2, 0.5, Number.NaN, 3];

const diaArb = fc
  .record({
    rows: fc.integer({ min: 0, max: 2500 }),
    ncols: fc.integer({ min: 0, max: 2500 }),
    ldExtra: fc.integer({ min: -3, max: 3 }),
    offs: fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 0, maxLength: 6 }),
    seed: fc.nat(),
    cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }),
  })
  .map((c) => ({ ...c, ld: Math.max(0, c.ncols + c.ldExtra) }));

function splits(rows: number, cuts: number[]): number[] {
  return [0, ...cuts.map((c) => Math.floor(c * rows)).sort((a, b) => a - b), rows];
}

describe('tiled DIA → CSR loops', () => {
  it('give the row-by-row reference exactly, for any pieces', () => {
    fc.assert(
      fc.property(diaArb, ({ rows, ncols, ld, offs, seed, cuts }) => {
        const nd = offs.length;
        const offsets = Int32Array.from(offs);
        const dv = Float64Array.from(
          { length: nd * ld },
          (_, t) => VALUES[(seed + t * 7 + (t >> 3)) % VALUES.length]!,
        );
        const ref = new Int32Array(rows + 1);
        diaRows(offsets, dv, ld, ncols, ref, null as never, null as never, 0, 0, rows);
        const pos = new Int32Array(rows + 1).fill(-7);
        pos[0] = 0;
        const cut = splits(rows, cuts);
        for (let p = 0; p + 1 < cut.length; p++)
          diaCountTiled(offsets, dv, ld, ncols, pos, cut[p]!, cut[p + 1]!);
        expect(pos).toEqual(ref);
        for (let i = 0; i < rows; i++) ref[i + 1]! += ref[i]!;
        pos.set(ref);
        const nnz = ref[rows]!;
        const c0 = new Int32Array(nnz);
        const v0 = new Float64Array(nnz);
        diaRows(offsets, dv, ld, ncols, ref, c0, v0, 1, 0, rows);
        const c1 = new Int32Array(nnz).fill(-1);
        const v1 = new Float64Array(nnz).fill(-1);
        for (let p = cut.length - 2; p >= 0; p--)
          diaFillTiled(offsets, dv, ld, ncols, pos, c1, v1, cut[p]!, cut[p + 1]!);
        expect(c1).toEqual(c0);
        expect(v1).toEqual(v0);
      }),
      { numRuns: 100 },
    );
  });

  it('band loops: closed-form indptr and the fill match the DIA loops on constant diagonals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        fc.uniqueArray(fc.integer({ min: -30, max: 30 }), { maxLength: 6 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }),
        (m, n, offs, cuts) => {
          const ok = offs.filter((k) => Math.min(m + k, n - k, m, n) > 0);
          const band = Float64Array.from(
            ok.flatMap((k, d) => {
              const r0 = Math.max(0, -k);
              return [r0, r0 + Math.min(m + k, n - k, m, n), d + 1];
            }),
          );
          // The same matrix as DIA data (ld = n): diagonal d holds d + 1.
          const dv = new Float64Array(ok.length * n);
          ok.forEach((k, d) => {
            for (let i = Math.max(0, -k); i < Math.min(m, n - k); i++) dv[d * n + i + k] = d + 1;
          });
          const offsets = Int32Array.from(ok);
          const ref = new Int32Array(m + 1);
          diaRows(offsets, dv, n, n, ref, null as never, null as never, 0, 0, m);
          for (let i = 0; i < m; i++) ref[i + 1]! += ref[i]!;
          const pos = new Int32Array(m + 1);
          const cut = splits(m, cuts);
          for (let p = 0; p + 1 < cut.length; p++) bandPtr(band, pos, cut[p]!, cut[p + 1]!);
          expect(pos).toEqual(ref);
          const nnz = ref[m]!;
          const c0 = new Int32Array(nnz);
          const v0 = new Float64Array(nnz);
          diaRows(offsets, dv, n, n, ref, c0, v0, 1, 0, m);
          const c1 = new Int32Array(nnz);
          const v1 = new Float64Array(nnz);
          for (let p = 0; p + 1 < cut.length; p++) bandFill(band, offsets, pos, c1, v1, cut[p]!, cut[p + 1]!);
          expect(c1).toEqual(c0);
          expect(v1).toEqual(v0);
        },
      ),
      { numRuns: 150 },
    );
  });
});

const bandCase = fc.record({
  m: fc.integer({ min: 1, max: 60 }),
  n: fc.integer({ min: 1, max: 60 }),
  offs: fc.uniqueArray(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 6 }),
  vals: fc.array(fc.constantFrom(1, -2, 0, 0.1, 1e-50, Number.NaN), { minLength: 6, maxLength: 6 }),
  dtype: fc.constantFrom('float64' as const, 'float32' as const),
  format: fc.constantFrom('csr' as const, 'csc' as const, 'coo' as const),
});

function dump(a: sparse.csr_array) {
  return {
    indptr: Array.from(a.indptr.toArray() as Int32Array),
    indices: Array.from(a.indices.toArray() as Int32Array),
    data: Array.from(a.data.toArray() as Float64Array),
    canonical: a.has_canonical_format,
  };
}

describe('diags of constant diagonals straight to CSR', () => {
  for (const workers of [0, 1, 2]) {
    it(`equals the DIA path bit for bit (pool size ${workers}, pieces of a few rows)`, () => {
      configure({
        workers,
        mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
      });
      fc.assert(
        fc.property(bandCase, ({ m, n, offs, vals, dtype, format }) => {
          const ok = offs.filter((k) => Math.min(m + k, n - k) >= 0);
          if (ok.length === 0) return;
          const v = ok.map((_, d) => vals[d]!);
          const opts = { shape: [m, n], dtype };
          const got = sparse.diags(v, ok, { ...opts, format });
          const want = sparse.diags(v, ok, { ...opts, format: 'dia' }).asformat(format);
          expect(got.format).toBe(format);
          expect(got.dtype).toBe(dtype);
          expect(dump(got.tocsr() as sparse.csr_array)).toEqual(dump(want.tocsr() as sparse.csr_array));
          expect(Array.from(got.toarray().toArray() as Float64Array)).toEqual(
            Array.from(want.toarray().toArray() as Float64Array),
          );
        }),
        { numRuns: 60 },
      );
    });
  }

  it('the banded CSR of the SpMV program: 11 diagonals, n = 200,000, at 2 workers', () => {
    configure({ workers: 2, mapper: new DefaultMapper() });
    const n = 200_000;
    const offs = Array.from({ length: 11 }, (_, k) => k - 5);
    const A = sparse.diags(
      offs.map((k) => k + 0.5),
      offs,
      { shape: [n, n], format: 'csr' },
    ) as sparse.csr_array;
    const B = sparse
      .diags(
        offs.map((k) => k + 0.5),
        offs,
        { shape: [n, n] },
      )
      .tocsr() as sparse.csr_array;
    expect(A.nnz).toBe(11 * n - 30);
    const same = (x: { toArray(): unknown }, y: { toArray(): unknown }) =>
      Buffer.compare(
        Buffer.from((x.toArray() as Float64Array).buffer),
        Buffer.from((y.toArray() as Float64Array).buffer),
      );
    expect([same(A.indptr, B.indptr), same(A.indices, B.indices), same(A.data, B.data)]).toEqual([0, 0, 0]);
    expect(A.has_canonical_format).toBe(true);
    // In range by construction: the first SpMV launches no range check.
    const x = np.ones([n]);
    fence();
    traceStart();
    const y = A.dot(x) as np.ndarray;
    fence();
    const ops = traceStop().map((r) => r.op);
    expect(ops).toContain('csr.spmv');
    expect(ops).not.toContain('check_format');
    expect(y.get('0').item()).toBe(0.5 + 1.5 + 2.5 + 3.5 + 4.5 + 5.5);
  });
});

/** The Wasm loops over a fresh shared memory: inputs copied in, outputs read back. */
function runWasm(
  dtype: 'float64' | 'float32',
  offsets: Int32Array,
  dv: Float64Array | Float32Array,
  ld: number,
  ncols: number,
  rows: number,
  cut: number[],
) {
  const count = diaCountWasm(dtype)!;
  const fill = diaFillWasm(dtype)!;
  const W = (
    globalThis as unknown as {
      WebAssembly: {
        Module: new (b: Uint8Array) => object;
        Instance: new (m: object, i: object) => { exports: Record<string, unknown> };
        Memory: new (d: object) => { buffer: unknown };
      };
    }
  ).WebAssembly;
  const sz = dtype === 'float64' ? 8 : 4;
  // Layout (8-byte aligned): offsets, dvals, pos, crd, vals, scratch; nnz ≤ nd · rows.
  const nd = offsets.length;
  const maxNnz = nd * rows;
  const al = (b: number) => Math.ceil(b / 8) * 8 + 8;
  const oOff = 8;
  const oDv = oOff + al(4 * nd);
  const oPos = oDv + al(sz * dv.length);
  const oCrd = oPos + al(4 * (rows + 1));
  const oVals = oCrd + al(4 * maxNnz);
  const oScr = oVals + al(sz * maxNnz);
  const bytes = oScr + 4 * DIA_TILE + 64;
  const mem = new W.Memory({ initial: Math.ceil(bytes / 65536), maximum: 65536, shared: true });
  const buf = mem.buffer as unknown as ArrayBuffer;
  const Ctor = dtype === 'float64' ? Float64Array : Float32Array;
  new Int32Array(buf, oOff, nd).set(offsets);
  new Ctor(buf, oDv, dv.length).set(dv);
  const pos = new Int32Array(buf, oPos, rows + 1).fill(-7);
  pos[0] = 0;
  const inst = (spec: { bytes: readonly number[] }) =>
    new W.Instance(new W.Module(new Uint8Array(spec.bytes)), { e: { mem } }).exports.kernel as (
      ...a: number[]
    ) => void;
  const kc = inst(count);
  const kf = inst(fill);
  for (let p = 0; p + 1 < cut.length; p++) kc(oOff, oDv, ld, ncols, oPos, cut[p]!, cut[p + 1]!, nd);
  const counts = Int32Array.from(pos);
  for (let i = 0; i < rows; i++) pos[i + 1]! += pos[i]!;
  const nnz = pos[rows]!;
  new Int32Array(buf, oCrd, maxNnz).fill(-1);
  new Ctor(buf, oVals, maxNnz).fill(-1);
  // Scratch starts dirty: the fill must set every cursor it reads.
  new Int32Array(buf, oScr, DIA_TILE).fill(123456);
  for (let p = cut.length - 2; p >= 0; p--)
    kf(oOff, oDv, ld, ncols, oPos, oCrd, oVals, cut[p]!, cut[p + 1]!, oScr, nd);
  return {
    counts,
    crd: Int32Array.from(new Int32Array(buf, oCrd, nnz)),
    vals: new Uint8Array(buf.slice(oVals, oVals + sz * nnz)),
  };
}

describe('the tiled DIA → CSR loops as WebAssembly', () => {
  const WASM_VALUES = [0, -0, 0, 1, -2, 0.5, Number.NaN, 3, 5e-324, -1e-40, Number.POSITIVE_INFINITY];
  for (const dtype of ['float64', 'float32'] as const) {
    it(`give the row-by-row reference's CSR bit for bit (${dtype}, any pieces, tiles crossed)`, () => {
      fc.assert(
        fc.property(diaArb, ({ rows, ncols, ld, offs, seed, cuts }) => {
          const nd = offs.length;
          const offsets = Int32Array.from(offs);
          const Ctor = dtype === 'float64' ? Float64Array : Float32Array;
          const dv = new Ctor(nd * ld);
          for (let t = 0; t < dv.length; t++)
            dv[t] = WASM_VALUES[(seed + t * 7 + (t >> 3)) % WASM_VALUES.length]!;
          const ref = new Int32Array(rows + 1);
          diaRows(offsets, dv as Float64Array, ld, ncols, ref, null as never, null as never, 0, 0, rows);
          const cut = splits(rows, cuts);
          const got = runWasm(dtype, offsets, dv, ld, ncols, rows, cut);
          expect(got.counts).toEqual(ref);
          for (let i = 0; i < rows; i++) ref[i + 1]! += ref[i]!;
          const nnz = ref[rows]!;
          const c0 = new Int32Array(nnz);
          const v0 = new Ctor(nnz);
          diaRows(offsets, dv as Float64Array, ld, ncols, ref, c0, v0 as Float64Array, 1, 0, rows);
          expect(got.crd).toEqual(c0);
          expect(Buffer.compare(Buffer.from(got.vals), Buffer.from(new Uint8Array(v0.buffer)))).toBe(0);
        }),
        { numRuns: 120 },
      );
    });
  }
  it('exist only for float values', () => {
    expect(diaCountWasm('int32')).toBeNull();
    expect(diaFillWasm('complex128')).toBeNull();
    expect(diaFillWasm('float64')?.scratch).toBe(true);
  });
});

describe('diags of array diagonals to CSR through the launches', () => {
  /** The reference CSR: per row, the offsets' order, stored zeros dropped. */
  function reference(m: number, n: number, ok: number[], vals: number[][]) {
    const ptr = [0];
    const idx: number[] = [];
    const dat: number[] = [];
    for (let i = 0; i < m; i++) {
      ok.forEach((k, d) => {
        const t = i - Math.max(0, -k);
        const j = i + k;
        if (j >= 0 && j < n && t >= 0 && t < vals[d]!.length && vals[d]![t] !== 0) {
          idx.push(j);
          dat.push(vals[d]![t]!);
        }
      });
      ptr.push(idx.length);
    }
    return { ptr, idx, dat };
  }
  const caseArb = (maxRows: number) =>
    fc.record({
      m: fc.integer({ min: 1, max: maxRows }),
      dn: fc.integer({ min: -40, max: 40 }),
      offs: fc.uniqueArray(fc.integer({ min: -25, max: 25 }), { minLength: 1, maxLength: 5 }),
      seed: fc.nat(),
      dtype: fc.constantFrom('float64' as const, 'float32' as const),
    });
  function check({
    m,
    dn,
    offs,
    seed,
    dtype,
  }: {
    m: number;
    dn: number;
    offs: number[];
    seed: number;
    dtype: 'float64' | 'float32';
  }) {
    const n = Math.max(1, m + dn);
    const ok = offs.filter((k) => Math.min(m + k, n - k, m, n) > 0);
    if (ok.length === 0) return;
    const lens = ok.map((k) => Math.min(m + k, n - k, m, n));
    const vals = ok.map((_, d) =>
      Array.from({ length: lens[d]! }, (_, t) => [0, 1.5, -2, 0, 3][(seed + d * 3 + t) % 5]!),
    );
    const A = sparse.diags(
      vals.map((v) => np.array(v, dtype)),
      ok,
      { shape: [m, n], format: 'csr', dtype },
    ) as sparse.csr_array;
    const want = reference(m, n, ok, vals);
    expect(A.dtype).toBe(dtype);
    expect(Array.from(A.indptr.toArray() as Int32Array)).toEqual(want.ptr);
    expect(Array.from(A.indices.toArray() as Int32Array)).toEqual(want.idx);
    expect(Array.from(A.data.toArray() as Float64Array)).toEqual(want.dat);
  }
  for (const workers of [0, 1, 2]) {
    it(`gives the reference CSR (pool size ${workers}, pieces of a few rows, float64 and float32)`, () => {
      configure({
        workers,
        mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
      });
      fc.assert(fc.property(caseArb(300), check), { numRuns: 30 });
    });
    it(`gives it through the WebAssembly fill on large conversions (pool size ${workers}, tiles crossed)`, () => {
      configure({
        workers,
        mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 4096 }),
      });
      const g = globalThis as { __cohortWasmRuns?: Record<string, number> };
      g.__cohortWasmRuns = {};
      try {
        fc.assert(
          fc.property(
            caseArb(40_000).map((c) => ({ ...c, m: c.m < 16_384 ? 16_384 + c.m : c.m })),
            check,
          ),
          { numRuns: 6 },
        );
        // At pool size 0 every piece runs here: the fill and the count ran as WebAssembly.
        if (workers === 0) {
          const runs = g.__cohortWasmRuns;
          expect(
            Object.keys(runs)
              .filter((k) => k.startsWith('sparse.dia.'))
              .sort(),
          ).toEqual(
            expect.arrayContaining(['sparse.dia.count.tiled.float64', 'sparse.dia.fill.tiled.float64.wasm']),
          );
        }
      } finally {
        delete g.__cohortWasmRuns;
      }
    });
  }
});
