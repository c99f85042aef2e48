/**
 * `einsum` with an ellipsis and `unique` along an axis, at pool sizes 0, 1 and 2: against NumPy's
 * own results (tests/fixtures/einsum_unique/cases.json, written by
 * scripts/fixtures_einsum_unique.py: the docstring examples, NumPy's test_arraysetops cases,
 * every dtype, 0-size, NaN, ±0, and NumPy's errors), and fast-check properties against naive
 * references (random subscripts with '...' and broadcast dimensions; random arrays, axes and
 * dtypes for unique). Then every validation branch, by its message.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, type DType, IndexError } from '../../runtime/index.js';
import { type Arr, dec, input } from './fixture-cases.js';
import { castRef, DTYPES, indices, POOLS, promoteRef, same, size } from './ref.js';

type Expected =
  | ({ kind: 'array' } & Arr)
  | { kind: 'tuple'; values: Arr[] }
  | { kind: 'error'; error: string };
interface Case {
  id: string;
  inputs: Record<string, Arr>;
  params: Record<string, unknown>;
  expected: Expected;
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/einsum_unique/cases.json', import.meta.url), 'utf8'),
) as { numpy: string; cases: Case[] };

type In = Record<string, np.ndarray>;
type R = np.ndarray | np.ndarray[];

function call(c: Case, i: In): R {
  const p = c.params;
  if (c.id.startsWith('einsum-')) {
    const ops = Object.keys(i)
      .sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)))
      .map((k) => i[k]!);
    const opts = p.optimize === undefined ? [] : [{ optimize: p.optimize as boolean | string }];
    return np.einsum(p.subscripts as string, ...ops, ...opts);
  }
  return np.unique(i.a!, {
    axis: p.axis as number,
    return_index: p.return_index as boolean,
    return_inverse: p.return_inverse as boolean,
    return_counts: p.return_counts as boolean,
    equal_nan: p.equal_nan as boolean,
  });
}

/** unique's values keep the sign of zero (bitwise); einsum's sums may round −0 to +0 (as NumPy's
 * element-wise copies do not), so there values compare numerically, NaN equal to NaN. */
function check(tag: string, got: np.ndarray, want: Arr, signed: boolean, bad: string[]): void {
  if (got.dtype !== want.dtype) bad.push(`${tag}: dtype ${got.dtype}, NumPy ${want.dtype}`);
  else if (JSON.stringify(got.shape) !== JSON.stringify(want.shape))
    bad.push(`${tag}: shape [${got.shape}], NumPy [${want.shape}]`);
  else {
    const g = Array.from(got.toArray() as ArrayLike<number>, Number);
    const k = want.values.findIndex((w, q) => {
      const y = dec(w);
      return signed ? !Object.is(g[q], y) : !same(g[q]!, y);
    });
    if (k >= 0) bad.push(`${tag}[${k}] = ${g[k]}, NumPy ${dec(want.values[k]!)}`);
  }
}

describe.each(POOLS)(
  'einsum with an ellipsis and unique along an axis against NumPy (workers=%i)',
  (workers) => {
    it(`matches NumPy ${fixture.numpy} on ${fixture.cases.length} cases`, () => {
      configure({ workers });
      const bad: string[] = [];
      for (const c of fixture.cases) {
        const inputs: In = {};
        for (const [k, v] of Object.entries(c.inputs)) inputs[k] = input(v);
        const signed = c.id.startsWith('unique-');
        let r: R;
        try {
          r = call(c, inputs);
        } catch (e) {
          const name = e instanceof Error ? e.name : String(e);
          if (c.expected.kind !== 'error' || name !== c.expected.error)
            bad.push(`${c.id}: ${name}: ${e instanceof Error ? e.message : ''}`);
          continue;
        }
        if (c.expected.kind === 'error') bad.push(`${c.id}: no error, NumPy ${c.expected.error}`);
        else if (c.expected.kind === 'tuple') {
          const want = c.expected.values;
          if (!Array.isArray(r) || r.length !== want.length) bad.push(`${c.id}: not ${want.length} results`);
          else
            want.forEach((w, k) => {
              check(`${c.id}[${k}]`, (r as np.ndarray[])[k]!, w, signed, bad);
            });
        } else if (Array.isArray(r)) bad.push(`${c.id}: ${r.length} results, NumPy one array`);
        else check(c.id, r, c.expected, signed, bad);
      }
      expect(bad).toEqual([]);
    });
  },
);

// ---- naive einsum -------------------------------------------------------------------------------

interface Op {
  shape: number[];
  values: number[];
  dtype: DType;
}

/**
 * NumPy's einsum as plain loops: '...' names `#0..#nb-1` (right-aligned), labels of extent 1
 * broadcast, without '->' the output is the '...' dimensions then the letters appearing once,
 * sorted; products summed in float64, then cast (bool: any).
 */
function refEinsum(sub: string, ops: Op[]): { shape: number[]; values: number[]; dtype: DType } {
  const [lhs, rhs] = sub.split('->') as [string, string | undefined];
  const terms = lhs.split(',').map((t) => t.split('...'));
  const nEll = terms.map((t, k) => (t.length === 2 ? ops[k]!.shape.length - t.join('').length : 0));
  const nb = Math.max(0, ...nEll);
  const ell = (from: number) => Array.from({ length: nb - from }, (_, j) => `#${from + j}`);
  const labels = terms.map((t, k) =>
    t.length === 2 ? [...t[0]!, ...ell(nb - nEll[k]!), ...t[1]!] : [...t[0]!],
  );
  let out: string[];
  if (rhs === undefined) {
    const letters = terms.flatMap((t) => [...t.join('')]);
    out = [
      ...ell(0),
      ...[...new Set(letters)].filter((ch) => letters.filter((x) => x === ch).length === 1).sort(),
    ];
  } else {
    const t = rhs.split('...');
    out = t.length === 2 ? [...t[0]!, ...ell(0), ...t[1]!] : [...t[0]!];
  }
  const extent = new Map<string, number>();
  labels.forEach((ls, k) => {
    ls.forEach((l, d) => {
      if ((extent.get(l) ?? 1) === 1) extent.set(l, ops[k]!.shape[d]!);
    });
  });
  const summed = [...extent.keys()].filter((l) => !out.includes(l));
  const dtype = ops.map((o) => o.dtype).reduce(promoteRef);
  const shape = out.map((l) => extent.get(l)!);
  const values: number[] = [];
  const sumShape = summed.map((l) => extent.get(l)!);
  for (const oi of indices(shape)) {
    const at = new Map(out.map((l, d) => [l, oi[d]!]));
    let acc = 0;
    for (const si of indices(sumShape)) {
      for (const [d, l] of summed.entries()) at.set(l, si[d]!);
      let p = 1;
      ops.forEach((o, k) => {
        let off = 0;
        labels[k]!.forEach((l, d) => {
          off = off * o.shape[d]! + (o.shape[d] === 1 ? 0 : at.get(l)!);
        });
        p *= o.values[off]!;
      });
      acc += p;
    }
    values.push(dtype === 'bool' ? (acc !== 0 ? 1 : 0) : castRef(acc, dtype));
  }
  return { shape, values, dtype };
}

/** Small integers of a dtype (sums stay exact, so results compare exactly). */
const smallArb = (dt: DType) =>
  dt === 'bool'
    ? fc.constantFrom(0, 1)
    : dt === 'uint8'
      ? fc.integer({ min: 0, max: 3 })
      : fc.integer({ min: -3, max: 3 });

/** Random subscripts with '...', extents for their labels, and operands that broadcast. */
const einsumArb = fc
  .record({
    ext: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
    ellExt: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 3 }),
    terms: fc.array(
      fc.record({
        letters: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 3 }),
        ell: fc.boolean(),
        at: fc.nat(),
        nEll: fc.nat(),
        ones: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        dtype: fc.constantFrom(...DTYPES),
        seed: fc.integer(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    implicit: fc.boolean(),
    outPick: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    outAt: fc.nat(),
    outShuffle: fc.integer(),
  })
  .map((r) => {
    const nb = r.ellExt.length;
    const ops: Op[] = [];
    const strs: string[] = [];
    for (const t of r.terms) {
      const ne = t.ell ? t.nEll % (nb + 1) : 0;
      const at = t.letters.length === 0 ? 0 : t.at % (t.letters.length + 1);
      const counts = new Map<string, number>();
      for (const l of t.letters) counts.set(l, (counts.get(l) ?? 0) + 1);
      // A dimension is 1 (broadcast) sometimes; not a repeated label's (a diagonal needs equal extents).
      const letterDims = t.letters.map((l, q) =>
        t.ones[q] && counts.get(l) === 1 ? 1 : r.ext['abcd'.indexOf(l)]!,
      );
      const ellDims = r.ellExt.slice(nb - ne).map((e, q) => (t.ones[3 + q] ? 1 : e));
      const shape = t.ell ? [...letterDims.slice(0, at), ...ellDims, ...letterDims.slice(at)] : letterDims;
      const values = fc
        .sample(smallArb(t.dtype), { numRuns: size(shape), seed: t.seed })
        .map((v) => castRef(v, t.dtype));
      ops.push({ shape, values, dtype: t.dtype });
      strs.push(
        t.ell ? `${t.letters.slice(0, at).join('')}...${t.letters.slice(at).join('')}` : t.letters.join(''),
      );
    }
    let sub = strs.join(',');
    if (!r.implicit) {
      const used = [...new Set(r.terms.flatMap((t) => t.letters))].filter(
        (l) => r.outPick['abcd'.indexOf(l)],
      );
      const outL = used.sort(
        (x, y) => ((x.charCodeAt(0) * r.outShuffle) % 7) - ((y.charCodeAt(0) * r.outShuffle) % 7),
      );
      const anyEll = r.terms.some((t) => t.ell);
      const at = r.outAt % (outL.length + 1);
      sub += `->${anyEll ? `${outL.slice(0, at).join('')}...${outL.slice(at).join('')}` : outL.join('')}`;
    }
    return { sub, ops };
  });

// ---- naive unique along an axis -----------------------------------------------------------------

/** NumPy's ordering of sub-arrays (compared as structured scalars: NaN last, −0 == +0). */
const lt = (x: number, y: number) => x < y || (Number.isNaN(y) && !Number.isNaN(x));

function refUnique(values: number[], shape: number[], axis: number, equalNan: boolean) {
  const nd = shape.length;
  const ax = axis < 0 ? axis + nd : axis;
  const n = shape[ax]!;
  const rest = shape.filter((_, d) => d !== ax);
  const strides = shape.map((_, d) => size(shape.slice(d + 1)));
  const rows = Array.from({ length: n }, (_, i) =>
    [...indices(rest)].map((ri) => {
      const idx = [...ri.slice(0, ax), i, ...ri.slice(ax)];
      return values[idx.reduce((o, x, d) => o + x * strides[d]!, 0)]!;
    }),
  );
  const cmp = (p: number[], q: number[]) => {
    for (let j = 0; j < p.length; j++) {
      if (lt(p[j]!, q[j]!)) return -1;
      if (lt(q[j]!, p[j]!)) return 1;
    }
    return 0;
  };
  // A 1-D array is NumPy's flattened case (equal_nan applies); n-D rows never equate NaNs.
  const eq = (p: number[], q: number[]) =>
    p.every((x, j) => x === q[j] || (nd === 1 && equalNan && Number.isNaN(x) && Number.isNaN(q[j]!)));
  const order = rows.map((_, i) => i).sort((i, j) => cmp(rows[i]!, rows[j]!));
  const index: number[] = [];
  const inverse = new Array<number>(n);
  const counts: number[] = [];
  order.forEach((i, k) => {
    if (k === 0 || !eq(rows[i]!, rows[order[k - 1]!]!)) {
      index.push(i);
      counts.push(0);
    }
    inverse[i] = index.length - 1;
    counts[counts.length - 1]!++;
  });
  const outShape = shape.map((e, d) => (d === ax ? index.length : e));
  const vals = [...indices(outShape)].map((idx) => {
    const src = [...idx];
    src[ax] = index[idx[ax]!]!;
    return values[src.reduce((o, x, d) => o + x * strides[d]!, 0)]!;
  });
  return { shape: outShape, values: vals, index, inverse, counts };
}

const uniqueArb = fc
  .record({
    shape: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }),
    dtype: fc.constantFrom(...DTYPES),
    axis: fc.integer({ min: -3, max: 2 }),
    equalNan: fc.boolean(),
    seed: fc.integer(),
  })
  .map((r) => {
    const nd = r.shape.length;
    // An axis in [-nd, nd).
    const axis = r.axis >= 0 ? r.axis % nd : -(((-r.axis - 1) % nd) + 1);
    const pool = r.dtype.startsWith('float')
      ? [0, 1, 2, Number.NaN, Number.POSITIVE_INFINITY, ...(nd > 1 ? [-0] : [])]
      : r.dtype === 'bool'
        ? [0, 1]
        : [0, 1, 2];
    const values = fc.sample(fc.constantFrom(...pool), { numRuns: size(r.shape), seed: r.seed });
    return { ...r, axis, values };
  });

const list = (a: np.ndarray) => Array.from(a.toArray() as ArrayLike<number>, Number);

for (const workers of POOLS) {
  describe(`einsum with '...' and unique along an axis against naive references (workers=${workers})`, () => {
    it('einsum: random subscripts with an ellipsis, broadcast dimensions, every dtype', () => {
      configure({ workers });
      fc.assert(
        fc.property(einsumArb, ({ sub, ops }) => {
          const want = refEinsum(sub, ops);
          const arrays = ops.map((o) => np.array(o.values, { dtype: o.dtype }).reshape(o.shape));
          const got = np.einsum(sub, ...arrays);
          expect(`${sub}: ${got.dtype} [${got.shape}]`).toBe(`${sub}: ${want.dtype} [${want.shape}]`);
          expect(list(got)).toEqual(want.values);
        }),
        { numRuns: 200 },
      );
    });

    it('unique along a random axis: values, first indices, inverse and counts', () => {
      configure({ workers });
      fc.assert(
        fc.property(uniqueArb, ({ shape, dtype, axis, equalNan, values }) => {
          const a = np.array(values, { dtype }).reshape(shape);
          const cast = values.map((v) => castRef(v, dtype));
          const want = refUnique(cast, shape, axis, equalNan);
          const [u, idx, inv, cnt] = np.unique(a, {
            axis,
            return_index: true,
            return_inverse: true,
            return_counts: true,
            equal_nan: equalNan,
          }) as np.ndarray[];
          expect(u!.dtype).toBe(dtype);
          expect(u!.shape).toEqual(want.shape);
          const gv = list(u!);
          want.values.forEach((w, k) => {
            if (!Object.is(gv[k], w) && !(Number.isNaN(gv[k]!) && Number.isNaN(w)))
              throw new Error(`values[${k}] = ${gv[k]}, want ${w} (axis ${axis}, shape [${shape}])`);
          });
          expect(list(idx!)).toEqual(want.index);
          expect(inv!.shape).toEqual([shape.at(axis)!]);
          expect(list(inv!)).toEqual(want.inverse);
          expect(list(cnt!)).toEqual(want.counts);
          // The values alone (a separate path without the index sort).
          const only = np.unique(a, { axis, equal_nan: equalNan }) as np.ndarray;
          expect(list(only).map(String)).toEqual(gv.map(String));
        }),
        { numRuns: 150 },
      );
    });
  });
}

describe('einsum and unique: validation branches name the function, argument, expectation', () => {
  it('einsum subscripts with an ellipsis', () => {
    configure({ workers: 0 });
    const m = np.ones([2, 3]);
    expect(() => np.einsum('ij->i->j', m)).toThrow(
      /einsum: argument 'subscripts' expected at most one '->', received "ij->i->j"/,
    );
    expect(() => np.einsum('.ij', m)).toThrow(
      /einsum: argument 'subscripts' expected letters a-z, A-Z and at most one '...' per term/,
    );
    expect(() => np.einsum('...i...', m)).toThrow(/at most one '...' per term, received "...i..."/);
    expect(() => np.einsum('ij->i..', m)).toThrow(/at most one '...' per term/);
    expect(() => np.einsum('i...->i', m)).toThrow(
      /einsum: argument 'subscripts' expected '...' in the output for the 1 dimension\(s\) the operands' '...' cover, received "i...->i"/,
    );
    expect(() => np.einsum('ij...k', m)).toThrow(
      /einsum: operand 0 has 2 dimensions but subscripts 'ij...k' name 3/,
    );
    expect(() => np.einsum('ijk', m)).toThrow(
      /einsum: operand 0 has 2 dimensions but subscripts 'ijk' name 3/,
    );
    expect(() => np.einsum('...,...', m, np.ones([4]))).toThrow(
      /einsum: argument 'operands\[1\]' with shape \[4\] cannot broadcast its '...' dimensions: extent 4 where the others have 3/,
    );
    expect(() => np.einsum('...i->...ii', m)).toThrow(
      /einsum: argument 'subscripts' expected an output with distinct labels/,
    );
    expect(() => np.einsum('...,...', m)).toThrow(
      /einsum: argument 'subscripts' names 2 operands, received 1/,
    );
    expect(() => np.einsum('...->...j', m)).toThrow(
      /einsum: output subscript 'j' does not appear in the inputs/,
    );
  });

  it('unique axis: out of range, 0-d, not an integer', () => {
    configure({ workers: 0 });
    expect(() => np.unique(np.ones([2, 2]), { axis: 2 })).toThrow(
      /unique: argument 'axis' expected an axis in \[-2, 1\] for an array of dimension 2, received 2/,
    );
    expect(() => np.unique(np.ones([2, 2]), { axis: 2 })).toThrow(IndexError);
    expect(() => np.unique([1, 2], false, false, false, -2)).toThrow(
      /unique: argument 'axis' expected an axis in \[-1, 0\] for an array of dimension 1, received -2/,
    );
    expect(() => np.unique(np.array(3), { axis: 0 })).toThrow(
      /unique: argument 'axis' expected None for a 0-d array, received 0/,
    );
    expect(() => np.unique(np.ones([2, 2]), { axis: 0.5 })).toThrow(
      /unique: argument 'axis' expected an integer, received 0.5/,
    );
    expect(() => np.unique(np.ones([2, 2]), { axis: 0, sorted: false })).toThrow(/unique: argument 'sorted'/);
  });

  it('unique axis: positional form, list input, nested list of lists (NumPy test_unique_axis_list)', () => {
    configure({ workers: 0 });
    const inp = [
      [0, 1, 0],
      [0, 1, 0],
    ];
    expect((np.unique(inp, false, false, false, 0) as np.ndarray).tolist()).toEqual([[0, 1, 0]]);
    expect((np.unique(inp, { axis: 1 }) as np.ndarray).tolist()).toEqual([
      [0, 1],
      [0, 1],
    ]);
    const [u, inv] = np.unique(inp, { axis: 1, return_inverse: true }) as np.ndarray[];
    expect(np.take(u!, inv!, 1).tolist()).toEqual(inp);
  });
});
