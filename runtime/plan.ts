import type { IntervalSet, Rect } from './index-space.js';
import type { LaunchSpec } from './launch-types.js';

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
}
