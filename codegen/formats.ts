/**
 * Formats as per-level capability objects (TACO's `ModeFormatImpl`). A level answers questions — how
 * to iterate its coordinates (`coordIterBounds`), its positions (`posIterBounds`, `posIterAccess`),
 * how to find a coordinate's position (`locate`), how to append to it when it is an output — and
 * the lowerer asks only these questions; it never looks at a format's name.
 */
import { argError } from './errors.js';
import type { Expr, Stmt } from './ir.js';
import { assign, bin, decl, len, load, num, store, v } from './ir.js';

/** What the lowerer tells a level about where it sits. */
export interface LevelContext {
  /** The tensor's name (parameter names derive from it). */
  readonly tensor: string;
  /** The level's index (0 = outermost stored level). */
  readonly level: number;
  /** The index variable bound at this level. */
  readonly indexVar: string;
  /** Position of the parent level (`num(0)` for the first level). */
  readonly parentPos: Expr;
  /** Coordinates of the levels above, outermost first. */
  readonly parentCoords: readonly Expr[];
  /** The name of the array parameter `${tensor}_${suffix}`. */
  array(suffix: string): string;
  /** The scalar parameter `${tensor}_${suffix}`. */
  scalar(suffix: string): Expr;
  /** The extent of this level's index variable (parameter `N_<var>`). */
  extent(): Expr;
  /** Declares `const name = init` once at the top of the kernel and returns the variable. */
  hoist(name: string, init: Expr): Expr;
}

/** TACO's level properties. */
export interface LevelProperties {
  /** Every coordinate of the dimension is stored. */
  readonly full: boolean;
  /** Coordinates of one segment are sorted. */
  readonly ordered: boolean;
  /** No coordinate repeats within one segment. */
  readonly unique: boolean;
  /** Exactly one child position per parent position (no loop needed). */
  readonly branchless: boolean;
}

/** The coordinate and position of the level for one segment index of a position iteration. */
export interface PosAccess {
  /** The coordinate, as an expression of the segment index. */
  readonly coord: Expr;
  /** The position, given the variable the coordinate was bound to. */
  pos(coord: Expr): Expr;
  /** A condition the coordinate must meet to be stored (absent: always). */
  guard?(coord: Expr): Expr;
}

/** Phases of sparse-output assembly. */
export type AssemblyPhase = 'count' | 'fill';

/** One level of a format: a set of capabilities. Absent methods are absent capabilities. */
export interface Level {
  /** Short name for keys and printing (never inspected by the lowerer). */
  readonly name: string;
  readonly properties: LevelProperties;
  /** Array parameters this level owns, as suffixes of `${tensor}_`, in parameter order. */
  readonly arrays: readonly string[];
  /** Scalar parameters this level owns, as suffixes. */
  readonly scalars: readonly string[];
  /** Bounds `[lo, hi)` of a coordinate iteration. */
  coordIterBounds?(ctx: LevelContext): readonly [Expr, Expr];
  /** Bounds `[lo, hi)` of a position iteration. */
  posIterBounds?(ctx: LevelContext): readonly [Expr, Expr];
  /** Coordinate and position at segment index `seg` of a position iteration. */
  posIterAccess?(ctx: LevelContext, seg: Expr): PosAccess;
  /** Position of coordinate `coord` (random access). */
  locate?(ctx: LevelContext, coord: Expr): Expr;
  /** Output assembly: statements that start a segment, with cursor variable `cursor`. */
  appendInit?(ctx: LevelContext, phase: AssemblyPhase, cursor: string): Stmt[];
  /** Output assembly: the position of the next appended entry. */
  appendPos?(cursor: string): Expr;
  /** Output assembly: record coordinate `coord` at the cursor and advance it. */
  appendEdge?(ctx: LevelContext, phase: AssemblyPhase, cursor: string, coord: Expr): Stmt[];
  /** Output assembly: statements that close a segment. */
  appendFinish?(ctx: LevelContext, phase: AssemblyPhase, cursor: string): Stmt[];
}

/** A tensor format: levels, the dimension each level stores, and how values are named. */
export interface Format {
  /** Name for keys, messages and printing. */
  readonly name: string;
  readonly levels: readonly Level[];
  /** `modeOrder[l]` is the dimension (position in the access's index list) stored by level `l`. */
  readonly modeOrder: readonly number[];
  /** The values array is `${tensor}_${valuesSuffix}`, or the tensor's own name when `''`. */
  readonly valuesSuffix: string;
}

const props = (full: boolean, ordered: boolean, unique: boolean, branchless: boolean): LevelProperties =>
  Object.freeze({ full, ordered, unique, branchless });

/**
 * A dense level: every coordinate `0..N-1` stored; position `parentPos * ld + coord`, where `ld` (the
 * scalar parameter `${tensor}_ld`) is the level's leading dimension; the first level needs no `ld`.
 * @returns the level
 */
export function dense(): Level {
  return Object.freeze({
    name: 'dense',
    properties: props(true, true, true, false),
    arrays: [],
    scalars: ['ld'],
    coordIterBounds: (ctx: LevelContext) => [num(0), ctx.extent()] as const,
    locate: (ctx: LevelContext, coord: Expr) =>
      ctx.level === 0 ? coord : bin('+', bin('*', ctx.parentPos, ctx.scalar('ld')), coord),
  });
}

/** Options of {@link compressed}. */
export interface CompressedOptions {
  /** Coordinates may repeat within a segment (COO's row level). Default false. */
  readonly nonunique?: boolean;
  /** Suffix of the segment-pointer array, or `null` for an implicit `[0, nnz)` (COO). Default `'pos'`. */
  readonly pos?: string | null;
  /** Suffix of the coordinate array. Default `'crd'`. */
  readonly crd?: string;
}

/**
 * A compressed level: segment `[pos[p], pos[p+1])` of coordinates `crd`. As an output it is assembled
 * in two phases: `count` writes each segment's length into `${tensor}_count[parentPos]`; `fill`
 * writes coordinates from `${tensor}_pos[parentPos]` on (the caller scanned the counts into `pos`).
 * @param opts - see {@link CompressedOptions}
 * @returns the level
 */
export function compressed(opts: CompressedOptions = {}): Level {
  const posName = opts.pos === undefined ? 'pos' : opts.pos;
  const crdName = opts.crd ?? 'crd';
  const unique = !opts.nonunique;
  return Object.freeze({
    name: `compressed${unique ? '' : '-nonunique'}${posName === null ? '-implicit' : ''}`,
    properties: props(false, true, unique, false),
    arrays: posName === null ? [crdName, 'count'] : [posName, crdName, 'count'],
    scalars: [],
    posIterBounds: (ctx: LevelContext) =>
      posName === null
        ? ([num(0), len(ctx.array(crdName))] as const)
        : ([
            load(ctx.array(posName), ctx.parentPos),
            load(ctx.array(posName), bin('+', ctx.parentPos, num(1))),
          ] as const),
    posIterAccess: (ctx: LevelContext, seg: Expr): PosAccess => ({
      coord: load(ctx.array(crdName), seg),
      pos: () => seg,
    }),
    appendInit: (ctx: LevelContext, phase: AssemblyPhase, cursor: string) => {
      if (posName === null)
        throw argError('generateKernel', 'formats', 'an output level with a pos array', crdName);
      return [decl(cursor, phase === 'count' ? num(0) : load(ctx.array(posName), ctx.parentPos), true)];
    },
    appendPos: (cursor: string) => v(cursor),
    appendEdge: (ctx: LevelContext, phase: AssemblyPhase, cursor: string, coord: Expr) =>
      phase === 'count'
        ? [assign(cursor, num(1), '+=')]
        : [store(ctx.array(crdName), v(cursor), coord), assign(cursor, num(1), '+=')],
    appendFinish: (ctx: LevelContext, phase: AssemblyPhase, cursor: string) =>
      phase === 'count' ? [store(ctx.array('count'), ctx.parentPos, v(cursor))] : [],
  });
}

/**
 * A singleton level: one coordinate `crd[p]` per parent position `p` (COO's column level).
 * @param crd - suffix of the coordinate array
 * @returns the level
 */
export function singleton(crd = 'crd'): Level {
  return Object.freeze({
    name: 'singleton',
    properties: props(false, false, true, true),
    arrays: [crd],
    scalars: [],
    posIterBounds: (ctx: LevelContext) => [ctx.parentPos, bin('+', ctx.parentPos, num(1))] as const,
    posIterAccess: (ctx: LevelContext, seg: Expr): PosAccess => ({
      coord: load(ctx.array(crd), seg),
      pos: () => seg,
    }),
  });
}

/**
 * An offset level (DIA, SciPy layout): diagonal `d` stores coordinate `parentCoord + offsets[d]` at
 * position `d * ld + coord` of the values, where `ld` (`${tensor}_ld`) is the values' row length;
 * coordinates outside `[0, min(N, ld))` are not stored.
 * @returns the level
 */
export function offset(): Level {
  return Object.freeze({
    name: 'offset',
    properties: props(false, false, true, false),
    arrays: ['offsets'],
    scalars: ['ld'],
    posIterBounds: (ctx: LevelContext) => [num(0), len(ctx.array('offsets'))] as const,
    posIterAccess: (ctx: LevelContext, seg: Expr): PosAccess => {
      const end = ctx.hoist(`${ctx.tensor}_end`, {
        k: 'call',
        fn: 'Math.min',
        args: [ctx.extent(), ctx.scalar('ld')],
      });
      return {
        coord: bin(
          '+',
          ctx.parentCoords[ctx.parentCoords.length - 1] ?? num(0),
          load(ctx.array('offsets'), seg),
        ),
        pos: (coord: Expr) => bin('+', bin('*', seg, ctx.scalar('ld')), coord),
        guard: (coord: Expr) => bin('&&', bin('>=', coord, num(0)), bin('<', coord, end)),
      };
    },
  });
}

/**
 * Builds a format.
 * @param name - display name
 * @param levels - the levels, outermost first
 * @param modeOrder - dimension stored by each level (default identity)
 * @param valuesSuffix - values array suffix; `''` means the tensor's own name (dense operands)
 * @returns the frozen format
 * @throws {@link CodegenError} when `modeOrder` is not a permutation of the levels
 */
export function makeFormat(
  name: string,
  levels: readonly Level[],
  modeOrder?: readonly number[],
  valuesSuffix = 'vals',
): Format {
  const order = modeOrder ?? levels.map((_, i) => i);
  const sorted = [...order].sort((a, b) => a - b);
  if (order.length !== levels.length || sorted.some((x, i) => x !== i)) {
    throw argError('makeFormat', 'modeOrder', `a permutation of 0..${levels.length - 1}`, order);
  }
  return Object.freeze({
    name,
    levels: Object.freeze([...levels]),
    modeOrder: Object.freeze([...order]),
    valuesSuffix,
  });
}

/** A unique string for a format (used in cache keys). */
export function formatKey(f: Format): string {
  return `${f.name}[${f.levels.map((l) => `${l.name}:${l.arrays.join('/')}`).join(',')}|${f.modeOrder.join('')}|${f.valuesSuffix}]`;
}

/** CSR: (dense i, compressed j); parameters `_pos, _crd, _vals`. */
export const CSR: Format = makeFormat('csr', [dense(), compressed()]);
/** CSC: (dense j, compressed i), mode order (j, i); parameters `_pos, _crd, _vals` (by column). */
export const CSC: Format = makeFormat('csc', [dense(), compressed()], [1, 0]);
/** COO: (compressed-nonunique i without pos, singleton j); parameters `_row, _col, _vals`. */
export const COO: Format = makeFormat('coo', [
  compressed({ nonunique: true, pos: null, crd: 'row' }),
  singleton('col'),
]);
/** DIA (SciPy layout): (dense i, offset j); parameters `_offsets, _vals, _ld` (`_ld` = data.shape[1]). */
export const DIA: Format = makeFormat('dia', [dense(), offset()]);
/** A dense vector: the typed array itself, named like the tensor. */
export const DENSE_VECTOR: Format = makeFormat('dense1', [dense()], undefined, '');
/** A dense row-major matrix: the typed array (named like the tensor) and its leading dimension `_ld`. */
export const DENSE_MATRIX: Format = makeFormat('dense2', [dense(), dense()], undefined, '');
