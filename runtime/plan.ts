import type { IntervalSet, Rect } from './index-space.js';
import type { LaunchSpec } from './launch-types.js';
import type { Partition } from './partition.js';

/** The solver's answer for one launch: the pieces and what each touches (the engine's input). */
export interface LaunchPlan {
  readonly spec: LaunchSpec;
  /** Number of point tasks. */
  readonly colors: number;
  /** Per color: the piece of the launch domain (key store coordinates). */
  readonly tiles: readonly Rect[];
  /** Per color, per argument: the region elements the piece touches (linear memory). */
  readonly footprints: readonly (readonly IntervalSet[])[];
  /** Reductions: number of blocks and block size; 0 otherwise. */
  readonly nBlocks: number;
  readonly block: number;
  readonly width: number;
  /**
   * Launches with `reduce` arguments: points per reduction block (runtime/reduction.ts; the
   * tiles are aligned to it); 0 otherwise.
   */
  readonly redBlock: number;
  /** The key argument (whose partition is the launch domain). */
  readonly key: number;
  /**
   * Per argument: its partition (same object for aligned arguments; a 'whole' partition for
   * broadcast and unconstrained ones). `partitions[key].pieces` are `tiles`.
   */
  readonly partitions: readonly Partition[];
}
