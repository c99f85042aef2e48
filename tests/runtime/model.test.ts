/**
 * Model-based test of the engine (CONVENTIONS.md 16): random programs of region creations,
 * partitions (tilings with random piece counts, images, overlapping strided views), launches with
 * random privileges and random task durations, reductions to futures, scalar tasks and reads.
 * Every read must equal a plain sequential model of the same program, at pool sizes 0, 1 and 2.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper, type Mapper } from '../../mapper/index.js';
import {
  align,
  broadcast,
  configure,
  createRegion,
  type Future,
  fence,
  image,
  launch,
  launchScalar,
  type Privilege,
  type Region,
  readStore,
  regionFromArray,
  Store,
} from '../../runtime/index.js';
import { K, registerModelKernels } from './model-kernels.js';

registerModelKernels();

/** A mapper whose decisions the commands set: piece count, inline pattern, worker rotation. */
class KnobMapper implements Mapper {
  pieceCount = 1;
  inlineMask = 0;
  rotate = 0;
  pieces(q: { volume: number }): number {
    return Math.max(1, Math.min(this.pieceCount, q.volume));
  }
  worker(color: number, _colors: number, workers: number): number {
    return workers > 0 ? (color + this.rotate) % workers : 0;
  }
  inline(_op: string, _bytes: number, workers: number): boolean {
    if (workers === 0) return true;
    const bit = this.inlineMask & 1;
    this.inlineMask = (this.inlineMask >>> 1) | (bit << 7);
    return bit === 1;
  }
}
const mapper = new KnobMapper();

interface Model {
  regions: Float64Array[];
  /** Per index region: its values and the float64 region it indexes. */
  indexes: { values: Int32Array; target: number }[];
  futures: number[];
}
interface Real {
  regions: Region[];
  indexes: { region: Region; target: number }[];
  futures: Future[];
}

/** A 1-D view: region, start, step (1, 2 or -1). */
interface ViewSpec {
  r: number;
  start: number;
  step: number;
}
const viewArb = fc.record({
  r: fc.nat(7),
  start: fc.nat(63),
  step: fc.constantFrom(1, 1, 2, -1),
});
const knobsArb = fc.record({
  pieces: fc.integer({ min: 1, max: 4 }),
  inlineMask: fc.nat(255),
  rotate: fc.nat(1),
  ms: fc.constantFrom(0, 0, 0, 1, 2),
});
type Knobs = { pieces: number; inlineMask: number; rotate: number; ms: number };

function setKnobs(k: Knobs): void {
  mapper.pieceCount = k.pieces;
  mapper.inlineMask = k.inlineMask;
  mapper.rotate = k.rotate;
}

/** Resolves a view spec against `n` regions of the given sizes: region, offset, stride, max length. */
function resolveView(v: ViewSpec, sizes: number[]): { r: number; off: number; stride: number; max: number } {
  const r = v.r % sizes.length;
  const n = sizes[r]!;
  const off = v.start % n;
  const max = v.step > 0 ? Math.floor((n - 1 - off) / v.step) + 1 : off + 1;
  return { r, off, stride: v.step, max };
}

const sizesOf = (m: Model) => m.regions.map((a) => a.length);

class CreateRegion implements fc.Command<Model, Real> {
  constructor(
    readonly size: number,
    readonly seed: number,
  ) {}
  check(m: Readonly<Model>) {
    return m.regions.length < 6;
  }
  run(m: Model, r: Real) {
    const vals = new Float64Array(this.size);
    for (let k = 0; k < this.size; k++) vals[k] = ((this.seed + k * 7) % 11) - 5;
    m.regions.push(vals.slice());
    r.regions.push(regionFromArray(vals));
  }
  toString() {
    return `create(${this.size})`;
  }
}

class CreateIndex implements fc.Command<Model, Real> {
  constructor(
    readonly target: number,
    readonly len: number,
    readonly seed: number,
  ) {}
  check(m: Readonly<Model>) {
    return m.regions.length > 0 && m.indexes.length < 4;
  }
  run(m: Model, r: Real) {
    const target = this.target % m.regions.length;
    const n = m.regions[target]!.length;
    const vals = new Int32Array(this.len);
    for (let k = 0; k < this.len; k++) vals[k] = (this.seed * (k + 3) + k * k) % n;
    m.indexes.push({ values: vals, target });
    r.indexes.push({ region: regionFromArray(vals.slice()), target });
  }
  toString() {
    return `index(${this.target}, ${this.len})`;
  }
}

const PRIVS: Privilege[] = ['read-write', 'write', 'write-discard', 'reduce'];

class Map2 implements fc.Command<Model, Real> {
  constructor(
    readonly out: ViewSpec,
    readonly inp: ViewSpec,
    readonly len: number,
    readonly priv: number,
    readonly a: number,
    readonly b: number,
    readonly k: Knobs,
  ) {}
  check(m: Readonly<Model>) {
    return m.regions.length > 0;
  }
  run(m: Model, r: Real) {
    const sizes = sizesOf(m);
    const o = resolveView(this.out, sizes);
    const x = resolveView(this.inp, sizes);
    const len = Math.min(this.len, o.max, x.max);
    const priv = PRIVS[this.priv]!;
    // write / write-discard overwrite (keep = 0); read-write and reduce fold into out.
    const keep = priv === 'read-write' || priv === 'reduce' ? 1 : 0;
    const a = priv === 'reduce' ? 1 : this.a;
    const mo = m.regions[o.r]!;
    const mx = m.regions[x.r]!;
    if (priv === 'reduce') {
      // A reduction folds through buffers (runtime/reduction.ts): the launch's reads see the
      // region as it was before the launch, even where they alias what it reduces into.
      const vals = new Float64Array(len);
      for (let i = 0; i < len; i++) vals[i] = mx[x.off + i * x.stride]!;
      for (let i = 0; i < len; i++)
        mo[o.off + i * o.stride] = mo[o.off + i * o.stride]! + (vals[i]! + this.b);
    } else
      for (let i = 0; i < len; i++) {
        const prev = keep ? mo[o.off + i * o.stride]! : 0;
        mo[o.off + i * o.stride] = a * prev + mx[x.off + i * x.stride]! + this.b;
      }
    setKnobs(this.k);
    launch({
      op: 'model.map',
      kernel: K.map,
      args: [
        {
          store: new Store(r.regions[o.r]!, [len], [o.stride], o.off),
          privilege: priv,
          ...(priv === 'reduce' ? { redop: 'sum' as const } : {}),
        },
        { store: new Store(r.regions[x.r]!, [len], [x.stride], x.off), privilege: 'read' },
      ],
      scalars: [this.k.ms, a, this.b, keep],
      constraints: [align(0, 1)],
    });
  }
  toString() {
    return `map(${JSON.stringify(this.out)} ${PRIVS[this.priv]} <- ${JSON.stringify(this.inp)}, len ${this.len}, a ${this.a}, b ${this.b}, ${JSON.stringify(this.k)})`;
  }
}

class Gather implements fc.Command<Model, Real> {
  constructor(
    readonly out: ViewSpec,
    readonly idx: number,
    readonly b: number,
    readonly k: Knobs,
  ) {}
  check(m: Readonly<Model>) {
    return m.indexes.length > 0;
  }
  run(m: Model, r: Real) {
    const ix = m.indexes[this.idx % m.indexes.length]!;
    const rix = r.indexes[this.idx % r.indexes.length]!;
    const o = resolveView(this.out, sizesOf(m));
    const len = Math.min(o.max, ix.values.length);
    const mo = m.regions[o.r]!;
    const src = m.regions[ix.target]!;
    for (let i = 0; i < len; i++) mo[o.off + i * o.stride] = src[ix.values[i]!]! + this.b;
    setKnobs(this.k);
    launch({
      op: 'model.gather',
      kernel: K.gather,
      args: [
        { store: new Store(r.regions[o.r]!, [len], [o.stride], o.off), privilege: 'write' },
        { store: new Store(rix.region, [len], [1], 0), privilege: 'read' },
        { store: Store.whole(r.regions[rix.target]!), privilege: 'read' },
      ],
      scalars: [this.k.ms, this.b],
      constraints: [align(0, 1), image(1, 2, 'point')],
    });
  }
  toString() {
    return `gather(${JSON.stringify(this.out)} <- idx ${this.idx}, ${JSON.stringify(this.k)})`;
  }
}

class Scatter implements fc.Command<Model, Real> {
  constructor(
    readonly inp: ViewSpec,
    readonly idx: number,
    readonly a: number,
    readonly k: Knobs,
  ) {}
  check(m: Readonly<Model>) {
    return m.indexes.length > 0;
  }
  run(m: Model, r: Real) {
    const ix = m.indexes[this.idx % m.indexes.length]!;
    const rix = r.indexes[this.idx % r.indexes.length]!;
    const x = resolveView(this.inp, sizesOf(m));
    const len = Math.min(x.max, ix.values.length);
    const dst = m.regions[ix.target]!;
    const mx = m.regions[x.r]!;
    for (let i = 0; i < len; i++) dst[ix.values[i]!] = mx[x.off + i * x.stride]! * this.a;
    setKnobs(this.k);
    launch({
      op: 'model.scatter',
      kernel: K.scatter,
      args: [
        { store: new Store(rix.region, [len], [1], 0), privilege: 'read' },
        { store: new Store(r.regions[x.r]!, [len], [x.stride], x.off), privilege: 'read' },
        { store: Store.whole(r.regions[rix.target]!), privilege: 'write' },
      ],
      scalars: [this.k.ms, this.a],
      constraints: [align(0, 1), image(0, 2, 'point')],
      key: 0,
    });
  }
  toString() {
    return `scatter(idx ${this.idx} <- ${JSON.stringify(this.inp)}, ${JSON.stringify(this.k)})`;
  }
}

class Bcast implements fc.Command<Model, Real> {
  constructor(
    readonly out: ViewSpec,
    readonly inp: ViewSpec,
    readonly len: number,
    readonly k: Knobs,
  ) {}
  check(m: Readonly<Model>) {
    return m.regions.length > 0;
  }
  run(m: Model, r: Real) {
    const sizes = sizesOf(m);
    const o = resolveView(this.out, sizes);
    const x = resolveView(this.inp, sizes);
    const len = Math.min(this.len, o.max);
    const xl = Math.min(this.len, x.max);
    const mo = m.regions[o.r]!;
    const mx = m.regions[x.r]!;
    // Pieces run in color order; a piece sums all of `in` when it starts. When out and in
    // overlap, later pieces see earlier pieces' writes: only test the non-aliasing case.
    if (o.r === x.r) return;
    let s = 0;
    for (let k = 0; k < xl; k++) s += mx[x.off + k * x.stride]!;
    for (let i = 0; i < len; i++) mo[o.off + i * o.stride] = mo[o.off + i * o.stride]! + s;
    setKnobs(this.k);
    launch({
      op: 'model.bcast',
      kernel: K.bcast,
      args: [
        { store: new Store(r.regions[o.r]!, [len], [o.stride], o.off), privilege: 'read-write' },
        { store: new Store(r.regions[x.r]!, [xl], [x.stride], x.off), privilege: 'read' },
      ],
      scalars: [this.k.ms],
      constraints: [broadcast(1)],
      key: 0,
    });
  }
  toString() {
    return `bcast(${JSON.stringify(this.out)} += sum ${JSON.stringify(this.inp)}, ${JSON.stringify(this.k)})`;
  }
}

const BLOCK = 4;

class Reduce implements fc.Command<Model, Real> {
  constructor(
    readonly inp: ViewSpec,
    readonly len: number,
    readonly k: Knobs,
  ) {}
  check(m: Readonly<Model>) {
    return m.regions.length > 0 && m.futures.length < 6;
  }
  run(m: Model, r: Real) {
    const x = resolveView(this.inp, sizesOf(m));
    const len = Math.min(this.len, x.max);
    const mx = m.regions[x.r]!;
    let total = 0;
    for (let b0 = 0; b0 < len; b0 += BLOCK) {
      let s = 0;
      for (let i = b0; i < Math.min(len, b0 + BLOCK); i++) s += mx[x.off + i * x.stride]!;
      total += s;
    }
    m.futures.push(total);
    setKnobs(this.k);
    r.futures.push(
      launch({
        op: 'model.sum',
        kernel: K.sum,
        args: [{ store: new Store(r.regions[x.r]!, [len], [x.stride], x.off), privilege: 'read' }],
        scalars: [this.k.ms],
        reduce: { combine: 'sum', block: BLOCK },
      }),
    );
  }
  toString() {
    return `reduce(${JSON.stringify(this.inp)}, ${this.len}, ${JSON.stringify(this.k)})`;
  }
}

class UseFuture implements fc.Command<Model, Real> {
  constructor(
    readonly out: ViewSpec,
    readonly len: number,
    readonly f: number,
    readonly g: number,
    readonly c: number,
    readonly k: Knobs,
  ) {}
  check(m: Readonly<Model>) {
    return m.futures.length > 0;
  }
  run(m: Model, r: Real) {
    const n = m.futures.length;
    // A scalar task over two futures, then a launch adding the result to a view.
    const v = m.futures[this.f % n]! * this.c - m.futures[this.g % n]!;
    m.futures.push(v);
    const fv = launchScalar(
      'model.scalar',
      K.scalar,
      [r.futures[this.f % n]!, r.futures[this.g % n]!],
      [this.c],
    );
    r.futures.push(fv);
    const o = resolveView(this.out, sizesOf(m));
    const len = Math.min(this.len, o.max);
    const mo = m.regions[o.r]!;
    for (let i = 0; i < len; i++) mo[o.off + i * o.stride] = mo[o.off + i * o.stride]! + v;
    setKnobs(this.k);
    launch({
      op: 'model.addFuture',
      kernel: K.addFuture,
      args: [{ store: new Store(r.regions[o.r]!, [len], [o.stride], o.off), privilege: 'read-write' }],
      scalars: [this.k.ms],
      futures: [fv],
    });
  }
  toString() {
    return `useFuture(${JSON.stringify(this.out)}, f${this.f} * ${this.c} - f${this.g})`;
  }
}

class Read implements fc.Command<Model, Real> {
  constructor(
    readonly v: ViewSpec,
    readonly len: number,
  ) {}
  check(m: Readonly<Model>) {
    return m.regions.length > 0;
  }
  run(m: Model, r: Real) {
    const x = resolveView(this.v, sizesOf(m));
    const len = Math.min(this.len, x.max);
    const want = new Float64Array(len);
    for (let i = 0; i < len; i++) want[i] = m.regions[x.r]![x.off + i * x.stride]!;
    const got = readStore(new Store(r.regions[x.r]!, [len], [x.stride], x.off));
    expect(Array.from(got)).toEqual(Array.from(want));
  }
  toString() {
    return `read(${JSON.stringify(this.v)}, ${this.len})`;
  }
}

class ReadFuture implements fc.Command<Model, Real> {
  constructor(readonly f: number) {}
  check(m: Readonly<Model>) {
    return m.futures.length > 0;
  }
  run(m: Model, r: Real) {
    const k = this.f % m.futures.length;
    expect(r.futures[k]!.value()).toBe(m.futures[k]!);
  }
  toString() {
    return `readFuture(${this.f})`;
  }
}

const len = fc.integer({ min: 1, max: 64 });
const small = fc.integer({ min: -2, max: 2 });
const commands = [
  fc.tuple(fc.integer({ min: 1, max: 64 }), fc.nat(100)).map(([n, s]) => new CreateRegion(n, s)),
  fc.tuple(fc.nat(7), len, fc.nat(97)).map(([t, l, s]) => new CreateIndex(t, l, s)),
  fc
    .tuple(viewArb, viewArb, len, fc.nat(3), fc.constantFrom(-1, 1), small, knobsArb)
    .map(([o, i, l, p, a, b, k]) => new Map2(o, i, l, p, a, b, k)),
  fc
    .tuple(viewArb, viewArb, len, fc.nat(3), fc.constantFrom(-1, 1), small, knobsArb)
    .map(([o, i, l, p, a, b, k]) => new Map2(o, i, l, p, a, b, k)),
  fc.tuple(viewArb, fc.nat(3), small, knobsArb).map(([o, i, b, k]) => new Gather(o, i, b, k)),
  fc
    .tuple(viewArb, fc.nat(3), fc.constantFrom(-1, 2), knobsArb)
    .map(([o, i, a, k]) => new Scatter(o, i, a, k)),
  fc.tuple(viewArb, viewArb, len, knobsArb).map(([o, i, l, k]) => new Bcast(o, i, l, k)),
  fc.tuple(viewArb, len, knobsArb).map(([i, l, k]) => new Reduce(i, l, k)),
  fc
    .tuple(viewArb, len, fc.nat(7), fc.nat(7), fc.constantFrom(-1, 2), knobsArb)
    .map(([o, l, f, g, c, k]) => new UseFuture(o, l, f, g, c, k)),
  fc.tuple(viewArb, len).map(([v, l]) => new Read(v, l)),
  fc.nat(7).map((f) => new ReadFuture(f)),
];

describe('engine: random programs equal a sequential model', () => {
  afterAll(() => {
    fence();
    configure({ workers: 0, mapper: new DefaultMapper() });
  });
  for (const workers of [0, 1, 2]) {
    it(`pool size ${workers}`, () => {
      configure({ workers, mapper });
      fc.assert(
        fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
          const model: Model = { regions: [], indexes: [], futures: [] };
          const real: Real = { regions: [], indexes: [], futures: [] };
          // Every program starts with two regions so that launches have something to work on.
          new CreateRegion(17, 3).run(model, real);
          new CreateRegion(40, 8).run(model, real);
          fc.modelRun(() => ({ model, real }), cmds);
          // Final check: every region equals the model.
          for (let k = 0; k < model.regions.length; k++) {
            expect(Array.from(readStore(Store.whole(real.regions[k]!)))).toEqual(
              Array.from(model.regions[k]!),
            );
          }
          for (let k = 0; k < model.futures.length; k++)
            expect(real.futures[k]!.value()).toBe(model.futures[k]!);
        }),
        { numRuns: 120 },
      );
    });
  }

  it('a region created but never launched on reads back as created', () => {
    configure({ workers: 2 });
    const r = createRegion('float64', 5);
    expect(Array.from(readStore(Store.whole(r)))).toEqual([0, 0, 0, 0, 0]);
  });
});
