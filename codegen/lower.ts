/**
 * Lowering: an index-notation assignment plus per-operand formats to kernel IR (TACO's shape). The
 * loop order follows the first sparse operand's mode order; each loop asks the operands' levels how
 * to iterate or locate, builds a merge lattice when several sparse levels meet, and places the
 * output write (assign, scalar reduction, zero-then-accumulate, accumulate, or count/fill assembly,
 * optionally appending only nonzero values).
 */
import { argError, assertInternal, CodegenError } from './errors.js';
import type { Format, Level, LevelContext } from './formats.js';
import type { Expr, Param, Stmt } from './ir.js';
import {
  assign,
  bin,
  call,
  comment,
  decl,
  forLoop,
  ifThen,
  kernel,
  load,
  neg,
  num,
  store,
  v,
  whileLoop,
} from './ir.js';
import { buildLattice } from './lattice.js';
import type { Lowered, OutputMode, Phase } from './lower-types.js';
import { flattenMul, kernelParams, product } from './lower-util.js';
import type { Access, Assignment, IndexExpr } from './notation.js';
import { accessesOf, printIndexExpr } from './notation.js';

interface State {
  readonly resolved: number;
  readonly pos: Expr;
  readonly coords: readonly Expr[];
  readonly value?: Expr;
}
type States = ReadonlyMap<number, State>;
interface Info {
  readonly acc: Access;
  readonly fmt: Format;
  readonly levelVars: readonly string[];
}

const RESERVED = new Set(['lo', 'hi', 't', 'q', 'Math']);
const simple = (e: Expr) => e.k === 'var' || e.k === 'num';
const with1 = (st: States, id: number, s: State): States => new Map(st).set(id, s);

/**
 * Lowers an assignment to kernel IR.
 * @param asg - the parsed assignment
 * @param formats - a format for every tensor
 * @param phase - `compute`, or `count`/`fill` for a sparse output assembled in two phases
 * @param name - the kernel's name
 * @param dropZeros - with `count`/`fill`: append an entry only when its value is `!== 0`
 * @returns the IR and how it writes its output
 * @throws {@link CodegenError} on a missing or mismatched format or an unsupported combination
 */
export function lower(
  asg: Assignment,
  formats: Readonly<Record<string, Format>>,
  phase: Phase,
  name: string,
  dropZeros = false,
): Lowered {
  return new Lowerer(asg, formats, phase, name, dropZeros).run();
}

class Lowerer {
  private readonly info = new Map<number, Info>();
  private readonly order: string[];
  private readonly prologue: Stmt[] = [];
  private readonly hoisted = new Set<string>();
  private readonly out: Info;
  private mode: 'direct' | 'scalar' | 'zero' | 'accumulate' = 'direct';
  private firstRed = -1;
  private patternSrc = -1;
  private appendLevel = -1;
  private outerFactors: IndexExpr[] = [];
  private innerFactors: IndexExpr[] = [];

  constructor(
    private readonly asg: Assignment,
    formats: Readonly<Record<string, Format>>,
    private readonly phase: Phase,
    private readonly name: string,
    private readonly dropZeros: boolean,
  ) {
    const fail = (what: string, got: unknown): never => {
      throw argError('generateKernel', 'formats', what, got);
    };
    for (const a of [asg.lhs, ...asg.accesses]) {
      if (!/^[A-Za-z][A-Za-z0-9]*$/.test(a.tensor) || RESERVED.has(a.tensor)) {
        throw argError(
          'generateKernel',
          'expr',
          'tensor names of letters and digits (not lo, hi, t, q)',
          a.tensor,
        );
      }
      const fmt = formats[a.tensor];
      if (!fmt) fail(`a format for tensor '${a.tensor}'`, Object.keys(formats));
      if (fmt!.levels.length !== a.vars.length) {
        fail(
          `a format of order ${a.vars.length} for '${a.tensor}'`,
          `${fmt!.name} of order ${fmt!.levels.length}`,
        );
      }
      this.info.set(a.id, { acc: a, fmt: fmt!, levelVars: fmt!.modeOrder.map((m) => a.vars[m]!) });
    }
    for (const x of [...asg.outVars, ...asg.reductionVars]) {
      if (!/^[a-z][a-z0-9]*$/.test(x) || RESERVED.has(x) || /^[ps]/.test(x) || this.tensorNames().has(x)) {
        throw argError(
          'generateKernel',
          'expr',
          'index names of lowercase letters and digits not starting with p or s',
          x,
        );
      }
    }
    this.out = this.info.get(asg.lhs.id)!;
    this.order = this.loopOrder();
  }

  private tensorNames(): Set<string> {
    return new Set([this.asg.lhs.tensor, ...this.asg.accesses.map((a) => a.tensor)]);
  }

  private loopOrder(): string[] {
    const sparse = this.asg.accesses.filter((a) => this.info.get(a.id)!.fmt.levels.some((l) => !l.locate));
    const order: string[] = [];
    const push = (x: string) => {
      if (!order.includes(x)) order.push(x);
    };
    if (sparse.length > 0) this.info.get(sparse[0]!.id)!.levelVars.forEach(push);
    for (const a of sparse.slice(1)) {
      const lv = this.info.get(a.id)!.levelVars;
      const shared = order.filter((x) => lv.includes(x));
      if (lv.filter((x) => shared.includes(x)).join() !== shared.join()) {
        throw argError(
          'generateKernel',
          'formats',
          `'${a.tensor}' stored in the mode order of '${sparse[0]!.tensor}'`,
          this.info.get(a.id)!.fmt.name,
        );
      }
    }
    this.asg.outVars.forEach(push);
    this.asg.reductionVars.forEach(push);
    return order;
  }

  private ctx(id: number, st: State, level: number): LevelContext {
    const { acc, levelVars } = this.info.get(id)!;
    const t = acc.tensor;
    const indexVar = levelVars[level]!;
    return {
      tensor: t,
      level,
      indexVar,
      parentPos: st.pos,
      parentCoords: st.coords,
      array: (s) => `${t}_${s}`,
      scalar: (s) => v(`${t}_${s}`),
      extent: () => v(`N_${indexVar}`),
      hoist: (name, init) => {
        if (!this.hoisted.has(name)) {
          this.hoisted.add(name);
          this.prologue.push(decl(name, init));
        }
        return v(name);
      },
    };
  }

  private level(id: number, st: State): Level | undefined {
    return this.info.get(id)!.fmt.levels[st.resolved];
  }

  private nextVar(id: number, st: State): string | undefined {
    return this.info.get(id)!.levelVars[st.resolved];
  }

  private posName(id: number, level: number, prefix = 'p'): string {
    const { acc, fmt } = this.info.get(id)!;
    const repeated = this.asg.accesses.filter((a) => a.tensor === acc.tensor).length > 1;
    return `${prefix}${acc.tensor}${level === fmt.levels.length - 1 ? '' : level}${repeated ? `_${id}` : ''}`;
  }

  private valuesName(id: number): string {
    const { acc, fmt } = this.info.get(id)!;
    return fmt.valuesSuffix ? `${acc.tensor}_${fmt.valuesSuffix}` : acc.tensor;
  }

  private planOutput(): void {
    const { outVars, reductionVars, rhs } = this.asg;
    const outLevels = this.out.fmt.levels;
    const sparseOut = outLevels.some((l) => !l.locate);
    this.firstRed = this.order.findIndex((x) => reductionVars.includes(x));
    const nonUnique =
      !sparseOut &&
      outVars.some((x) => {
        const driver = this.asg.accesses.find((a) => {
          const inf = this.info.get(a.id)!;
          const l = inf.levelVars.indexOf(x);
          return l >= 0 && !inf.fmt.levels[l]!.locate;
        });
        if (!driver) return false;
        const inf = this.info.get(driver.id)!;
        return !inf.fmt.levels[inf.levelVars.indexOf(x)]!.properties.unique;
      });
    const lateOut = this.firstRed >= 0 && outVars.some((x) => this.order.indexOf(x) > this.firstRed);
    if (nonUnique || this.firstRed === 0) this.mode = 'accumulate';
    else if (this.firstRed < 0) this.mode = 'direct';
    else this.mode = lateOut ? 'zero' : 'scalar';
    if (this.phase !== 'compute') {
      const last = outLevels.length - 1;
      const ok = sparseOut && outLevels[last]!.appendInit && outLevels.slice(0, last).every((l) => l.locate);
      if (!ok) throw argError('generateKernel', 'opts.phase', "'compute' for a dense output", this.phase);
      if (this.mode !== 'direct') {
        throw new CodegenError(
          `generateKernel: phase '${this.phase}' supports element-wise expressions without sums; received '${printIndexExpr(rhs)}'`,
        );
      }
      this.appendLevel = last;
    } else if (sparseOut) {
      const factors = flattenMul(rhs);
      const key = (id: number) => `${this.info.get(id)!.fmt.name}:${this.info.get(id)!.levelVars.join()}`;
      const src = factors.find((f) => f.k === 'access' && key(f.id) === key(this.asg.lhs.id));
      if (src?.k !== 'access' || this.mode === 'zero' || this.mode === 'accumulate') {
        throw argError(
          'generateKernel',
          'opts.phase',
          `'count' and 'fill' for sparse output '${this.asg.lhs.tensor}' (or a factor with its pattern)`,
          this.phase,
        );
      }
      this.patternSrc = src.id;
    }
    if (this.mode === 'scalar') {
      const factors = flattenMul(rhs);
      if (factors.some((f) => f.k !== 'access')) {
        throw new CodegenError(
          `generateKernel: sums over ${reductionVars.join(',')} need a product on the right; received '${printIndexExpr(rhs)}'`,
        );
      }
      const hasRed = (f: IndexExpr) => f.k === 'access' && f.vars.some((x) => reductionVars.includes(x));
      this.outerFactors = factors.filter((f) => !hasRed(f));
      this.innerFactors = factors.filter(hasRed);
    }
  }

  run(): Lowered {
    this.planOutput();
    const st: States = new Map(
      [...this.info.keys()].map((id) => [id, { resolved: 0, pos: num(0), coords: [] }]),
    );
    const body = this.at(0, this.asg.rhs, this.locateAll(st, new Set(), this.asg.rhs, this.prologue));
    const fmtNote = [...this.info.values()].map((i) => `${i.acc.tensor}: ${i.fmt.name}`);
    const uniq = [...new Set(fmtNote)].join(', ');
    const output: OutputMode =
      this.phase !== 'compute' ? this.phase : this.mode === 'accumulate' ? 'accumulate' : 'assign';
    const all = [
      comment(
        `${printIndexExpr(this.asg.lhs)} = ${printIndexExpr(this.asg.rhs)}  (${uniq}; phase ${this.phase}; output ${output}${this.dropZeros ? '; zeros dropped' : ''})`,
      ),
      ...this.prologue,
      ...body,
    ];
    const ir = kernel(this.name, this.params(all), all);
    const top = this.asg.accesses.find((a) => this.info.get(a.id)!.levelVars[0] === this.order[0]);
    const topInfo = top ? this.info.get(top.id)! : this.out;
    const topLevel = topInfo.fmt.levels[0]!;
    return {
      ir,
      output,
      piece: {
        indexVar: this.order[0]!,
        over: topLevel.locate ? 'coordinates' : 'positions',
        tensor: topInfo.acc.tensor,
      },
    };
  }

  private params(body: readonly Stmt[]): Param[] {
    const operands = [...this.asg.accesses, this.asg.lhs].map((a) => {
      const inf = this.info.get(a.id)!;
      return { tensor: a.tensor, levels: inf.fmt.levels, values: this.valuesName(a.id) };
    });
    return kernelParams(body, operands, this.order);
  }

  /** Resolves every level that can be located now (its variable bound, its parents resolved). */
  private locateAll(
    st: States,
    bound: ReadonlySet<string>,
    e: IndexExpr | null,
    stmts: Stmt[],
    d = -1,
  ): States {
    const ids = [...(e ? accessesOf(e).map((a) => a.id) : []), this.asg.lhs.id];
    let next = st;
    for (const id of ids) {
      let s = next.get(id)!;
      for (;;) {
        const x = this.nextVar(id, s);
        const lvl = this.level(id, s);
        if (x === undefined || !lvl?.locate || !bound.has(x)) break;
        if (id === this.asg.lhs.id && (this.patternSrc >= 0 || s.resolved === this.appendLevel)) break;
        let pos = lvl.locate(this.ctx(id, s, s.resolved), v(x));
        if (!simple(pos)) {
          const pn = this.posName(id, s.resolved);
          stmts.push(decl(pn, pos));
          pos = v(pn);
        }
        s = { resolved: s.resolved + 1, pos, coords: [...s.coords, v(x)] };
      }
      next = with1(next, id, this.hoistValue(id, s, stmts, d));
    }
    return next;
  }

  /** Loads a fully resolved operand's value into a const when loops remain below. */
  private hoistValue(id: number, s: State, stmts: Stmt[], d: number): State {
    const inf = this.info.get(id)!;
    if (id === this.asg.lhs.id || s.value || s.resolved < inf.fmt.levels.length) return s;
    if ((this.phase === 'count' && !this.dropZeros) || d >= this.order.length - 1) return s;
    const name = this.posName(id, inf.fmt.levels.length - 1, 'v');
    stmts.push(decl(name, load(this.valuesName(id), s.pos)));
    return { ...s, value: v(name) };
  }

  private valueOf(e: IndexExpr, st: States): Expr {
    switch (e.k) {
      case 'access': {
        const s = st.get(e.id)!;
        assertInternal(s.resolved === this.info.get(e.id)!.fmt.levels.length, `${e.tensor} unresolved`);
        return s.value ?? load(this.valuesName(e.id), s.pos);
      }
      case 'neg':
        return neg(this.valueOf(e.a, st));
      case 'mul':
        return bin('*', this.valueOf(e.a, st), this.valueOf(e.b, st));
      default:
        return bin(e.k === 'add' ? '+' : '-', this.valueOf(e.a, st), this.valueOf(e.b, st));
    }
  }

  private outPos(st: States): Expr {
    if (this.patternSrc >= 0) return st.get(this.patternSrc)!.pos;
    const s = st.get(this.asg.lhs.id)!;
    if (this.appendLevel >= 0) return this.out.fmt.levels[this.appendLevel]!.appendPos!('q');
    assertInternal(s.resolved === this.out.fmt.levels.length, 'output unresolved');
    return s.pos;
  }

  private outCtx(st: States, level: number): LevelContext {
    return this.ctx(this.asg.lhs.id, st.get(this.asg.lhs.id)!, level);
  }

  /** The innermost body: every variable bound. */
  private innermost(e: IndexExpr, st: States): Stmt[] {
    for (const a of accessesOf(e)) {
      const s = st.get(a.id)!;
      if (s.resolved < this.info.get(a.id)!.fmt.levels.length) {
        throw argError(
          'generateKernel',
          'formats',
          `'${a.tensor}' iterable in loop order ${this.order.join(',')}`,
          this.info.get(a.id)!.fmt.name,
        );
      }
    }
    const outVals = this.valuesName(this.asg.lhs.id);
    if (this.appendLevel >= 0) {
      const lvl = this.out.fmt.levels[this.appendLevel]!;
      const coord = v(this.out.levelVars[this.appendLevel]!);
      const ctx = this.outCtx(st, this.appendLevel);
      const edge = lvl.appendEdge!(ctx, this.phase as 'count' | 'fill', 'q', coord);
      if (this.dropZeros) {
        // Both phases compute the value (in float64) and append it only when it is not zero, so the
        // counts and the filled entries agree; the store rounds to the output's dtype afterwards.
        const kept = this.phase === 'fill' ? [store(outVals, lvl.appendPos!('q'), v('t')), ...edge] : edge;
        return [decl('t', this.valueOf(e, st)), ifThen(bin('!==', v('t'), num(0)), kept)];
      }
      const vals = this.phase === 'fill' ? [store(outVals, lvl.appendPos!('q'), this.valueOf(e, st))] : [];
      return [...vals, ...edge];
    }
    if (this.mode === 'scalar') return [assign('t', this.valueOf(product(this.innerFactors), st), '+=')];
    const op = this.mode === 'direct' ? '=' : '+=';
    return [store(outVals, this.outPos(st), this.valueOf(e, st), op)];
  }

  /** Statements wrapped around the loop at depth `d` (accumulators, zeroing, assembly cursors). */
  private around(d: number, st: States, inner: Stmt[]): Stmt[] {
    let pre: Stmt[] = [];
    let post: Stmt[] = [];
    if (this.appendLevel >= 0 && this.order.indexOf(this.out.levelVars[this.appendLevel]!) === d) {
      const lvl = this.out.fmt.levels[this.appendLevel]!;
      const ctx = this.outCtx(st, this.appendLevel);
      const ph = this.phase as 'count' | 'fill';
      pre = lvl.appendInit!(ctx, ph, 'q');
      post = lvl.appendFinish!(ctx, ph, 'q');
    }
    if (d === this.firstRed && this.mode === 'scalar') {
      pre = [...pre, decl('t', num(0), true)];
      const outer = this.outerFactors.length > 0 ? this.valueOf(product(this.outerFactors), st) : undefined;
      const outVals = this.valuesName(this.asg.lhs.id);
      post = [store(outVals, this.outPos(st), outer ? bin('*', outer, v('t')) : v('t')), ...post];
    }
    if (d === this.firstRed && this.mode === 'zero') pre = [...pre, ...this.zeroLoops(d, st)];
    return [...pre, ...inner, ...post];
  }

  private zeroLoops(d: number, st: States): Stmt[] {
    const rest = this.order.slice(d).filter((x) => this.asg.outVars.includes(x));
    const bound = new Set(this.order.slice(0, d));
    const build = (k: number, s: States): Stmt[] => {
      if (k === rest.length) {
        return [store(this.valuesName(this.asg.lhs.id), this.outPos(s), num(0))];
      }
      const x = rest[k]!;
      bound.add(x);
      const body: Stmt[] = [];
      const s2 = this.locateAll(s, bound, null, body);
      const os = s.get(this.asg.lhs.id)!;
      const lvl = this.level(this.asg.lhs.id, os);
      if (!lvl?.coordIterBounds)
        throw argError('generateKernel', 'formats', 'a dense output for this loop order', this.out.fmt.name);
      const [lo, hi] = lvl.coordIterBounds(this.outCtx(s, os.resolved));
      return [forLoop(x, lo, hi, [...body, ...build(k + 1, s2)])];
    };
    return build(0, st);
  }

  /** Lowers the loop at depth `d` and everything inside it. */
  private at(d: number, e: IndexExpr, st: States): Stmt[] {
    if (d === this.order.length) return this.innermost(e, st);
    const x = this.order[d]!;
    const live = accessesOf(e).map((a) => a.id);
    const iters = live.filter((id) => {
      const s = st.get(id)!;
      return this.nextVar(id, s) === x && !this.level(id, s)!.locate;
    });
    const bound = new Set(this.order.slice(0, d + 1));
    if (iters.length === 0) {
      let bounds: readonly [Expr, Expr] | undefined = d === 0 ? [v('lo'), v('hi')] : undefined;
      for (const id of [...live, this.asg.lhs.id]) {
        const s = st.get(id)!;
        const lvl = this.level(id, s);
        if (!bounds && this.nextVar(id, s) === x && lvl?.coordIterBounds)
          bounds = lvl.coordIterBounds(this.ctx(id, s, s.resolved));
      }
      bounds ??= [num(0), v(`N_${x}`)];
      const body: Stmt[] = [];
      const st2 = this.locateAll(st, bound, e, body, d);
      return this.around(d, st, [forLoop(x, bounds[0], bounds[1], [...body, ...this.at(d + 1, e, st2)])]);
    }
    const isIter = (a: Access) => iters.includes(a.id);
    const lattice = buildLattice(e, isIter);
    if (lattice.some((p) => p.iters.length === 0)) {
      throw new CodegenError(
        `generateKernel: a union of sparse and dense operands over '${x}' is not supported; received '${printIndexExpr(e)}'`,
      );
    }
    if (lattice.length === 1 && lattice[0]!.iters.length === 1)
      return this.around(d, st, this.single(d, e, st, iters[0]!, bound));
    if (d === 0)
      throw new CodegenError(
        `generateKernel: the outermost loop '${x}' cannot merge several sparse operands`,
      );
    return this.around(d, st, this.merge(d, lattice, st, iters, bound));
  }

  /** One sparse iterator: a position loop (or a binding, for a branchless level). */
  private single(d: number, e: IndexExpr, st: States, id: number, bound: ReadonlySet<string>): Stmt[] {
    const x = this.order[d]!;
    const s = st.get(id)!;
    const lvl = this.level(id, s)!;
    const ctx = this.ctx(id, s, s.resolved);
    const pn = this.posName(id, s.resolved);
    const probe = lvl.posIterAccess!(ctx, v(pn)).pos(v(x));
    const seg = probe.k === 'var' && probe.name === pn ? pn : this.posName(id, s.resolved, 's');
    const acc = lvl.posIterAccess!(ctx, lvl.properties.branchless ? s.pos : v(seg));
    const body: Stmt[] = [decl(x, acc.coord)];
    let pos = acc.pos(v(x));
    if (!simple(pos)) {
      body.push(decl(pn, pos));
      pos = v(pn);
    }
    const st1 = with1(st, id, { resolved: s.resolved + 1, pos, coords: [...s.coords, v(x)] });
    const inner: Stmt[] = [];
    const st2 = this.locateAll(st1, bound, e, inner, d);
    inner.push(...this.at(d + 1, e, st2));
    if (acc.guard) body.push(ifThen(acc.guard(v(x)), inner));
    else body.push(...inner);
    if (lvl.properties.branchless) return body;
    const pre: Stmt[] = [];
    let [lo, hi] = d === 0 ? [v('lo'), v('hi')] : lvl.posIterBounds!(ctx);
    if (!simple(hi)) {
      pre.push(decl(`${seg}End`, hi));
      hi = v(`${seg}End`);
    }
    return [...pre, forLoop(seg, lo, hi, body)];
  }

  /** Several sparse iterators: TACO's while-loop merge, one loop per lattice point. */
  private merge(
    d: number,
    lattice: readonly { iters: readonly number[]; expr: IndexExpr }[],
    st: States,
    iters: readonly number[],
    bound: ReadonlySet<string>,
  ): Stmt[] {
    const x = this.order[d]!;
    const out: Stmt[] = [];
    const pn = new Map<number, string>();
    for (const id of iters) {
      const s = st.get(id)!;
      const lvl = this.level(id, s)!;
      const p = lvl.properties;
      if (!p.ordered || !p.unique || p.branchless || !lvl.posIterBounds) {
        throw argError(
          'generateKernel',
          'formats',
          `ordered unique compressed levels to merge over '${x}'`,
          this.info.get(id)!.fmt.name,
        );
      }
      const [lo, hi] = lvl.posIterBounds(this.ctx(id, s, s.resolved));
      const name = this.posName(id, s.resolved);
      pn.set(id, name);
      out.push(decl(name, lo, true), decl(`${name}End`, hi));
    }
    const crdName = (id: number) => `${x}${this.info.get(id)!.acc.tensor}${pn.get(id)!.slice(2)}`;
    for (const point of lattice) {
      const body: Stmt[] = [];
      for (const id of point.iters) {
        const s = st.get(id)!;
        const acc = this.level(id, s)!.posIterAccess!(this.ctx(id, s, s.resolved), v(pn.get(id)!));
        body.push(decl(point.iters.length > 1 ? crdName(id) : x, acc.coord));
      }
      if (point.iters.length > 1) {
        body.push(
          decl(
            x,
            point.iters.map((id) => v(crdName(id))).reduce((a, b) => call('Math.min', [a, b])),
          ),
        );
      }
      const at = (id: number) => (point.iters.length > 1 ? bin('===', v(crdName(id)), v(x)) : num(1));
      // Cases: the points below this one, largest first; each runs when all its iterators sit at x.
      const cases = lattice.filter((q) => q.iters.every((id) => point.iters.includes(id)));
      let chain: Stmt[] = [];
      for (const q of [...cases].reverse()) {
        let st1 = st;
        for (const id of q.iters) {
          const s = st.get(id)!;
          st1 = with1(st1, id, {
            resolved: s.resolved + 1,
            pos: v(pn.get(id)!),
            coords: [...s.coords, v(x)],
          });
        }
        const caseBody: Stmt[] = [];
        const st2 = this.locateAll(st1, bound, q.expr, caseBody, d);
        caseBody.push(...this.at(d + 1, q.expr, st2));
        const cond = q.iters.map(at).reduce((a, b) => bin('&&', a, b));
        chain = cond.k === 'num' ? caseBody : [ifThen(cond, caseBody, chain)];
      }
      body.push(...chain);
      for (const id of point.iters) {
        const inc = assign(pn.get(id)!, num(1), '+=');
        body.push(point.iters.length > 1 ? ifThen(at(id), [inc]) : inc);
      }
      const cond = point.iters
        .map((id) => bin('<', v(pn.get(id)!), v(`${pn.get(id)!}End`)))
        .reduce((a, b) => bin('&&', a, b));
      out.push(whileLoop(cond, body));
    }
    return out;
  }
}
