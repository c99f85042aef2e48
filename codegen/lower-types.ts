/** The types of lowering's interface (lower.ts): the phase asked for, the output mode, the result. */
import type { KernelIR } from './ir.js';

/** Which kernel of a computation to generate. */
export type Phase = 'compute' | 'count' | 'fill';

/**
 * How the kernel writes its output over its piece:
 * - `assign`: it writes the full value of each output element of its piece with `=` (no zeroing);
 * - `accumulate`: it adds with `+=`; the caller zeroes the output first, and pieces alias on it;
 * - `count` / `fill`: the two assembly phases of a sparse output.
 */
export type OutputMode = 'assign' | 'accumulate' | 'count' | 'fill';

/** The result of lowering. */
export interface Lowered {
  readonly ir: KernelIR;
  readonly output: OutputMode;
  /** The loop that `lo, hi` bound: its index variable and whether it runs over coordinates or positions. */
  readonly piece: {
    readonly indexVar: string;
    readonly over: 'coordinates' | 'positions';
    readonly tensor: string;
  };
}
