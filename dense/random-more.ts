/**
 * The Tier 2 draws of `Generator`: `exponential`, `poisson`, `permutation`, `shuffle`, `choice`.
 * Like the rest of dense/random.ts they are counter-based (Philox2x32-10 keyed by the seed, the
 * call's stream and the global element index), so results do not depend on the worker count;
 * poisson's rejection loop draws its j-th uniform from a key derived from j. Permutations sort
 * random keys with the parallel stable argsort. The streams differ from NumPy's PCG64 (numbers are
 * not NumPy's; distributions are).
 */
import { type FuseNode, fx } from '../codegen/index.js';
import { argMessage, ensureKernel, launch, ValueError } from '../runtime/index.js';
import { alloc, type ShapeLike, shapeArg } from './alloc.js';
import { cumsum } from './cumsum.js';
import { ewise } from './ewise.js';
import { RANDOM_MORE } from './kernel-names.js';
import { ndarray } from './ndarray.js';
import type { Generator } from './random.js';
import { searchsortedCore } from './searchsorted.js';
import { denseHooks, sig } from './sig.js';
import { sortCore } from './sort.js';

/**
 * Scalars: [kind, key, stream, a]; kind 0 exponential (scale a), 1 poisson (lam a), 2 uniform
 * keys in [0, 1) (permutations). Element i, draw j uses counters (i, 2·stream) under key
 * `key + j·0x632be5ab`.
 */
ensureKernel(RANDOM_MORE, () => ({
  source: `function (t) {
  const out = t.arrays[0], o = t.offsets[0];
  const kind = t.scalars[0], key0 = t.scalars[1] >>> 0, stream = t.scalars[2], a = t.scalars[3];
  function mulhi(x, y) {
    const x0 = x & 0xffff, x1 = x >>> 16, y0 = y & 0xffff, y1 = y >>> 16;
    const t0 = x1 * y0 + ((x0 * y0) >>> 16);
    const w1 = (t0 & 0xffff) + x0 * y1;
    return (x1 * y1 + Math.floor(t0 / 65536) + Math.floor(w1 / 65536)) >>> 0;
  }
  function uniform(c0, c1, j) {
    let L = c0 >>> 0, R = c1 >>> 0, k = (key0 + Math.imul(j, 0x632be5ab)) >>> 0;
    for (let r = 0; r < 10; r++) {
      const hi = mulhi(0xd256d193, L);
      const lo = Math.imul(0xd256d193, L) >>> 0;
      L = (hi ^ k ^ R) >>> 0;
      R = lo;
      k = (k + 0x9e3779b9) >>> 0;
    }
    return ((L >>> 5) * 67108864 + (R >>> 6)) / 9007199254740992;
  }
  function lgam(x) {
    // log Γ(x) for x >= 1 (Stirling series after shifting x to >= 7)
    let s = 0;
    while (x < 7) { s -= Math.log(x); x += 1; }
    const z = 1 / (x * x);
    return s + (x - 0.5) * Math.log(x) - x + 0.9189385332046727 +
      (((-0.000595238095238 * z + 0.000793650793651) * z - 0.002777777777778) * z + 0.083333333333333) / x;
  }
  const s0 = 2 * stream;
  for (let i = t.lo[0]; i < t.hi[0]; i++) {
    let v;
    if (kind === 0) v = -Math.log(1 - uniform(i, s0, 0)) * a;
    else if (kind === 2) v = uniform(i, s0, 0);
    else if (a < 10) {
      // multiplication method (Knuth)
      const L = Math.exp(-a);
      let p = uniform(i, s0, 0), k = 0, j = 1;
      while (p > L) { p *= uniform(i, s0, j++); k++; }
      v = k;
    } else {
      // PTRS (Hörmann 1993), as NumPy's random_poisson_ptrs
      const slam = Math.sqrt(a), loglam = Math.log(a);
      const b = 0.931 + 2.53 * slam, aa = -0.059 + 0.02483 * b;
      const invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
      let j = 0;
      for (;;) {
        const U = uniform(i, s0, j++) - 0.5, V = uniform(i, s0, j++);
        const us = 0.5 - Math.abs(U);
        const k = Math.floor((2 * aa / us + b) * U + a + 0.43);
        if (us >= 0.07 && V <= vr) { v = k; break; }
        if (k < 0 || (us < 0.013 && V > us)) continue;
        if (Math.log(V) + Math.log(invalpha) - Math.log(aa / (us * us) + b) <= -a + k * loglam - lgam(k + 1)) { v = k; break; }
      }
    }
    out[o + i] = v;
  }
}`,
}));

function draw(
  g: Generator,
  fn: string,
  kind: number,
  shape: number[],
  a: number,
  dt: 'float64' | 'int32',
): ndarray {
  const out = alloc(dt, shape);
  const [key, stream] = g._stream();
  if (out.size > 0)
    launch({
      op: fn,
      kernel: RANDOM_MORE,
      args: [{ store: out.store.view([out.size], [1], out.store.offset), privilege: 'write-discard' }],
      scalars: [kind, key, stream, a],
    });
  return out;
}

/** A random permutation of `n` (int32), by a stable argsort of random keys. */
function permIndex(g: Generator, fn: string, n: number): ndarray {
  return sortCore(fn, draw(g, fn, 2, [n], 0, 'float64'), 0, true);
}

/** @internal `Generator.exponential(scale=1.0, size=None)`. */
export const gExponential = sig<(this: Generator, ...a: unknown[]) => ndarray>(
  'Generator.exponential(scale = 1.0, size: shape = None)',
  function (this: Generator, scale: number, size: ShapeLike | undefined) {
    if (typeof scale !== 'number' || !(scale >= 0) || !Number.isFinite(scale))
      throw new ValueError(argMessage('exponential', 'scale', 'a finite non-negative number', scale));
    return draw(this, 'exponential', 0, shapeArg('exponential', size ?? []), scale, 'float64');
  } as never,
);

/** @internal `Generator.poisson(lam=1.0, size=None)`. */
export const gPoisson = sig<(this: Generator, ...a: unknown[]) => ndarray>(
  'Generator.poisson(lam = 1.0, size: shape = None)',
  function (this: Generator, lam: number, size: ShapeLike | undefined) {
    if (typeof lam !== 'number' || !(lam >= 0) || lam > 1e9)
      throw new ValueError(argMessage('poisson', 'lam', 'a number in [0, 1e9]', lam));
    return draw(this, 'poisson', 1, shapeArg('poisson', size ?? []), lam, 'int32');
  } as never,
);

/** @internal `Generator.permutation(x, axis=0)`. */
export const gPermutation = sig<(this: Generator, ...a: unknown[]) => ndarray>(
  'Generator.permutation(x, axis: axis = 0)',
  function (this: Generator, x: unknown, axis: number) {
    if (typeof x === 'number') {
      if (!Number.isInteger(x) || x < 0)
        throw new ValueError(argMessage('permutation', 'x', 'a non-negative integer or an array', x));
      return permIndex(this, 'permutation', x);
    }
    const a = (x instanceof ndarray ? x : denseHooks.asarray('permutation', 'x', x)) as ndarray;
    return permuteAlong(this, 'permutation', a, axis);
  } as never,
);

function permuteAlong(g: Generator, fn: string, a: ndarray, axis: number): ndarray {
  if (a.ndim === 0)
    throw new ValueError(argMessage(fn, 'x', 'an array of at least one dimension', 'a 0-d array'));
  const nd = a.ndim;
  if (!Number.isInteger(axis) || axis < -nd || axis >= nd)
    throw new ValueError(`${fn}: axis ${axis} is out of bounds for array of dimension ${nd}`);
  const ax = axis < 0 ? axis + nd : axis;
  const idx = permIndex(g, fn, a.shape[ax]!);
  const moved = ax === 0 ? a : a.swapaxes(0, ax);
  const r = moved.get([idx]);
  return ax === 0 ? r : r.swapaxes(0, ax);
}

/** @internal `Generator.shuffle(x, axis=0)`: in place. */
export const gShuffle = sig<(this: Generator, ...a: unknown[]) => void>(
  'Generator.shuffle(x: ndarray, axis: axis = 0)',
  function (this: Generator, x: ndarray, axis: number) {
    const p = permuteAlong(this, 'shuffle', x, axis);
    x.set('...', p);
  } as never,
);

/** @internal `Generator.choice(a, size=None, replace=True, p=None, axis=0, shuffle=True)`. */
export const gChoice = sig<(this: Generator, ...a: unknown[]) => ndarray>(
  'Generator.choice(a, size: shape = None, replace: bool = True, p: array_like = None, axis: axis = 0, shuffle: bool = True)',
  function (
    this: Generator,
    aIn: unknown,
    size: ShapeLike | undefined,
    replace: boolean,
    p: ndarray | undefined,
    axis: number,
    _shuffle: boolean,
  ) {
    const fn = 'choice';
    let pool: ndarray | null = null;
    let n: number;
    if (typeof aIn === 'number') {
      if (!Number.isInteger(aIn) || aIn < 0)
        throw new ValueError(argMessage(fn, 'a', 'a non-negative integer or an array', aIn));
      n = aIn;
    } else {
      pool = (aIn instanceof ndarray ? aIn : denseHooks.asarray(fn, 'a', aIn)) as ndarray;
      if (pool.ndim === 0)
        throw new ValueError(argMessage(fn, 'a', 'a 1-D array or an integer', 'a 0-d array'));
      const nd = pool.ndim;
      if (axis < -nd || axis >= nd)
        throw new ValueError(`${fn}: axis ${axis} is out of bounds for array of dimension ${nd}`);
      n = pool.shape[axis < 0 ? axis + nd : axis]!;
    }
    const shape = shapeArg(fn, size ?? []);
    const m = shape.reduce((q, e) => q * e, 1);
    if (n === 0 && m > 0)
      throw new ValueError(`${fn}: argument 'a' cannot be empty unless no samples are taken`);
    let cdf: ndarray | null = null;
    if (p !== undefined) {
      if (p.ndim !== 1 || p.size !== n)
        throw new ValueError(argMessage(fn, 'p', `a 1-D array of ${n} probabilities`, `shape [${p.shape}]`));
      const pv = p.toArray();
      let s = 0;
      for (const x of pv) {
        if (!(x >= 0)) throw new ValueError(argMessage(fn, 'p', 'non-negative probabilities', x));
        s += x;
      }
      if (Math.abs(s - 1) > 1e-8) throw new ValueError(argMessage(fn, 'p', 'probabilities that sum to 1', s));
      cdf = cumsum(p.astype('float64'));
    }
    let idx: ndarray;
    if (replace) {
      if (cdf) {
        const u = this.random(shape.length ? [m] : [1]).multiply(cdf.get([n - 1]));
        idx = searchsortedCore(fn, cdf, u, true);
      } else idx = this.integers(0, Math.max(n, 1), [m]);
    } else {
      if (m > n)
        throw new ValueError(`${fn}: cannot take a larger sample than population when replace is false`);
      if (cdf) {
        // Weighted sampling without replacement (Efraimidis–Spirakis): the m largest u^(1/p).
        const u = draw(this, fn, 2, [n], 0, 'float64');
        const keys = ewise(fn, 'es-key', [u, p!], ['u', 'p'], null, {
          build: ([x, w]) => fxNeg(x!, w!),
        });
        idx = sortCore(fn, keys, 0, true).get(`:${m}`);
      } else idx = permIndex(this, fn, n).get(`:${m}`);
    }
    if (pool === null) return shape.length ? idx.reshape(shape) : idx.reshape([]);
    const nd = pool.ndim;
    const ax = axis < 0 ? axis + nd : axis;
    const moved = ax === 0 ? pool : pool.swapaxes(0, ax);
    const g = moved.get([shape.length ? idx.reshape(shape) : idx.reshape([])]);
    if (ax === 0 || shape.length !== 1) return g;
    return g.swapaxes(0, ax);
  } as never,
);

/** −log(u)/p: ascending order is descending u^(1/p) (zero weights sort last: +∞). */
function fxNeg(u: FuseNode, w: FuseNode): FuseNode {
  return fx.divide(fx.negative(fx.log(u)), w);
}
