/**
 * The WebAssembly back end of the kernel IR: the same kernel as {@link emitJS}, as a Wasm module
 * over the runtime's region heap (one shared memory, imported as `e.mem`). Array parameters become
 * byte offsets into that memory; scalar parameters are int32. Memory-bound loops (SpMV above all)
 * run 2–3× faster this way than as JavaScript on this machine kind: V8 checks bounds on every
 * typed-array access of a gather like `x[crd[p]]`, Wasm does not need to.
 *
 * Semantics match the JavaScript kernel bit for bit: index arithmetic is int32 (the runtime keeps
 * every region below 2^31 elements and the heap below 4 GiB), values are float64 (float32 arrays
 * are widened on load and rounded on store, as a `Float32Array` does), `+ - * /` round the same
 * way and nothing is fused. What it cannot express the same way it refuses with a
 * {@link CodegenError} (then the JavaScript kernel runs): values of integer arrays in float
 * arithmetic, integer division, uint8/bool arrays. An array length the kernel reads is an extra
 * int32 parameter, after the others ({@link wasmLengths}).
 */
import type { CodegenDType } from './dtypes.js';
import { CodegenError } from './errors.js';
import type { Expr, KernelIR, Stmt } from './ir.js';
import { f64Bytes, kernelModule, sleb, uleb } from './wasm-asm.js';
import { inductionArrays, inductionOffset, invariantIn, onlyAsIndex, unrollable } from './wasm-induction.js';

type T = 'i32' | 'f64';
type ET = T | 'num';

const I32 = 0x7f;
const F64 = 0x7c;
const OP = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load: 0x28,
  f32Load: 0x2a,
  f64Load: 0x2b,
  i32Store: 0x36,
  f32Store: 0x38,
  f64Store: 0x39,
  i32Const: 0x41,
  f64Const: 0x44,
  i32Eqz: 0x45,
  i32Eq: 0x46,
  i32Ne: 0x47,
  i32LtS: 0x48,
  i32LtU: 0x49,
  i32GtS: 0x4a,
  i32LeS: 0x4c,
  i32GeS: 0x4e,
  f64Eq: 0x61,
  f64Ne: 0x62,
  f64Lt: 0x63,
  f64Gt: 0x64,
  f64Le: 0x65,
  f64Ge: 0x66,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  i32Shl: 0x74,
  f64Neg: 0x9a,
  f64Add: 0xa0,
  f64Sub: 0xa1,
  f64Mul: 0xa2,
  f64Div: 0xa3,
  f64Min: 0xa4,
  f64Max: 0xa5,
  f64ConvertI32S: 0xb7,
  f32DemoteF64: 0xb6,
  f64PromoteF32: 0xbb,
} as const;

const unsupported = (what: string): never => {
  throw new CodegenError(`emitWasm: the kernel uses ${what}, which has no exact Wasm form here`);
};

/** Element type of each array parameter, as Wasm sees it. */
function elemOf(dt: CodegenDType): { t: T; size: number; f32: boolean } {
  if (dt === 'float64') return { t: 'f64', size: 8, f32: false };
  if (dt === 'float32') return { t: 'f64', size: 4, f32: true };
  if (dt === 'int32') return { t: 'i32', size: 4, f32: false };
  return unsupported(`a ${dt} array`);
}

/**
 * Assembles `ir` as a Wasm module exporting `kernel` (same parameter order; arrays as byte
 * offsets into the imported shared memory `e.mem`).
 * @param ir - a verified kernel
 * @param arrays - the element type of every array parameter
 * @returns the module's bytes
 * @throws {@link CodegenError} when the kernel uses something without an exact Wasm form
 * @example
 * // WebAssembly.validate(emitWasm(generateKernel('y(i) = A(i,j) * x(j)', fmts, opts).ir, types)) // true
 */
export function emitWasm(ir: KernelIR, arrays: Readonly<Record<string, CodegenDType>>): Uint8Array {
  const elems = new Map<string, ReturnType<typeof elemOf>>();
  const locals: T[] = [];
  const scopes: Map<string, { idx: number; t: T }>[] = [new Map()];
  // Arrays whose length the kernel reads get an extra int32 parameter each, after the others.
  const lens = wasmLengths(ir);
  const lenParam = new Map(lens.map((a, j) => [a, ir.params.length + j]));
  const nParams = ir.params.length + lens.length;
  for (let k = 0; k < ir.params.length; k++) {
    const p = ir.params[k]!;
    if (p.kind === 'array') {
      const dt = arrays[p.name];
      if (dt === undefined) unsupported(`an array '${p.name}' of unknown type`);
      elems.set(p.name, elemOf(dt!));
    }
    scopes[0]!.set(p.name, { idx: k, t: 'i32' });
  }
  const lookup = (n: string) => {
    for (let s = scopes.length - 1; s >= 0; s--) {
      const hit = scopes[s]!.get(n);
      if (hit !== undefined) return hit;
    }
    return unsupported(`an undeclared variable '${n}'`);
  };
  const newLocal = (n: string, t: T) => {
    const idx = nParams + locals.length;
    locals.push(t);
    scopes[scopes.length - 1]!.set(n, { idx, t });
    return idx;
  };
  const scratch = new Map<T, number>();
  const scratchLocal = (t: T) => {
    let idx = scratch.get(t);
    if (idx === undefined) {
      idx = nParams + locals.length;
      locals.push(t);
      scratch.set(t, idx);
    }
    return idx;
  };
  const arrayBase = (a: string) => {
    const p = lookup(a);
    const e = elems.get(a);
    if (e === undefined) unsupported(`'${a}' as an array`);
    return { base: p.idx, e: e! };
  };

  const typeOf = (e: Expr): ET => {
    switch (e.k) {
      case 'num':
        return 'num';
      case 'var':
        return lookup(e.name).t;
      case 'load':
        return arrayBase(e.array).e.t;
      case 'len':
        return 'i32';
      case 'neg':
        return typeOf(e.a);
      case 'call':
        return e.args.map(typeOf).reduce(join, 'num');
      case 'bin':
        if (isCompare(e.op) || e.op === '&&' || e.op === '||') return 'i32';
        return join(typeOf(e.a), typeOf(e.b));
    }
  };

  const code: number[] = [];
  const emit = (...b: number[]) => {
    for (const x of b) code.push(x);
  };
  const num = (v: number, t: T) => {
    if (t === 'i32') {
      if (!Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31) unsupported(`the index constant ${v}`);
      emit(OP.i32Const, ...sleb(v));
    } else emit(OP.f64Const, ...f64Bytes(v));
  };
  /** Byte pointers of the enclosing loops (`array` NUL `v` → its local and `v`'s local). */
  const pointers = new Map<string, { ptr: number; iv: number; bias: number }>();
  /**
   * Address of `array[index]` on the stack, less `off` bytes (the access's constant offset): a
   * loop's byte pointer for `array[v + c]` ({@link inductionArrays}), else `base + index * size`.
   */
  const address = (array: string, index: Expr) => {
    const { base, e } = arrayBase(array);
    const v =
      index.k === 'var'
        ? index
        : index.k === 'bin'
          ? [index.a, index.b].find((x) => x.k === 'var')
          : undefined;
    if (v?.k === 'var') {
      const p = pointers.get(`${array}\0${v.name}`);
      const c = inductionOffset(index, v.name);
      if (p !== undefined && c !== null && lookup(v.name).idx === p.iv) {
        emit(OP.localGet, ...uleb(p.ptr));
        return { ...e, off: uleb((c + p.bias) * e.size) };
      }
    }
    emit(OP.localGet, ...uleb(base));
    expr(index, 'i32');
    emit(OP.i32Const, e.size === 8 ? 3 : 2, OP.i32Shl, OP.i32Add);
    return { ...e, off: [0] };
  };
  /** Emits `e` as a value of type `want`. */
  const expr = (e: Expr, want: T): void => {
    const t = typeOf(e);
    if (t === 'f64' && want === 'i32') unsupported('a float value as an index');
    switch (e.k) {
      case 'num':
        num(e.value, want);
        return;
      case 'var': {
        const v = lookup(e.name);
        emit(OP.localGet, ...uleb(v.idx));
        if (v.t === 'i32' && want === 'f64') emit(OP.f64ConvertI32S);
        return;
      }
      case 'load': {
        const el = address(e.array, e.index);
        if (el.t === 'i32') {
          if (want === 'f64') unsupported('integer array values in float arithmetic');
          emit(OP.i32Load, 2, ...el.off);
        } else if (el.f32) emit(OP.f32Load, 2, ...el.off, OP.f64PromoteF32);
        else emit(OP.f64Load, 3, ...el.off);
        return;
      }
      case 'neg':
        if (want === 'i32') {
          emit(OP.i32Const, 0);
          expr(e.a, 'i32');
          emit(OP.i32Sub);
        } else {
          expr(e.a, 'f64');
          emit(OP.f64Neg);
        }
        return;
      case 'call': {
        if (e.args.length !== 2) unsupported(`${e.fn} of ${e.args.length} arguments`);
        const at: T = t === 'f64' ? 'f64' : 'i32';
        if (at === 'f64') {
          expr(e.args[0]!, 'f64');
          expr(e.args[1]!, 'f64');
          emit(e.fn === 'Math.min' ? OP.f64Min : OP.f64Max);
          return;
        }
        // select(a, b, a < b) for min
        const sa = nParams + locals.length;
        locals.push('i32');
        expr(e.args[0]!, 'i32');
        emit(OP.localTee, ...uleb(sa));
        expr(e.args[1]!, 'i32');
        const sb = nParams + locals.length;
        locals.push('i32');
        emit(OP.localTee, ...uleb(sb), OP.localGet, ...uleb(sa), OP.localGet, ...uleb(sb));
        emit(e.fn === 'Math.min' ? OP.i32LtS : OP.i32GtS, OP.select);
        if (want === 'f64') emit(OP.f64ConvertI32S);
        return;
      }
      case 'bin': {
        if (e.op === '&&' || e.op === '||') {
          // Short-circuit, as JavaScript: the right side may not be safe to evaluate.
          expr(e.a, 'i32');
          emit(OP.if, I32);
          if (e.op === '&&') {
            expr(e.b, 'i32');
            emit(OP.else, OP.i32Const, 0);
          } else {
            emit(OP.i32Const, 1, OP.else);
            expr(e.b, 'i32');
          }
          emit(OP.end);
          if (want === 'f64') emit(OP.f64ConvertI32S);
          return;
        }
        if (isCompare(e.op)) {
          const ct: T = join(typeOf(e.a), typeOf(e.b)) === 'f64' ? 'f64' : 'i32';
          expr(e.a, ct);
          expr(e.b, ct);
          emit(compareOp(e.op, ct));
          if (want === 'f64') emit(OP.f64ConvertI32S);
          return;
        }
        const at: T = t === 'f64' ? 'f64' : 'i32';
        if (at === 'i32' && e.op === '/') unsupported('integer division');
        expr(e.a, at);
        expr(e.b, at);
        emit(arithOp(e.op, at));
        if (at === 'i32' && want === 'f64') emit(OP.f64ConvertI32S);
        return;
      }
      case 'len':
        emit(OP.localGet, ...uleb(lenParam.get(e.array)!));
        if (want === 'f64') emit(OP.f64ConvertI32S);
        return;
    }
  };

  const stmts = (list: readonly Stmt[]) => {
    scopes.push(new Map());
    for (const s of list) stmt(s, list);
    scopes.pop();
  };
  const stmt = (s: Stmt, siblings: readonly Stmt[]): void => {
    switch (s.k) {
      case 'comment':
        return;
      case 'decl': {
        let t = typeOf(s.init);
        if (t === 'num')
          t = assignedType(s.name, siblings) ?? (Number.isInteger(numValue(s.init)) ? 'i32' : 'f64');
        expr(s.init, t);
        emit(OP.localSet, ...uleb(newLocal(s.name, t)));
        return;
      }
      case 'assign': {
        const v = lookup(s.name);
        if (s.op === '+=') {
          emit(OP.localGet, ...uleb(v.idx));
          expr(s.value, v.t);
          emit(v.t === 'f64' ? OP.f64Add : OP.i32Add);
        } else expr(s.value, v.t);
        emit(OP.localSet, ...uleb(v.idx));
        return;
      }
      case 'store': {
        const el = address(s.array, s.index);
        if (el.t === 'i32') {
          if (typeOf(s.value) === 'f64') unsupported('a float value stored into an integer array');
          const a = scratchLocal('i32');
          if (s.op === '+=') {
            emit(OP.localTee, ...uleb(a), OP.localGet, ...uleb(a), OP.i32Load, 2, ...el.off);
            expr(s.value, 'i32');
            emit(OP.i32Add);
          } else expr(s.value, 'i32');
          emit(OP.i32Store, 2, ...el.off);
          return;
        }
        const load = el.f32 ? [OP.f32Load, 2, ...el.off, OP.f64PromoteF32] : [OP.f64Load, 3, ...el.off];
        if (s.op === '+=') {
          const a = scratchLocal('i32');
          emit(OP.localTee, ...uleb(a), OP.localGet, ...uleb(a), ...load);
          expr(s.value, 'f64');
          emit(OP.f64Add);
        } else expr(s.value, 'f64');
        if (el.f32) emit(OP.f32DemoteF64, OP.f32Store, 2, ...el.off);
        else emit(OP.f64Store, 3, ...el.off);
        return;
      }
      case 'for': {
        scopes.push(new Map());
        const iv = newLocal(s.v, 'i32');
        expr(s.lo, 'i32');
        emit(OP.localSet, ...uleb(iv));
        const steps = inductionArrays(s.v, s.body).map((a) => {
          const { base, e } = arrayBase(a);
          const ptr = nParams + locals.length;
          locals.push('i32');
          emit(OP.localGet, ...uleb(base), OP.localGet, ...uleb(iv));
          emit(OP.i32Const, e.size === 8 ? 3 : 2, OP.i32Shl, OP.i32Add, OP.localSet, ...uleb(ptr));
          pointers.set(`${a}\0${s.v}`, { ptr, iv, bias: 0 });
          return { key: `${a}\0${s.v}`, ptr, size: e.size };
        });
        const step = (n = 1) => {
          for (const p of steps)
            emit(
              OP.localGet,
              ...uleb(p.ptr),
              OP.i32Const,
              ...sleb(n * p.size),
              OP.i32Add,
              OP.localSet,
              ...uleb(p.ptr),
            );
        };
        /** The body for the element `bias` past the pointers. */
        const bodyAt = (bias: number) => {
          for (const p of steps) pointers.get(p.key)!.bias = bias;
          stmts(s.body);
          for (const p of steps) pointers.get(p.key)!.bias = 0;
        };
        emit(OP.block, 0x40);
        emit(OP.localGet, ...uleb(iv));
        expr(s.hi, 'i32');
        emit(OP.i32GeS, OP.brIf, 0);
        if (steps.length > 0 && onlyAsIndex(s.v, s.body) && invariantIn(s.hi, s.body)) {
          // No counter: the loop ends when the narrowest pointer has moved (hi - lo) elements,
          // compared for inequality so that the count is exact even where the sum wraps.
          const test = steps.reduce((a, b) => (b.size < a.size ? b : a));
          const end = nParams + locals.length;
          locals.push('i32');
          emit(OP.localGet, ...uleb(test.ptr));
          expr(s.hi, 'i32');
          emit(OP.localGet, ...uleb(iv), OP.i32Sub, OP.i32Const, test.size === 8 ? 3 : 2, OP.i32Shl);
          emit(OP.i32Add, OP.localSet, ...uleb(end));
          if (unrollable(s.body)) {
            // Two elements per turn while two remain (same order of statements, so the same
            // results), then the odd one: fewer loop tests on short rows like a CSR row's.
            emit(OP.block, 0x40, OP.loop, 0x40);
            emit(OP.localGet, ...uleb(end), OP.localGet, ...uleb(test.ptr), OP.i32Sub);
            emit(OP.i32Const, ...sleb(2 * test.size), OP.i32LtU, OP.brIf, 1);
            bodyAt(0);
            bodyAt(1);
            step(2);
            emit(OP.br, 0, OP.end, OP.end);
            emit(OP.localGet, ...uleb(test.ptr), OP.localGet, ...uleb(end), OP.i32Ne, OP.if, 0x40);
            bodyAt(0);
            step();
            emit(OP.end);
          } else {
            emit(OP.loop, 0x40);
            stmts(s.body);
            step();
            emit(OP.localGet, ...uleb(test.ptr), OP.localGet, ...uleb(end), OP.i32Ne, OP.brIf, 0);
            emit(OP.end);
          }
        } else {
          emit(OP.loop, 0x40);
          stmts(s.body);
          emit(OP.localGet, ...uleb(iv), OP.i32Const, 1, OP.i32Add, OP.localSet, ...uleb(iv));
          step();
          emit(OP.localGet, ...uleb(iv));
          expr(s.hi, 'i32');
          emit(OP.i32LtS, OP.brIf, 0, OP.end);
        }
        emit(OP.end);
        for (const p of steps) pointers.delete(p.key);
        scopes.pop();
        return;
      }
      case 'while':
        emit(OP.block, 0x40, OP.loop, 0x40);
        expr(s.cond, 'i32');
        emit(OP.i32Eqz, OP.brIf, 1);
        stmts(s.body);
        emit(OP.br, 0, OP.end, OP.end);
        return;
      case 'if':
        expr(s.cond, 'i32');
        emit(OP.if, 0x40);
        stmts(s.thenBody);
        if (s.elseBody.length > 0) {
          emit(OP.else);
          stmts(s.elseBody);
        }
        emit(OP.end);
        return;
    }
  };
  /** The type of the values later assigned to `n` among `siblings` (and their bodies). */
  const assignedType = (n: string, siblings: readonly Stmt[]): T | undefined => {
    let found: T | undefined;
    const visit = (list: readonly Stmt[]) => {
      for (const s of list) {
        if (s.k === 'assign' && s.name === n) {
          const t = typeOf(s.value);
          if (t === 'f64' || (t === 'i32' && found === undefined)) found = t;
        } else if (s.k === 'for' || s.k === 'while') visit(s.body);
        else if (s.k === 'if') {
          visit(s.thenBody);
          visit(s.elseBody);
        }
      }
    };
    // Types of later values may need variables declared in between: declare a throwaway scope.
    scopes.push(new Map());
    try {
      visitTyped(siblings, visit);
    } finally {
      scopes.pop();
    }
    return found;
  };
  /** Runs `visit` with the declarations of `list` in scope (types only; no code is kept). */
  const visitTyped = (list: readonly Stmt[], visit: (l: readonly Stmt[]) => void) => {
    const saved = code.length;
    const savedLocals = locals.length;
    const declare = (l: readonly Stmt[]) => {
      for (const s of l) {
        if (s.k === 'decl' && typeOf(s.init) !== 'num')
          scopes[scopes.length - 1]!.set(s.name, { idx: -1, t: typeOf(s.init) as T });
        else if (s.k === 'for') {
          scopes[scopes.length - 1]!.set(s.v, { idx: -1, t: 'i32' });
          declare(s.body);
        } else if (s.k === 'while') declare(s.body);
        else if (s.k === 'if') {
          declare(s.thenBody);
          declare(s.elseBody);
        }
      }
    };
    declare(list);
    visit(list);
    code.length = saved;
    locals.length = savedLocals;
  };

  stmts(ir.body);
  emit(OP.end);

  return kernelModule(
    [...ir.params.map(() => I32), ...lens.map(() => I32)],
    locals.map((t) => (t === 'i32' ? I32 : F64)),
    code,
  );
}

/**
 * The arrays whose length a kernel reads, in parameter order: its Wasm form takes each length as
 * an extra int32 parameter after the others (a byte offset carries no length).
 * @param ir - the kernel
 * @returns their names
 * @example wasmLengths(generateKernel('y(i) = A(i,j) * x(j)', { A: DIA, x: DENSE_VECTOR, y: DENSE_VECTOR }).ir) // ['A_offsets']
 */
export function wasmLengths(ir: KernelIR): string[] {
  const used = new Set<string>();
  const ex = (e: Expr): void => {
    if (e.k === 'len') used.add(e.array);
    else if (e.k === 'load') ex(e.index);
    else if (e.k === 'neg') ex(e.a);
    else if (e.k === 'bin') {
      ex(e.a);
      ex(e.b);
    } else if (e.k === 'call') for (const a of e.args) ex(a);
  };
  const st = (l: readonly Stmt[]): void => {
    for (const s of l) {
      if (s.k === 'decl') ex(s.init);
      else if (s.k === 'assign') ex(s.value);
      else if (s.k === 'store') {
        ex(s.index);
        ex(s.value);
      } else if (s.k === 'for') {
        ex(s.lo);
        ex(s.hi);
        st(s.body);
      } else if (s.k === 'while') {
        ex(s.cond);
        st(s.body);
      } else if (s.k === 'if') {
        ex(s.cond);
        st(s.thenBody);
        st(s.elseBody);
      }
    }
  };
  st(ir.body);
  return ir.params.filter((p) => p.kind === 'array' && used.has(p.name)).map((p) => p.name);
}

function numValue(e: Expr): number {
  return e.k === 'num' ? e.value : Number.NaN;
}

function join(a: ET, b: ET): ET {
  if (a === 'f64' || b === 'f64') return 'f64';
  if (a === 'i32' || b === 'i32') return 'i32';
  return 'num';
}

function isCompare(op: string): boolean {
  return op === '<' || op === '<=' || op === '>' || op === '>=' || op === '===' || op === '!==';
}

function compareOp(op: string, t: T): number {
  const i = {
    '<': OP.i32LtS,
    '<=': OP.i32LeS,
    '>': OP.i32GtS,
    '>=': OP.i32GeS,
    '===': OP.i32Eq,
    '!==': OP.i32Ne,
  };
  const f = {
    '<': OP.f64Lt,
    '<=': OP.f64Le,
    '>': OP.f64Gt,
    '>=': OP.f64Ge,
    '===': OP.f64Eq,
    '!==': OP.f64Ne,
  };
  return (t === 'i32' ? i : f)[op as keyof typeof i];
}

function arithOp(op: string, t: T): number {
  if (t === 'i32') {
    if (op === '+') return OP.i32Add;
    if (op === '-') return OP.i32Sub;
    if (op === '*') return OP.i32Mul;
  } else {
    if (op === '+') return OP.f64Add;
    if (op === '-') return OP.f64Sub;
    if (op === '*') return OP.f64Mul;
    if (op === '/') return OP.f64Div;
  }
  return unsupported(`the operator ${op}`);
}
