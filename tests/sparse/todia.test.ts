/**
 * CSR/CSC/COO → DIA as launches (sparse/dia-convert.ts, kernels/dia-scan.ts): the loops against a
 * naive reference for any chunking and any 2-D tiles; the public `todia()` and `dia_array(A)`
 * against a naive reference (duplicates summed first, explicit zeros and zero sums kept as
 * diagonals, width = largest column + 1) on random structures — empty rows and columns, wide and
 * tall shapes, duplicates, unsorted rows, int32/float32/float64 — at pool sizes 0, 1, 2 with
 * pieces and scan chunks down to a few entries; SciPy's answers (tests/fixtures/sparse/todia.json,
 * scripts/fixtures_todia.py); and that the conversion reads back only the diagonal summary, not
 * the structure (the previous host path read indptr, indices and data: it fails the bound).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readElements } from '../../runtime/engine-read.js';
import { configure, DefaultMapper, type DType, fence, traceStart, traceStop } from '../../runtime/index.js';
import { setDiaMinChunk } from '../../sparse/dia-convert.js';
import * as sp from '../../sparse/index.js';
import { diaScan, diaScatter, orWords } from '../../sparse/kernels/dia-scan.js';
import { diaScanWasm, diaScatterWasm } from '../../sparse/kernels/dia-scan-wasm.js';
import { type Mat, matArb, POOLS } from './ref.js';

let saved = 0;
beforeAll(() => {
  saved = setDiaMinChunk(1);
});
afterAll(() => {
  setDiaMinChunk(saved, 0);
  configure({ workers: 0, mapper: new DefaultMapper() });
});

const CTORS = { int32: Int32Array, float32: Float32Array, float64: Float64Array } as const;
type VDType = keyof typeof CTORS;
const dtypeArb = fc.constantFrom<VDType>('int32', 'float32', 'float64');

interface DiaRef {
  offsets: number[];
  ld: number;
  data: number[];
}

/** SciPy's todia on entry lists: duplicates summed (in entry order), every stored position kept. */
function reference(a: Mat, dtype: VDType): DiaRef {
  const cast = (x: number) => (dtype === 'int32' ? Math.trunc(x) : dtype === 'float32' ? Math.fround(x) : x);
  const add = (x: number, y: number) => cast(x + y);
  const sums = new Map<number, number>();
  for (let k = 0; k < a.v.length; k++) {
    const key = a.i[k]! * a.n + a.j[k]!;
    const old = sums.get(key);
    sums.set(key, old === undefined ? cast(a.v[k]!) : add(old, cast(a.v[k]!)));
  }
  if (sums.size === 0) return { offsets: [], ld: 0, data: [] };
  const ks = new Set<number>();
  let maxCol = -1;
  for (const key of sums.keys()) {
    const i = Math.floor(key / a.n);
    const j = key - i * a.n;
    ks.add(j - i);
    maxCol = Math.max(maxCol, j);
  }
  const offsets = [...ks].sort((x, y) => x - y);
  const ld = maxCol + 1;
  const data = new Array<number>(offsets.length * ld).fill(0);
  for (const [key, v] of sums) {
    const i = Math.floor(key / a.n);
    const j = key - i * a.n;
    data[offsets.indexOf(j - i) * ld + j] = v;
  }
  return { offsets, ld, data };
}

/** Compressed arrays grouped by the major index, each group in entry order (unsorted, duplicates). */
function compressed(a: Mat, major: 'row' | 'col', dtype: VDType) {
  const M = major === 'row' ? a.m : a.n;
  const key = major === 'row' ? a.i : a.j;
  const other = major === 'row' ? a.j : a.i;
  const ptr = new Int32Array(M + 1);
  for (const r of key) ptr[r + 1]!++;
  for (let r = 0; r < M; r++) ptr[r + 1]! += ptr[r]!;
  const next = ptr.slice(0, M);
  const idx = new Int32Array(a.v.length);
  const dat = new CTORS[dtype](a.v.length);
  for (let k = 0; k < a.v.length; k++) {
    const q = next[key[k]!]!++;
    idx[q] = other[k]!;
    dat[q] = a.v[k]!;
  }
  return [dat, idx, ptr] as const;
}

function build(a: Mat, fmt: 'csr' | 'csc' | 'coo', dtype: VDType): sp.sparray {
  const shape: [number, number] = [a.m, a.n];
  if (fmt === 'coo')
    return sp.coo_array([CTORS[dtype].from(a.v), [Int32Array.from(a.i), Int32Array.from(a.j)]], { shape });
  if (fmt === 'csr') return sp.csr_array(compressed(a, 'row', dtype), { shape });
  return sp.csc_array(compressed(a, 'col', dtype), { shape });
}

function expectDia(D: sp.sparray, ref: DiaRef, a: Mat, dtype: DType, label: string): void {
  const d = D as sp.DiaArray;
  expect(d.format, label).toBe('dia');
  expect(d.shape, label).toEqual([a.m, a.n]);
  expect(d.dtype, label).toBe(dtype);
  expect(d.offsets.tolist(), `${label} offsets`).toEqual(ref.offsets);
  expect(d.data.shape, `${label} data shape`).toEqual([ref.offsets.length, ref.ld]);
  expect(Array.from(d.data.toArray() as ArrayLike<number>), `${label} data`).toEqual(ref.data);
}

/** Banded matrices: entries near a few diagonals, some rows and columns empty, any aspect. */
const bandArb: fc.Arbitrary<Mat> = fc
  .record({
    m: fc.integer({ min: 1, max: 300 }),
    n: fc.integer({ min: 1, max: 300 }),
    ks: fc.uniqueArray(fc.integer({ min: -60, max: 60 }), { minLength: 1, maxLength: 7 }),
    seed: fc.nat(),
    keep: fc.integer({ min: 1, max: 4 }),
  })
  .map(({ m, n, ks, seed, keep }) => {
    const i: number[] = [];
    const j: number[] = [];
    const v: number[] = [];
    const VALS = [0, 1, -2, 0.5, 3, -1.5];
    let s = seed;
    for (let r = 0; r < m; r++) {
      for (const k of ks) {
        s = (s * 1103515245 + 12345) >>> 0;
        const c = r + k;
        if (c < 0 || c >= n || s % keep === 1) continue;
        i.push(r);
        j.push(c);
        v.push(VALS[(s >>> 8) % VALS.length]!);
      }
    }
    // Each row in the order of `ks` (random): unsorted rows when built as CSR or CSC.
    return { m, n, i, j, v };
  });

describe('CSR → DIA loops', () => {
  it('scan + fold + scatter give the reference for any chunks and tiles', () => {
    fc.assert(
      fc.property(
        matArb(12, { dups: false }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        (a, P, jc, dc) => {
          const ref = reference(a, 'float64');
          // Canonical CSR of the (duplicate-free) entries.
          const ord = a.v.map((_, k) => k).sort((x, y) => a.i[x]! - a.i[y]! || a.j[x]! - a.j[y]!);
          const pos = new Int32Array(a.m + 1);
          for (const r of a.i) pos[r + 1]!++;
          for (let r = 0; r < a.m; r++) pos[r + 1]! += pos[r]!;
          const crd = Int32Array.from(ord, (k) => a.j[k]!);
          const vals = Float64Array.from(ord, (k) => a.v[k]!);
          const nnz = a.v.length;
          if (nnz === 0) return;
          const words = (a.m + a.n - 1 + 31) >>> 5;
          const bits = new Int32Array(P * words).fill(-1);
          const maxc = new Int32Array(P).fill(-9);
          for (let c = P - 1; c >= 0; c--) diaScan(pos, crd, a.m, a.n, nnz, P, words, bits, maxc, c, c + 1);
          const w = new Int32Array(words).fill(-1);
          orWords(bits, P, words, w, 0, words >> 1);
          orWords(bits, P, words, w, words >> 1, words);
          const offs: number[] = [];
          for (let b = 0; b < words * 32; b++) if ((w[b >>> 5]! >>> (b & 31)) & 1) offs.push(b - (a.m - 1));
          expect(offs).toEqual(ref.offsets);
          expect(Math.max(...maxc) + 1).toBe(ref.ld);
          const nd = offs.length;
          const out = new Float64Array(nd * ref.ld).fill(Number.NaN);
          const offsets = Int32Array.from(offs);
          const jcut = (t: number) => Math.floor((t * ref.ld) / jc);
          const dcut = (t: number) => Math.floor((t * nd) / dc);
          for (let x = 0; x < jc; x++)
            for (let y = 0; y < dc; y++)
              diaScatter(
                pos,
                crd,
                vals,
                offsets,
                a.m,
                nnz,
                ref.ld,
                out,
                jcut(x),
                jcut(x + 1),
                dcut(y),
                dcut(y + 1),
              );
          expect(Array.from(out)).toEqual(ref.data);
        },
      ),
      { numRuns: 200 },
    );
  });
  it('the Wasm scan equals the JavaScript loop, malformed indptr and columns included', () => {
    const Wasm = (globalThis as any).WebAssembly;
    const mem = new Wasm.Memory({ initial: 16, maximum: 64, shared: true });
    const run = new Wasm.Instance(new Wasm.Module(new Uint8Array(diaScanWasm().bytes)), { e: { mem } })
      .exports.kernel as (...a: number[]) => void;
    fc.assert(
      fc.property(
        matArb(14),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 4 }),
        (a, P, broken, noise) => {
          if (a.m === 0 || a.n === 0) return;
          const nnz = a.v.length;
          const ord = a.v.map((_, k) => k).sort((x, y) => a.i[x]! - a.i[y]!);
          let off = 64;
          const arr = (n: number) => {
            const r = new Int32Array(mem.buffer, off, n);
            off += ((Math.max(1, n) * 4 + 63) >> 6) << 6;
            return r;
          };
          const pos = arr(a.m + 1);
          pos.fill(0);
          for (const r of a.i) pos[r + 1]!++;
          for (let r = 0; r < a.m; r++) pos[r + 1]! += pos[r]!;
          const crd = arr(nnz);
          crd.set(ord.map((k) => a.j[k]!));
          if (broken) {
            // indptr out of order and columns out of range: both loops must agree and stay in place.
            for (const z of noise) pos[z % (a.m + 1)] = z % (nnz + 3);
            if (nnz > 0) crd[noise.length % nnz] = noise.length % 2 === 0 ? -1 : a.n;
          }
          const words = (a.m + a.n - 1 + 31) >>> 5;
          const guard = arr(16).fill(77);
          const b1 = new Int32Array(P * words).fill(-5);
          const m1 = new Int32Array(P).fill(-9);
          const b2 = arr(P * words).fill(-5);
          const m2 = arr(P).fill(-9);
          const guard2 = arr(16).fill(77);
          const half = P >> 1;
          diaScan(pos, crd, a.m, a.n, nnz, P, words, b1, m1, 0, half);
          diaScan(pos, crd, a.m, a.n, nnz, P, words, b1, m1, half, P);
          run(pos.byteOffset, crd.byteOffset, a.m, a.n, nnz, P, words, b2.byteOffset, m2.byteOffset, 0, half);
          run(pos.byteOffset, crd.byteOffset, a.m, a.n, nnz, P, words, b2.byteOffset, m2.byteOffset, half, P);
          expect(Array.from(b2)).toEqual(Array.from(b1));
          expect(Array.from(m2)).toEqual(Array.from(m1));
          expect([...guard, ...guard2].every((g) => g === 77)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('the Wasm fill equals the JavaScript loop for every dtype and tile, malformed rows included', () => {
    const Wasm = (globalThis as any).WebAssembly;
    const mem = new Wasm.Memory({ initial: 16, maximum: 64, shared: true });
    const CLS = { ...CTORS, uint8: Uint8Array } as const;
    const runs = new Map<string, (...a: number[]) => void>();
    const runner = (dt: keyof typeof CLS) => {
      let r = runs.get(dt);
      if (r === undefined) {
        r = new Wasm.Instance(new Wasm.Module(new Uint8Array(diaScatterWasm(dt).bytes)), { e: { mem } })
          .exports.kernel as (...a: number[]) => void;
        runs.set(dt, r);
      }
      return r;
    };
    fc.assert(
      fc.property(
        matArb(14),
        fc.constantFrom<keyof typeof CLS>('float64', 'float32', 'int32', 'uint8'),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 4 }),
        (a, dt, jc, dc, broken, noise) => {
          const ref = reference(a, 'float64');
          if (ref.offsets.length === 0) return;
          const C = CLS[dt];
          let off = 64;
          const arr = (K: any, n: number): any => {
            const r = new K(mem.buffer, off, n);
            off += ((Math.max(1, n) * K.BYTES_PER_ELEMENT + 63) >> 6) << 6;
            return r;
          };
          // Rows grouped (not sorted: the entry order within a row is kept), duplicates kept.
          const ord = a.v.map((_, k) => k).sort((x, y) => a.i[x]! - a.i[y]!);
          const nnz = a.v.length;
          const pos = arr(Int32Array, a.m + 1);
          pos.fill(0);
          for (const r of a.i) pos[r + 1]!++;
          for (let r = 0; r < a.m; r++) pos[r + 1]! += pos[r]!;
          const crd = arr(Int32Array, nnz);
          crd.set(ord.map((k) => a.j[k]!));
          const vals = arr(C, nnz);
          vals.set(ord.map((k, t) => (dt === 'uint8' ? (a.v[k]! * 4 + t) & 255 : a.v[k]! + t / 8)));
          if (broken) for (const z of noise) pos[z % (a.m + 1)] = (z % (nnz + 5)) - 2;
          const offsets = arr(Int32Array, ref.offsets.length);
          offsets.set(ref.offsets);
          const nd = ref.offsets.length;
          const ld = ref.ld;
          const guard = arr(Int32Array, 16).fill(77);
          const o2 = arr(C, nd * ld).fill(9);
          const guard2 = arr(Int32Array, 16).fill(77);
          const o1 = new C(nd * ld).fill(9);
          const jcut = (t: number) => Math.floor((t * ld) / jc);
          const dcut = (t: number) => Math.floor((t * nd) / dc);
          const run = runner(dt);
          for (let x = 0; x < jc; x++)
            for (let y = 0; y < dc; y++) {
              const [jl, jh, dl, dh] = [jcut(x), jcut(x + 1), dcut(y), dcut(y + 1)];
              diaScatter(pos, crd, vals as never, offsets, a.m, nnz, ld, o1 as never, jl, jh, dl, dh);
              run(
                pos.byteOffset,
                crd.byteOffset,
                vals.byteOffset,
                offsets.byteOffset,
                a.m,
                nnz,
                ld,
                o2.byteOffset,
                jl,
                jh,
                dl,
                dh,
              );
            }
          expect(Array.from(o2)).toEqual(Array.from(o1));
          expect([...guard, ...guard2].every((g) => g === 77)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('marks a column out of range', () => {
    const maxc = new Int32Array(1);
    const bits = new Int32Array(1);
    diaScan(Int32Array.of(0, 1), Int32Array.of(5), 1, 3, 1, 1, 1, bits, maxc, 0, 1);
    expect(maxc[0]).toBe(-2);
  });
});

describe.each(POOLS)('todia at pool size %i', (workers) => {
  const small = () =>
    configure({
      workers,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
    });

  it('random structures (duplicates, zeros, unsorted, empty rows/cols) from CSR, CSC and COO', () => {
    small();
    fc.assert(
      fc.property(
        matArb(12),
        fc.constantFrom('csr', 'csc', 'coo') as fc.Arbitrary<'csr'>,
        dtypeArb,
        fc.integer({ min: 0, max: 5 }),
        (a, fmt, dt, chunks) => {
          setDiaMinChunk(1, chunks);
          const ref = reference(a, dt);
          const A = build(a, fmt, dt);
          expectDia(A.todia(), ref, a, dt, `${fmt} ${dt} todia`);
          expectDia(sp.dia_array(A), ref, a, dt, `${fmt} ${dt} dia_array`);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('banded, wide and tall structures of a few hundred rows', () => {
    small();
    fc.assert(
      fc.property(
        bandArb,
        fc.constantFrom('csr', 'csc', 'coo') as fc.Arbitrary<'csr'>,
        dtypeArb,
        fc.integer({ min: 0, max: 7 }),
        (a, fmt, dt, chunks) => {
          setDiaMinChunk(1, chunks);
          expectDia(build(a, fmt, dt).todia(), reference(a, dt), a, dt, `${fmt} ${dt} band`);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('the default mapper on a 20,000-row band (at 2 workers: pieces on the pool)', () => {
    configure({ workers, mapper: new DefaultMapper() });
    setDiaMinChunk(1, 0);
    const n = 20000;
    const a: Mat = { m: n, n, i: [], j: [], v: [] };
    for (let r = 0; r < n; r++)
      for (const k of [-150, -1, 0, 1, 150]) {
        if (r + k < 0 || r + k >= n) continue;
        a.i.push(r);
        a.j.push(r + k);
        a.v.push(((r * 7 + k) % 5) - 2);
      }
    const A = build(a, 'csr', 'float64');
    fence();
    traceStart();
    const D = A.todia();
    fence();
    const tasks = traceStop().filter((r) => r.op === 'todia');
    if (workers === 2) {
      // The scan's two chunks and at least two fill pieces run on the pool (which worker takes
      // a piece is work sharing's business).
      expect(tasks.filter((r) => r.worker >= 0).length).toBeGreaterThanOrEqual(4);
    }
    expectDia(D, reference(a, 'float64'), a, 'float64', 'band 20000');
  });
});

describe('SciPy fixtures: todia', () => {
  const cases = JSON.parse(readFileSync(new URL('../fixtures/sparse/todia.json', import.meta.url), 'utf8'))
    .cases as any[];
  describe.each(POOLS)('pool size %i', (workers) => {
    it.each(cases.map((c) => [c.name, c]))('%s', (_name, c) => {
      setDiaMinChunk(1, 3);
      configure({
        workers,
        mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
      });
      const dt = c.dtype as VDType;
      const shape = c.shape as [number, number];
      const coo = sp.coo_array([CTORS[dt].from(c.data), [Int32Array.from(c.row), Int32Array.from(c.col)]], {
        shape,
      });
      const csr = sp.csr_array(
        [CTORS[dt].from(c.csr_data), Int32Array.from(c.indices), Int32Array.from(c.indptr)],
        {
          shape,
        },
      );
      for (const [label, A] of [
        ['coo', coo],
        ['csr', csr],
        ['csc', coo.tocsc()],
      ] as const) {
        const D = A.todia() as sp.DiaArray;
        expect(D.offsets.tolist(), `${label} offsets`).toEqual(c.offsets);
        expect(D.data.shape, `${label} data shape`).toEqual(c.dia_shape);
        expect(Array.from(D.data.toArray() as ArrayLike<number>), `${label} data`).toEqual(c.dia_data);
        expect(D.dtype).toBe(dt);
        expect(D.nnz, `${label} nnz`).toBe(c.nnz);
      }
    });
  });
});

describe('the issuing thread reads back the diagonal summary only', () => {
  it.each(POOLS)('pool size %i: a 5-diagonal 64×64 grid Laplacian', (workers) => {
    configure({ workers, mapper: new DefaultMapper() });
    setDiaMinChunk(1 << 16, 0);
    try {
      const nx = 64;
      const N = nx * nx;
      const T = sp.diags([-1, 2, -1], [-1, 0, 1], { shape: [nx, nx] });
      const I = sp.eye(nx);
      const A = sp.kron(I, T).add(sp.kron(T, I)).tocsr();
      const nnz = A.nnz;
      fence();
      const before = readElements();
      const D = A.todia() as sp.DiaArray;
      const read = readElements() - before;
      // Bitmap words of the rows + cols − 1 diagonals, one number per chunk: ~260 elements here;
      // the previous path read indptr, indices and data (2·nnz + rows + 1 ≈ 45,000).
      const bound = Math.ceil((2 * N) / 32) * 2 + 8;
      expect(read, `elements read back (nnz ${nnz})`).toBeLessThanOrEqual(bound);
      expect(D.offsets.tolist()).toEqual([-nx, -1, 0, 1, nx]);
      expect(D.data.shape).toEqual([5, N]);
    } finally {
      setDiaMinChunk(1, 0);
    }
  });
});
