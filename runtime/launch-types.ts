import type { Constraint } from './constraints.js';
import type { Future } from './future.js';
import type { Store } from './store.js';

/**
 * How a task uses a region argument: `read`; `write` (writes some or all of its piece);
 * `write-discard` (overwrites every element of its piece, so old contents are not needed);
 * `read-write`; `reduce` (folds into its piece with `redop`; reductions with the same operator do
 * not conflict with each other).
 */
export type Privilege = 'read' | 'write' | 'read-write' | 'write-discard' | 'reduce';

/** Reduction operators for `reduce` privileges and for combining partials. */
export type RedOp = 'sum' | 'prod' | 'min' | 'max';

/** One region argument of a launch. */
export interface LaunchArg {
  readonly store: Store;
  readonly privilege: Privilege;
  readonly redop?: RedOp;
}

/** A reduction to a scalar future: partials per fixed block of the (1-D) domain, combined in block order. */
export interface ReduceSpec {
  /** Block size in points (default {@link DEFAULT_REDUCTION_BLOCK}); tiles are aligned to it. */
  readonly block?: number;
  /** Slots per block (2 for value+index reductions). Default 1. */
  readonly width?: number;
  /** A built-in combine (`'sum' | 'prod' | 'min' | 'max'`) or the name of a registered combine kernel. */
  readonly combine: RedOp | string;
  /** The value of an empty reduction (no blocks), for built-in combines. */
  readonly identity?: number;
}

/** Everything a launch declares. Operations declare; the runtime and mapper decide. */
export interface LaunchSpec {
  /** The user-facing operation's name, used in errors (e.g. `'add'`). */
  readonly op: string;
  /** A registered kernel name. */
  readonly kernel: string;
  readonly args: readonly LaunchArg[];
  readonly scalars?: readonly number[];
  readonly futures?: readonly Future[];
  readonly constraints?: readonly Constraint[];
  /**
   * The argument whose partition defines the launch domain (default: the largest argument of
   * the alignment class that contains a written argument, else the largest).
   */
  readonly key?: number;
  /** For reductions to a scalar: the launch returns a {@link Future}. The key store must be 1-D. */
  readonly reduce?: ReduceSpec;
  /** Force one piece (e.g. kernels whose pieces would alias on an output). */
  readonly single?: boolean;
  /**
   * A gang (Legion's must-epoch launch): one piece per worker, each posted to its own worker and
   * never shared or run inline, every piece waiting only for earlier launches — never for another
   * piece of this one, whatever its arguments' footprints — so that the pieces can run at once
   * and synchronize among themselves through shared memory. The mapper's `pieces` is not asked.
   * A kernel must still be correct when its pieces run one after another (a custom mapper may
   * place two on one worker; with no pool they run inline in turn): sparse/linalg/gang-cg.ts
   * lets whichever pieces are running take the work. Not under MPI.
   */
  readonly gang?: boolean;
  /**
   * Bytes of workspace per piece (runtime/scratch.ts): each piece gets its own heap block at
   * `t.scratch` (-1 when none could be given). Not zeroed.
   */
  readonly scratch?: number;
  /**
   * Arithmetic per point, in simple operations (dense's cost rule: a transcendental or a power 8,
   * a divide or sqrt 2, others 1; default 0): passed to the mapper's `pieces`, so that a launch
   * whose kernel computes more than it moves can be cut into pieces below the byte threshold.
   */
  readonly work?: number;
}

/** Partials per block for scalar reductions (fixed, so results do not depend on piece counts). */
export const DEFAULT_REDUCTION_BLOCK = 4096;
