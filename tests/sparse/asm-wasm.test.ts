/**
 * The hand-assembled WebAssembly forms of the assembly loops (issue 18: transpose count/fill, the
 * count scan, kron's fill, the merges' count/fill) against their JavaScript loops — the reference
 * the launches fall back to — bitwise, on random structures (empty rows and columns, rectangular,
 * duplicates for the transpose, NaN/±Inf/−0 and cancellations for the merges), float32/float64 and
 * mixed, over pieces `[lo, hi)` of the rows. The launch-level properties (against toarray() and
 * a host reference at pool sizes 0/1/2) are in transpose/kron/binop-generated tests.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binopLoops } from '../../sparse/core/generated.js';
import { filterRows, scanCounts } from '../../sparse/kernels/assemble.js';
import { cooStats, sortedRowPtr } from '../../sparse/kernels/coo-sort.js';
import { cooStatsWasm, sortedRowPtrWasm } from '../../sparse/kernels/coo-sort-wasm.js';
import { filterRowsWasm } from '../../sparse/kernels/filter-wasm.js';
import { kronCount, kronFill } from '../../sparse/kernels/kron.js';
import { kronCountWasm, kronFillWasm } from '../../sparse/kernels/kron-wasm.js';
import { mergeCountWasm, mergeFillWasm } from '../../sparse/kernels/merge-wasm.js';
import { transposeCount, transposeFill } from '../../sparse/kernels/transpose.js';
import { scanWasm, transposeCountWasm, transposeFillWasm } from '../../sparse/kernels/transpose-wasm.js';

type F = 'float64' | 'float32';
// The project's `lib` has no WebAssembly types.
const Wasm = (globalThis as any).WebAssembly;
const CTOR = { float64: Float64Array, float32: Float32Array } as const;

/** A bump allocator over one shared memory, typed arrays at 64-byte-aligned offsets. */
function arena() {
  const mem = new Wasm.Memory({ initial: 64, maximum: 4096, shared: true });
  let off = 64;
  const alloc = <T extends Int32Array | Float64Array | Float32Array>(
    C: { new (b: ArrayBufferLike, o: number, n: number): T; BYTES_PER_ELEMENT: number },
    src: ArrayLike<number> | number,
  ): T => {
    const n = typeof src === 'number' ? src : src.length;
    const bytes = Math.max(8, n * C.BYTES_PER_ELEMENT);
    const need = off + bytes + 64;
    if (need > mem.buffer.byteLength) mem.grow(Math.ceil((need - mem.buffer.byteLength) / 65536));
    const a = new C(mem.buffer, off, n);
    if (typeof src !== 'number') a.set(src);
    off = (need + 63) & ~63;
    return a;
  };
  const run = (spec: { bytes: readonly number[] }) =>
    new Wasm.Instance(new Wasm.Module(new Uint8Array(spec.bytes)), { e: { mem } }).exports.kernel as (
      ...a: number[]
    ) => number;
  return { alloc, run };
}
const at = (a: { byteOffset: number }) => a.byteOffset;
const same = (x: ArrayLike<number>, y: ArrayLike<number>) => {
  expect(x.length).toBe(y.length);
  for (let k = 0; k < x.length; k++) expect(Object.is(x[k], y[k]), `at ${k}: ${x[k]} vs ${y[k]}`).toBe(true);
};

const VALS = [0, -0, 1, -1, 0.5, 3, -2.25, 1e-300, Number.NaN, Infinity, -Infinity, 0.1];
/** A CSR structure: rows × cols, each row's columns (sorted and distinct when `canonical`). */
const csrArb = (canonical: boolean, maxDim = 9) =>
  fc.tuple(fc.integer({ min: 1, max: maxDim }), fc.integer({ min: 1, max: maxDim })).chain(([m, n]) =>
    fc
      .array(
        canonical
          ? fc
              .uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: n })
              .map((r) => r.sort((a, b) => a - b))
          : fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 2 * n }),
        { minLength: m, maxLength: m },
      )
      .chain((rows) => {
        const nnz = rows.reduce((s, r) => s + r.length, 0);
        return fc.array(fc.constantFrom(...VALS), { minLength: nnz, maxLength: nnz }).map((v) => {
          const ptr = [0];
          for (const r of rows) ptr.push(ptr[ptr.length - 1]! + r.length);
          return { m, n, ptr, idx: rows.flat(), v };
        });
      }),
  );
describe('hand-assembled Wasm assembly loops equal their JavaScript loops', () => {
  it('transpose count and fill (duplicates, unsorted rows, every piece, row skipping on and off)', () => {
    fc.assert(
      fc.property(
        fc.boolean().chain((c) => csrArb(c)),
        fc.constantFrom<F>('float64', 'float32'),
        fc.nat(),
        fc.nat(),
        (a, d, seed, seed2) => {
          const lo = seed % (a.n + 1);
          const hi = lo + (seed2 % (a.n - lo + 1));
          const { alloc, run } = arena();
          const P = alloc(Int32Array, a.ptr);
          const I = alloc(Int32Array, a.idx);
          const V = alloc(CTOR[d] as unknown as typeof Float64Array, a.v);
          const nnz = a.idx.length;
          const c1 = alloc(Int32Array, a.n + 1);
          const c2 = alloc(Int32Array, a.n + 1);
          c1.fill(7);
          c2.fill(7);
          transposeCount(I, nnz, c1, lo, hi);
          run(transposeCountWasm())(at(I), nnz, at(c2), lo, hi);
          same(c2, c1);
          // A full count and scan for the fill.
          transposeCount(I, nnz, c1, 0, a.n);
          scanCounts(c1, a.n);
          const want = c1[hi]! - c1[lo]!;
          const outs = [0, 1].map((sorted) => {
            const o = [0, 1].map(() => ({
              cur: alloc(Int32Array, a.n),
              ti: alloc(Int32Array, nnz),
              tv: alloc(CTOR[d] as unknown as typeof Float64Array, nnz),
            }));
            const js = transposeFill(P, I, V, a.m, c1, o[0]!.cur, o[0]!.ti, o[0]!.tv, sorted, lo, hi);
            const wa = run(transposeFillWasm(d))(
              at(P),
              at(I),
              at(V),
              a.m,
              at(c1),
              at(o[1]!.cur),
              at(o[1]!.ti),
              at(o[1]!.tv),
              sorted,
              lo,
              hi,
            );
            expect(wa).toBe(js);
            same(o[1]!.ti, o[0]!.ti);
            same(o[1]!.tv, o[0]!.tv);
            return { n: js, ...o[0]! };
          });
          // Without skipping every entry of the piece is written; with it, exactly when the count
          // says so (always for sorted rows), and then the same bytes.
          expect(outs[0]!.n).toBe(want);
          const sortedRows = a.ptr.every(
            (b, i) => i === a.m || a.idx.slice(b, a.ptr[i + 1]).every((x, k, r) => k === 0 || r[k - 1]! <= x),
          );
          if (sortedRows) expect(outs[1]!.n).toBe(want);
          if (outs[1]!.n === want) {
            same(outs[1]!.ti, outs[0]!.ti);
            same(outs[1]!.tv, outs[0]!.tv);
          } else expect(outs[1]!.n).toBeLessThan(want);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('scan: the same sums, and 1 where the JavaScript loop throws on int32 overflow', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 30 }), { maxLength: 12 }), (xs) => {
        const { alloc, run } = arena();
        const p1 = alloc(Int32Array, [5, ...xs]);
        const p2 = alloc(Int32Array, [5, ...xs]);
        let threw = false;
        try {
          scanCounts(p1, xs.length);
        } catch (e) {
          threw = true;
          expect(String(e)).toContain('int32 overflow');
        }
        const r = run(scanWasm())(at(p2), xs.length);
        expect(r).toBe(threw ? 1 : 0);
        if (!threw) same(p2, p1);
      }),
      { numRuns: 200 },
    );
  });

  it('kron count and fill (float32/float64 factors and result)', () => {
    fc.assert(
      fc.property(
        csrArb(true, 5),
        csrArb(false, 5),
        fc.constantFrom<F>('float64', 'float32'),
        fc.constantFrom<F>('float64', 'float32'),
        fc.constantFrom<F>('float64', 'float32'),
        (a, b, da, db, dc) => {
          const rows = a.m * b.m;
          const cPtr = [0];
          for (let i = 0; i < rows; i++) {
            const ia = Math.floor(i / b.m);
            const ib = i - ia * b.m;
            cPtr.push(cPtr[i]! + (a.ptr[ia + 1]! - a.ptr[ia]!) * (b.ptr[ib + 1]! - b.ptr[ib]!));
          }
          const nnz = cPtr[rows]!;
          const { alloc, run } = arena();
          const V = (d: F, x: ArrayLike<number> | number) =>
            alloc(CTOR[d] as unknown as typeof Float64Array, x);
          const [AP, AI, AV] = [alloc(Int32Array, a.ptr), alloc(Int32Array, a.idx), V(da, a.v)];
          const [BP, BI, BV] = [alloc(Int32Array, b.ptr), alloc(Int32Array, b.idx), V(db, b.v)];
          const CP = alloc(Int32Array, cPtr);
          const [k1, k2] = [alloc(Int32Array, rows + 1), alloc(Int32Array, rows + 1)];
          kronCount(AP, BP, b.m, k1, 0, rows);
          run(kronCountWasm())(at(AP), at(BP), b.m, at(k2), 0, rows);
          same(k2, k1);
          scanCounts(k1, rows);
          same(k1, CP);
          const [i1, v1, i2, v2] = [alloc(Int32Array, nnz), V(dc, nnz), alloc(Int32Array, nnz), V(dc, nnz)];
          kronFill(AP, AI, AV, BP, BI, BV, b.m, b.n, CP, i1, v1, 0, rows);
          const spec = kronFillWasm(da, db, dc)!;
          run(spec)(
            at(AP),
            at(AI),
            at(AV),
            at(BP),
            at(BI),
            at(BV),
            b.m,
            b.n,
            at(CP),
            at(i2),
            at(v2),
            0,
            rows,
          );
          same(i2, i1);
          same(v2, v1);
        },
      ),
      { numRuns: 150 },
    );
    expect(kronFillWasm('int32', 'float64', 'float64')).toBe(null);
  });

  it('merge count and fill of add, subtract, multiply (NaN/±Inf/−0, cancellations)', () => {
    const ops = ['add', 'subtract', 'multiply'] as const;
    fc.assert(
      fc.property(
        csrArb(true, 6).chain((a) =>
          fc.tuple(
            fc.constant(a),
            fc.oneof(
              fc.constant({ ...a, v: a.v.map((x) => -x) }),
              fc.constant(a),
              csrArb(true, 6).filter((b) => b.m === a.m && b.n === a.n),
              fc
                .array(fc.constantFrom(...VALS), { minLength: a.v.length, maxLength: a.v.length })
                .map((v) => ({ ...a, v })),
            ),
          ),
        ),
        fc.constantFrom(...ops),
        fc.constantFrom<F>('float64', 'float32'),
        fc.constantFrom<F>('float64', 'float32'),
        fc.constantFrom<F>('float64', 'float32'),
        ([a, b], op, da, db, dc) => {
          const L = binopLoops(op, da, db, dc)!;
          // The generated loop's source text, compiled as the runtime compiles kernels.
          const js = (src: unknown) => new Function(`return (${String(src)})`)() as (...x: unknown[]) => void;
          const { alloc, run } = arena();
          const V = (d: F, x: ArrayLike<number> | number) =>
            alloc(CTOR[d] as unknown as typeof Float64Array, x);
          const [AP, AI, AV] = [alloc(Int32Array, a.ptr), alloc(Int32Array, a.idx), V(da, a.v)];
          const [BP, BI, BV] = [alloc(Int32Array, b.ptr), alloc(Int32Array, b.idx), V(db, b.v)];
          const m = a.m;
          const c1 = alloc(Int32Array, m + 1);
          const c2 = alloc(Int32Array, m + 1);
          js(L.count.impl)(AP, AI, AV, BP, BI, BV, c1.subarray(1), 0, m);
          run(mergeCountWasm(op, da, db))(at(AP), at(AI), at(AV), at(BP), at(BI), at(BV), at(c2) + 4, 0, m);
          same(c2, c1);
          scanCounts(c1, m);
          const nnz = c1[m]!;
          const [i1, v1, i2, v2] = [alloc(Int32Array, nnz), V(dc, nnz), alloc(Int32Array, nnz), V(dc, nnz)];
          js(L.fill.impl)(AP, AI, AV, BP, BI, BV, c1, i1, v1, 0, m);
          const f = run(mergeFillWasm(op, da, db, dc));
          f(at(AP), at(AI), at(AV), at(BP), at(BI), at(BV), at(c1), at(i2), at(v2), 0, m);
          same(i2, i1);
          same(v2, v1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('COO stats per chunk and indptr of a row-ordered COO (every piece of chunks and rows)', () => {
    const idx = fc.integer({ min: -3, max: 9 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(idx, idx), { maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(),
        fc.boolean(),
        (es, P, seed, sortRows) => {
          if (sortRows) es.sort((x, y) => x[0] - y[0]);
          const nnz = es.length;
          const { alloc, run } = arena();
          const R = alloc(
            Int32Array,
            es.map((e) => e[0]),
          );
          const C = alloc(
            Int32Array,
            es.map((e) => e[1]),
          );
          const [lo, hi] = [seed % (P + 1), P];
          const [n1, s1, n2, s2] = [
            alloc(Int32Array, P),
            alloc(Int32Array, 6 * P),
            alloc(Int32Array, P),
            alloc(Int32Array, 6 * P),
          ];
          cooStats(R, C, nnz, P, n1, s1, lo, hi);
          run(cooStatsWasm())(at(R), at(C), nnz, P, at(n2), at(s2), lo, hi);
          same(n2, n1);
          same(s2, s1);
          if (!sortRows || es.some((e) => e[0] < 0)) return;
          const rows = 10;
          const [p1, p2] = [alloc(Int32Array, rows + 1), alloc(Int32Array, rows + 1)];
          const [a, b] = [seed % (rows + 2), rows + 1];
          sortedRowPtr(R, nnz, p1, a, b);
          run(sortedRowPtrWasm())(at(R), nnz, at(p2), a, b);
          same(p2, p1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('row filters (eliminate_zeros, tril/triu, a diagonal) for every dtype', () => {
    const CT = {
      float64: Float64Array,
      float32: Float32Array,
      int32: Int32Array,
      uint8: Uint8Array,
    } as const;
    fc.assert(
      fc.property(
        csrArb(false),
        fc.constantFrom<keyof typeof CT>('float64', 'float32', 'int32', 'uint8'),
        fc.constantFrom(0, 1, 2, 3),
        fc.integer({ min: -10, max: 10 }),
        fc.nat(),
        (a, d, mode, k, seed) => {
          const { alloc, run } = arena();
          const vals =
            d === 'int32' || d === 'uint8'
              ? a.v.map((v) => (Number.isFinite(v) ? Math.trunc(v) & 255 : 0))
              : a.v;
          const [P, I] = [alloc(Int32Array, a.ptr), alloc(Int32Array, a.idx)];
          const V = alloc(CT[d] as unknown as typeof Float64Array, vals);
          const lim = seed % (a.m + 1);
          const [lo, hi] = [seed % (a.m + 1), a.m];
          const [c1, c2] = [alloc(Int32Array, a.m + 1), alloc(Int32Array, a.m + 1)];
          filterRows(P, I, V, c1, I, V, mode, k, lim, 0, 0, a.m);
          run(filterRowsWasm(d))(at(P), at(I), at(V), at(c2), at(I), at(V), mode, k, lim, 0, 0, a.m);
          same(c2, c1);
          scanCounts(c1, a.m);
          const nnz = c1[a.m]!;
          const o = [0, 1].map(() => ({
            i: alloc(Int32Array, nnz),
            v: alloc(CT[d] as unknown as typeof Float64Array, nnz),
          }));
          filterRows(P, I, V, c1, o[0]!.i, o[0]!.v, mode, k, lim, 1, lo, hi);
          run(filterRowsWasm(d))(
            at(P),
            at(I),
            at(V),
            at(c1),
            at(o[1]!.i),
            at(o[1]!.v),
            mode,
            k,
            lim,
            1,
            lo,
            hi,
          );
          same(o[1]!.i, o[0]!.i);
          same(o[1]!.v, o[0]!.v);
        },
      ),
      { numRuns: 300 },
    );
  });
});
