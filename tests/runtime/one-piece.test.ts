/**
 * The one-piece fast path (runtime/one-piece.ts): launches the mapper runs as one piece skip the
 * solver. Random dense and sparse programs (strided and reversed views, in-place updates through
 * views, 0-d futures, fresh results, shape changes mid-program, sparse structure changes) give
 * bitwise the same results with the fast path as with the solver's plans, at pool sizes 0, 1, 2;
 * a solver loop does no constraint solve and computes no footprint after its first iteration.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { DefaultMapper } from '../../mapper/index.js';
import { startDecisionLog, stopDecisionLog } from '../../runtime/decisions.js';
import { setInlinePath } from '../../runtime/engine-inline.js';
import { setPool } from '../../runtime/engine-pool.js';
import { configure, fence, partitionStats } from '../../runtime/index.js';
import { setOnePiecePath } from '../../runtime/one-piece.js';
import * as sparse from '../../sparse/index.js';
import { cg } from '../../sparse/linalg/index.js';
import { poisson2d } from '../reliability/poisson.js';

const MiB = 2 ** 20;
/** Every launch of these small programs is one piece (the default outside the test suite). */
const onePieceMapper = () => new DefaultMapper({ inlineLaunchBytes: 4 * MiB });

/**
 * Most launches one piece, every third one split in two (solver plans next to fast-path plans on
 * the same regions), and one-piece launches alternately inline and posted to a worker (so the
 * fast path's dependences order them against pool tasks). A fresh one per run: both runs take
 * the same decisions.
 */
class MixedMapper extends DefaultMapper {
  private launches = 0;
  private posts = 0;
  constructor() {
    super({ inlineLaunchBytes: 4 * MiB, share: false });
  }
  override pieces(q: Parameters<DefaultMapper['pieces']>[0]): number {
    return ++this.launches % 3 === 0 ? Math.min(2, Math.max(1, q.volume)) : 1;
  }
  override inline(_op: string, _bytes: number, workers: number, colors = 0): boolean {
    return workers === 0 || (colors === 1 && ++this.posts % 2 === 0);
  }
  /** Questions asked, in order (each launch asks each question at most once). */
  readonly asked: string[] = [];
  override startPool(bytes: number, workers: number): boolean {
    this.asked.push(`startPool ${bytes}`);
    // Now and then yes (threads start early: harmless), so both answers are passed on.
    return this.asked.length % 3 === 1 || super.startPool(bytes, workers);
  }
}
afterAll(() => {
  setOnePiecePath(true);
  configure({ workers: 0, mapper: new DefaultMapper() });
});

type Step =
  | { op: 'iaddView'; start: number; step: number; s: number }
  | { op: 'axpy'; a: number }
  | { op: 'dotScale' }
  | { op: 'sumAxis' }
  | { op: 'reverseCopy' }
  | { op: 'spmv' }
  | { op: 'updateDot'; a: number }
  | { op: 'spmvDot' }
  | { op: 'grow'; by: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('iaddView' as const),
    start: fc.nat(3),
    step: fc.constantFrom(1, 2, 3, -1, -2),
    s: fc.integer({ min: -3, max: 3 }),
  }),
  fc.record({ op: fc.constant('axpy' as const), a: fc.double({ min: -2, max: 2, noNaN: true }) }),
  fc.record({ op: fc.constant('dotScale' as const) }),
  fc.record({ op: fc.constant('sumAxis' as const) }),
  fc.record({ op: fc.constant('reverseCopy' as const) }),
  fc.record({ op: fc.constant('spmv' as const) }),
  fc.record({ op: fc.constant('updateDot' as const), a: fc.double({ min: -2, max: 2, noNaN: true }) }),
  fc.record({ op: fc.constant('spmvDot' as const) }),
  fc.record({ op: fc.constant('grow' as const), by: fc.integer({ min: 1, max: 5 }) }),
);

// Launch pairs run as one launch inside np.fuse (runtime/launch-fusion.ts): an update and the dot
// of its result, an SpMV into a vector and a dot with it (the host-scalar solvers' steps).
const updateDot = np.fuse((y: np.ndarray, a: number, x: np.ndarray) => {
  np.subtract(y, np.multiply(x, a), { out: y });
  return np.dot(y, y);
});
const spmvDot = np.fuse((A: sparse.csr_array, p: np.ndarray, q: np.ndarray) => {
  A.dot(p, { out: q });
  return np.dot(p, q);
});

/** Runs a program; returns every value it read, in order, as float64 bits. */
function run(n0: number, steps: readonly Step[]): number[][] {
  const out: number[][] = [];
  let n = n0;
  let x = np.arange(n).astype('float64').multiply(0.5);
  let y = np.linspace(-1, 1, n);
  let A = sparse.diags([np.full([n - 1], -1), np.full([n], 2.5), np.full([n - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  });
  for (const s of steps) {
    switch (s.op) {
      case 'iaddView': {
        const sl = s.step > 0 ? `${s.start}::${s.step}` : `${n - 1 - s.start}::${s.step}`;
        const v = x.get(sl);
        v.iadd(y.get(sl).multiply(s.s));
        break;
      }
      case 'axpy':
        y.iadd(x.multiply(s.a));
        break;
      case 'dotScale': {
        const d = x.dot(y); // a 0-d future feeding the next launch
        x.imul(d.divide(d.multiply(d).add(1)));
        break;
      }
      case 'sumAxis':
        out.push(Array.from(x.reshape([1, n]).sum({ axis: 1 }).toArray()));
        break;
      case 'reverseCopy':
        y = x.get('::-1').copy();
        break;
      case 'spmv':
        x = A.dot(y) as np.ndarray;
        break;
      case 'updateDot':
        out.push([updateDot(y, s.a, x).item() as number]);
        break;
      case 'spmvDot': {
        const q = np.empty([n]);
        out.push([spmvDot(A as sparse.csr_array, y, q).item() as number]);
        x = q;
        break;
      }
      case 'grow': {
        // A shape change mid-program, and a new sparse structure.
        n += s.by;
        x = np.concatenate([x, np.ones([s.by])]);
        y = np.concatenate([y, np.full([s.by], 0.25)]);
        A = sparse.diags([np.full([n - 1], 1), np.full([n], 3), np.full([n - 2], -0.5)], [-1, 0, 2], {
          format: 'csr',
        });
        break;
      }
    }
    out.push(Array.from(x.toArray()), Array.from(y.toArray()));
  }
  return out;
}

/** Bitwise: the exact doubles as strings (NaN-safe, -0 distinct). */
const bits = (rows: number[][]) =>
  rows.map((r) => r.map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(','));

describe('one-piece fast path', () => {
  for (const workers of [0, 1, 2]) {
    it(`gives bitwise the solver's results (pool size ${workers})`, () => {
      let used = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 3, max: 40 }),
          fc.array(stepArb, { minLength: 1, maxLength: 12 }),
          (n, steps) => {
            setOnePiecePath(false);
            configure({ workers, mapper: new MixedMapper() });
            const before = partitionStats().onePiece;
            const solved = run(n, steps);
            expect(partitionStats().onePiece).toBe(before);
            setOnePiecePath(true);
            configure({ workers, mapper: new MixedMapper() });
            const fast = run(n, steps);
            used += partitionStats().onePiece - before;
            expect(fast.length).toBe(solved.length);
            for (let k = 0; k < fast.length; k++)
              expect(Object.is(fast[k]!.length, solved[k]!.length)).toBe(true);
            expect(bits(fast)).toEqual(bits(solved));
          },
        ),
        { numRuns: workers === 0 ? 60 : 25 },
      );
      expect(used).toBeGreaterThan(100);
    });
  }

  for (const workers of [0, 1, 2]) {
    it(`the engine's inline path gives the general path's bits and decisions (pool size ${workers})`, () => {
      let inlined = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 3, max: 40 }),
          fc.array(stepArb, { minLength: 1, maxLength: 12 }),
          (n, steps) => {
            const once = (fast: boolean) => {
              setInlinePath(fast);
              // Both runs start without threads (the mapper's startPool question depends on it).
              fence();
              setPool(0);
              const mapper = new MixedMapper();
              configure({ workers, mapper });
              startDecisionLog();
              try {
                return { values: bits(run(n, steps)), log: stopDecisionLog(), asked: mapper.asked };
              } finally {
                stopDecisionLog();
                setInlinePath(true);
              }
            };
            const general = once(false);
            const fast = once(true);
            inlined += fast.log.filter((d) => d.endsWith(' inline')).length;
            expect(fast.values).toEqual(general.values);
            // The same inline/posted choices, slots and numbering (the mapper asked the same way).
            expect(fast.log).toEqual(general.log);
            expect(fast.asked).toEqual(general.asked);
          },
        ),
        { numRuns: workers === 0 ? 40 : 15 },
      );
      expect(inlined).toBeGreaterThan(40);
    });
  }

  it('a CG loop does no constraint solve and computes no footprint after its first iteration', () => {
    for (const workers of [0, 2]) {
      configure({ workers, mapper: onePieceMapper() });
      const A = poisson2d(16);
      const b = np.ones([256]);
      cg(A, b, { rtol: 0, atol: 0, maxiter: 3 }); // kernels and memos made
      const cost = (iters: number) => {
        const s0 = partitionStats();
        const [x] = cg(A, b, { rtol: 0, atol: 0, maxiter: iters });
        x.toArray();
        const s1 = partitionStats();
        return {
          solves: s1.solves - s0.solves,
          footprints: s1.footprintComputations - s0.footprintComputations,
          onePiece: s1.onePiece - s0.onePiece,
        };
      };
      const short = cost(5);
      const long = cost(25);
      // 20 more iterations: more one-piece launches, not one more solve or footprint table.
      expect(long.solves).toBe(short.solves);
      expect(long.footprints).toBe(short.footprints);
      expect(long.onePiece).toBeGreaterThanOrEqual(short.onePiece + 20 * 4);
    }
  });

  it('a small CG iteration is four inline launches, and x.iadd(y.multiply(2)) one', () => {
    // Issue 16 item 6: SciPy's loop makes ~5 NumPy calls per iteration; cohort's host-scalar
    // CG makes four launches (p update, SpMV with p·Ap, x update, r update with r·r), each one
    // inline piece, and no constraint solve.
    for (const workers of [0, 1, 2]) {
      configure({ workers, mapper: onePieceMapper() });
      const A = poisson2d(16);
      const b = np.ones([256]);
      cg(A, b, { rtol: 0, atol: 0, maxiter: 3 });
      const launches = (iters: number) => {
        const s0 = partitionStats();
        const [x] = cg(A, b, { rtol: 0, atol: 0, maxiter: iters });
        x.toArray();
        const s1 = partitionStats();
        return { onePiece: s1.onePiece - s0.onePiece, solves: s1.solves - s0.solves };
      };
      const short = launches(4);
      const long = launches(14);
      expect(long.onePiece - short.onePiece).toBe(10 * 4);
      expect(long.solves).toBe(short.solves);
      const x = np.zeros([1024]);
      const y = np.ones([1024]);
      x.iadd(y.multiply(2));
      const s0 = partitionStats().onePiece;
      for (let k = 0; k < 50; k++) x.iadd(y.multiply(2));
      expect(partitionStats().onePiece - s0).toBe(50);
      expect(x.get('0').item()).toBe(102);
    }
  });

  it('a malformed one-piece launch still gets the solver error', async () => {
    configure({ workers: 0, mapper: onePieceMapper() });
    const { createRegion, launch, Store, registerKernel, ConstraintError } = await import(
      '../../runtime/index.js'
    );
    registerKernel('test.onePiece.noop', () => {});
    const a = Store.whole(createRegion('float64', 4));
    const b = Store.whole(createRegion('float64', 5));
    expect(() =>
      launch({
        op: 'bad',
        kernel: 'test.onePiece.noop',
        args: [
          { store: a, privilege: 'write' },
          { store: b, privilege: 'read' },
        ],
        constraints: [{ kind: 'align', a: 0, b: 1 }],
        key: 0,
      }),
    ).toThrow(ConstraintError);
    expect(() =>
      launch({
        op: 'bad',
        kernel: 'test.onePiece.noop',
        args: [{ store: a, privilege: 'write' }],
        constraints: [{ kind: 'align', a: 0, b: 3 }],
        key: 0,
      }),
    ).toThrow(/bad: constraints \[align\(0, 3\)\] cannot all hold/);
  });
});
