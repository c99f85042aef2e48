/**
 * Every operation with a 2-D (or higher) result, run with pieces as small as the mapper can cut
 * them (a 2-D output tiled by rows AND columns, several pieces per worker) at 2 workers, must give
 * bitwise the result of the inline run. A kernel that treats its piece as whole rows (reading only
 * `lo[0]`/`hi[0]` of a 2-D written argument) fails here: two column tiles of the same rows would
 * write the same elements at once, or twice. The sparse → dense kernels had exactly that fault.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

type Res = np.ndarray | sp.sparray | number;

function bits(r: Res): number[] {
  if (typeof r === 'number') return [r];
  const d = (r instanceof np.ndarray ? r : (r as sp.sparray).toarray()) as np.ndarray;
  return [...d.shape, ...Array.from(d.astype('float64').toArray() as Float64Array)];
}

/** A deterministic m × n matrix with a few exact zeros. */
function mat(m: number, n: number, seed: number): np.ndarray {
  const v = Array.from({ length: m * n }, (_, q) => (((q * 7919 + seed * 104729) % 97) - 40) / 8);
  return np.array(v).reshape(m, n);
}

function smat(m: number, n: number, seed: number): sp.csr_array {
  const d = mat(m, n, seed);
  const keep = np.greater(np.abs(d), 3);
  return sp.csr_array(np.where(keep, d, 0));
}

const SHAPES: [number, number][] = [
  [3, 40],
  [17, 23],
  [40, 5],
  [1, 64],
];

/** name → operation on (m, n); each returns a result with at least one 2-D dense piece. */
const CASES: Record<string, (m: number, n: number) => Res> = {
  add: (m, n) => np.add(mat(m, n, 1), mat(m, n, 2)),
  'broadcast row': (m, n) => np.multiply(mat(m, n, 1), mat(1, n, 3)),
  'broadcast column': (m, n) => np.subtract(mat(m, n, 1), mat(m, 1, 4)),
  'fused expression': (m, n) =>
    mat(m, n, 1)
      .multiply(2.5)
      .add(mat(m, n, 2).multiply(0.5))
      .subtract(1),
  'transpose copy': (m, n) => mat(m, n, 5).T.copy(),
  'strided view copy': (m, n) =>
    mat(m, 2 * n, 6)
      .get([':', np.slice(null, null, 2)])
      .copy(),
  exp: (m, n) => np.exp(mat(m, n, 7).multiply(0.1)),
  where: (m, n) => np.where(np.greater(mat(m, n, 1), 0), mat(m, n, 2), -1),
  clip: (m, n) => np.clip(mat(m, n, 8), -1, 1),
  'sum axis 0': (m, n) => np.sum(mat(m, n, 9), { axis: 0 }),
  'sum axis 1': (m, n) => np.sum(mat(m, n, 9), { axis: 1 }),
  'max axis 0': (m, n) => np.max(mat(m, n, 10), { axis: 0 }),
  'argmin axis 1': (m, n) => np.argmin(mat(m, n, 11), { axis: 1 }),
  'cumsum axis 0': (m, n) => np.cumsum(mat(m, n, 12), { axis: 0 }),
  'cumsum axis 1': (m, n) => np.cumsum(mat(m, n, 12), { axis: 1 }),
  'sort axis 1': (m, n) => np.sort(mat(m, n, 13), { axis: 1 }),
  'sort axis 0': (m, n) => np.sort(mat(m, n, 13), { axis: 0 }),
  'argsort axis 1': (m, n) => np.argsort(mat(m, n, 14), { axis: 1 }),
  matmul: (m, n) => np.matmul(mat(m, 9, 15), mat(9, n, 16)),
  'matmul transposed': (m, n) => np.matmul(mat(9, m, 15).T, mat(n, 9, 16).T),
  outer: (m, n) => np.outer(mat(1, m, 17).ravel(), mat(1, n, 18).ravel()),
  concatenate: (m, n) => np.concatenate([mat(m, n, 1), mat(m, n, 2)], { axis: 1 }),
  stack: (m, n) => np.stack([mat(m, n, 1), mat(m, n, 2)], { axis: 1 }),
  tile: (m, n) => np.tile(mat(m, n, 3), [2, 2]),
  repeat: (m, n) => np.repeat(mat(m, n, 3), 2, { axis: 1 }),
  flip: (m, n) => np.flip(mat(m, n, 4), { axis: 1 }),
  roll: (m, n) => np.roll(mat(m, n, 4), 3, { axis: 1 }),
  diff: (m, n) => np.diff(mat(m, n, 5), { axis: 1 }),
  einsum: (m, n) => np.einsum('ij,jk->ik', mat(m, 6, 1), mat(6, n, 2)),
  'set columns': (m, n) => {
    const a = mat(m, n, 1);
    a.set([':', np.slice(1, null, 2)], -7);
    return a;
  },
  'sparse toarray': (m, n) => smat(m, n, 1).toarray(),
  'csc toarray': (m, n) => smat(m, n, 2).tocsc().toarray(),
  'coo toarray': (m, n) => smat(m, n, 3).tocoo().toarray(),
  'dia toarray': (m, n) => smat(m, n, 4).todia().toarray(),
  'sparse + dense': (m, n) => smat(m, n, 5).add(mat(m, n, 6)) as np.ndarray,
  'sparse * dense': (m, n) => smat(m, n, 5).multiply(mat(m, n, 6)) as Res,
  'SpMM csr': (m, n) => smat(m, 11, 7).dot(mat(11, n, 8)) as np.ndarray,
  'SpMM csc': (m, n) =>
    smat(m, 11, 7)
      .tocsc()
      .dot(mat(11, n, 8)) as np.ndarray,
  'dense @ sparse': (m, n) => np.matmul(mat(m, 11, 9), smat(11, n, 10).toarray()),
  'sparse kron': (m, n) => sp.kron(smat(m, 2, 1), smat(2, n, 2)),
  'sparse hstack': (m, n) => sp.hstack([smat(m, n, 1), smat(m, n, 2)]),
  'sparse tril': (m, n) => sp.tril(smat(m, n, 3)),
  'sparse transpose': (m, n) => smat(m, n, 4).T.tocsr(),
  'sparse sum axis 0': (m, n) => smat(m, n, 5).sum({ axis: 0 }) as Res,
  'sparse @ sparse': (m, n) => smat(m, 13, 6).dot(smat(13, n, 7)) as sp.sparray,
  bsr: (m, n) =>
    sp.bsr_array(smat(2 * m, 2 * n, 8), { blocksize: [2, 2] }).dot(mat(2 * n, 3, 9)) as np.ndarray,
};

function run(name: string, f: () => number[]): number[] {
  try {
    return f();
  } catch (e) {
    throw new Error(`${name}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

describe('results tiled in both dimensions equal the inline run bitwise', () => {
  const want = new Map<string, number[]>();
  it('computes the inline references', () => {
    configure({ workers: 0, mapper: new DefaultMapper() });
    for (const [name, f] of Object.entries(CASES))
      for (const [m, n] of SHAPES)
        want.set(
          `${name} ${m}x${n}`,
          run(name, () => bits(f(m, n))),
        );
  });
  it.each([1, 2])('tiny pieces at %i workers, three times over', (workers) => {
    configure({
      workers,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
    });
    const failed: string[] = [];
    for (let rep = 0; rep < 3; rep++)
      for (const [name, f] of Object.entries(CASES))
        for (const [m, n] of SHAPES) {
          const key = `${name} ${m}x${n}`;
          const got = run(name, () => bits(f(m, n)));
          const ref = want.get(key)!;
          if (got.length !== ref.length || got.some((x, q) => !Object.is(x, ref[q]))) failed.push(key);
        }
    expect([...new Set(failed)]).toEqual([]);
  });
});
