/**
 * Per-piece scratch (`LaunchSpec.scratch`): a launch asks for `k` bytes of workspace per piece —
 * a Gustavson SpGEMM's marks and dense accumulator, as wide as the result — and every piece gets
 * its own block of the region heap, `t.scratch` (a byte offset in `t.heap`, 64-byte aligned).
 * WebAssembly kernels cannot allocate, and a JavaScript kernel that allocates per piece pays
 * the collector; this gives both a block they address directly.
 *
 * One heap block of `colors × k` bytes (rounded up to 64) per launch, piece `c` at
 * `off + c·k`: pieces never share scratch, whichever thread runs them (a shared piece claimed by
 * another worker keeps its color's block). The block is returned to the heap at the end of
 * `submit`, quarantined behind the launch's posted pieces (runtime/heap.ts), so a later launch
 * reuses the same warm pages by exact size. The contents are not zeroed (a kernel initializes
 * what it reads). `t.scratch` is -1 when the launch has no heap (a region outside it, a `reduce`
 * argument) or the heap cannot hold the block: a kernel then falls back to allocating itself.
 */
import { heapAlloc, heapFree } from './heap.js';

/** A launch's scratch: the heap block and the bytes per piece. */
export interface ScratchBlock {
  readonly off: number;
  readonly bytes: number;
  /** Bytes per piece (a multiple of 64). */
  readonly per: number;
}

/** The scratch of a launch of `colors` pieces asking `bytes` per piece, or null (none given). */
export function scratchAlloc(bytes: number, colors: number): ScratchBlock | null {
  if (!(bytes > 0) || colors <= 0) return null;
  const per = Math.ceil(bytes / 64) * 64;
  const b = heapAlloc(per * colors);
  return b === null ? null : { off: b.off, bytes: b.bytes, per };
}

/** Piece `color`'s byte offset, or -1 without scratch. */
export function scratchOf(s: ScratchBlock | null, color: number): number {
  return s === null ? -1 : s.off + color * s.per;
}

/** Returns the block once the `events` (the launch's posted pieces) complete. */
export function scratchFree(s: ScratchBlock | null, events: readonly number[]): void {
  if (s !== null) heapFree(s.off, s.bytes, events);
}
