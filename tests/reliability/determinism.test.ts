/**
 * Determinism: the same program — element-wise work, seeded random numbers, reductions (sum, dot,
 * norm, mean, an axis sum) and a short CG on 2-D Poisson — gives bitwise-identical results at pool
 * sizes 0, 1 and 2 and when repeated. Compared by typed-array bytes and Object.is, never by
 * tolerance. The rule that makes this hold is in runtime/README.md ("Deterministic reductions").
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DEFAULT_REDUCTION_BLOCK } from '../../runtime/index.js';
import { cg } from '../../sparse/linalg/index.js';
import { poisson2d, poissonRhs } from './poisson.js';

const N = 300_000; // ~73 reduction blocks of 4096: many pieces on 1 and 2 workers
const NX = 160; // 25,600 unknowns

interface Outcome {
  scalars: number[];
  arrays: Uint8Array[];
}

const bytes = (a: np.ndarray) => {
  const t = a.toArray() as Float64Array | Int32Array;
  return new Uint8Array(t.buffer.slice(t.byteOffset, t.byteOffset + t.byteLength));
};

function program(): Outcome {
  const rng = np.random.default_rng(2024);
  const x = rng.standard_normal([N]);
  const y = rng.uniform(-1, 1, [N]);
  const k = rng.integers(0, 1000, [N]);
  const z = np.add(np.multiply(x, 1.5), np.divide(np.sin(y), np.add(np.abs(x), 1)));
  const A = poisson2d(NX);
  const [sol, info] = cg(A, poissonRhs(NX), { maxiter: 40, rtol: 1e-14 });
  return {
    scalars: [
      np.sum(z).item() as number,
      np.dot(x, y).item() as number,
      np.linalg.norm(z).item() as number,
      np.mean(x).item() as number,
      np.var(y).item() as number,
      np.sum(k).item() as number,
      np.max(z).item() as number,
      info,
    ],
    arrays: [
      bytes(x),
      bytes(y),
      bytes(k),
      bytes(z),
      bytes(np.sum(z.reshape([600, 500]), { axis: 0 })),
      bytes(sol),
    ],
  };
}

function expectIdentical(got: Outcome, want: Outcome, label: string): void {
  expect(got.scalars.length).toBe(want.scalars.length);
  got.scalars.forEach((v, i) => {
    expect(Object.is(v, want.scalars[i]), `${label}: scalar ${i}: ${v} vs ${want.scalars[i]}`).toBe(true);
  });
  got.arrays.forEach((a, i) => {
    expect(a.length, `${label}: array ${i} length`).toBe(want.arrays[i]!.length);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(want.arrays[i]!)), `${label}: array ${i} bytes`).toBe(
      0,
    );
  });
}

describe('bitwise determinism across pool sizes and repeats', () => {
  afterAll(() => configure({ workers: 2 }));

  it('uses more reduction blocks than workers (else the test would prove little)', () => {
    expect(DEFAULT_REDUCTION_BLOCK).toBe(4096);
    expect(N / DEFAULT_REDUCTION_BLOCK).toBeGreaterThan(16);
  });

  it('the same program gives the same bits at 0, 1 and 2 workers, twice each', () => {
    configure({ workers: 0 });
    const ref = program();
    // The CG ran (not an instant exit), and the reductions are ordinary numbers.
    expect(ref.scalars[7]).toBe(40);
    expect(ref.scalars.every(Number.isFinite)).toBe(true);
    expectIdentical(program(), ref, 'workers 0, repeat');
    for (const workers of [1, 2]) {
      configure({ workers });
      expectIdentical(program(), ref, `workers ${workers}`);
      expectIdentical(program(), ref, `workers ${workers}, repeat`);
    }
  });

  it('a different seed changes the bits (the comparison can fail)', () => {
    configure({ workers: 2 });
    const a = np.random.default_rng(1).standard_normal([1000]);
    const b = np.random.default_rng(2).standard_normal([1000]);
    expect(Buffer.compare(Buffer.from(bytes(a)), Buffer.from(bytes(b)))).not.toBe(0);
  });
});
