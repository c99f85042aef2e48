/**
 * Deterministic freeing of sparse arrays (`A.dispose()`, `using A = ...`). Sparse arrays share
 * storage the way SciPy's do: a transpose shares all of it, an operation that keeps the
 * structure (`A.multiply(2)`, `astype`) shares `indptr` and `indices`, and a constructor given
 * arrays with `copy: false` shares them. So a region is freed only when no other sparse array
 * was built over it and still holds it: each construction counts the regions of its structure
 * ({@link holdStorage}), and a dispose gives back its own counts and frees the regions whose count
 * reached zero. A structure replaced in place (`sum_duplicates`) is fresh memory, freed by the
 * dispose when no array was built over it since. Dense views of the storage (`A.data`) are not
 * counted: like views of a dense array, they share its fate.
 */
import { deadRegion, disposeRegion, Region } from '../runtime/index.js';
import type { sparray } from './base.js';

/** Sparse arrays built over each region and not disposed. */
const holders = new WeakMap<Region, number>();
/** The regions each array counted when it was built. */
const counted = new WeakMap<sparray, readonly Region[]>();

/**
 * The field holding an array's structure (`_s` compressed, `_c` COO, `_d` DIA, `_b` BSR), or null
 * for the host formats (LIL, DOK), which hold no regions.
 */
function structureKey(a: sparray): '_s' | '_c' | '_d' | '_b' | null {
  const o = a as unknown as Record<string, unknown>;
  for (const k of ['_s', '_c', '_d', '_b'] as const) if (o[k] !== undefined) return k;
  return null;
}

/** The distinct regions of an array's current structure. */
function regionsOf(a: sparray): Region[] {
  const key = structureKey(a);
  const out: Region[] = [];
  if (key === null) return out;
  const st = (a as unknown as Record<string, Record<string, unknown>>)[key]!;
  for (const v of Object.values(st)) if (v instanceof Region && !out.includes(v)) out.push(v);
  return out;
}

/**
 * Counts the regions of a newly built array's structure as held by it (the constructors call it).
 * @param a - the array, its structure set
 */
export function holdStorage(a: sparray): void {
  const rs = regionsOf(a);
  for (const r of rs) holders.set(r, (holders.get(r) ?? 0) + 1);
  counted.set(a, rs);
}

/**
 * Frees the storage of `a` that no other sparse array holds (see the file comment; pending work
 * on it finishes first, runtime/region.ts `disposeRegion`), and points the array at empty
 * disposed regions, so that any later use raises `DisposedError`. Idempotent.
 * @param a - the array
 */
export function disposeSparse(a: sparray): void {
  const host = (a as unknown as { _disposeHost?: () => void })._disposeHost;
  if (host !== undefined) {
    host.call(a); // LIL / DOK: entries in host memory
    return;
  }
  const own = counted.get(a);
  if (own === undefined) return; // disposed before (or never counted: nothing of it is ours)
  counted.delete(a);
  for (const r of own) holders.set(r, (holders.get(r) ?? 1) - 1);
  const key = structureKey(a)!;
  const o = a as unknown as Record<string, Record<string, unknown>>;
  const st = o[key]!;
  const dead: Record<string, unknown> = { ...st };
  for (const [k, v] of Object.entries(st)) {
    if (!(v instanceof Region)) continue;
    if ((holders.get(v) ?? 0) <= 0) disposeRegion(v);
    dead[k] = deadRegion(v.dtype);
  }
  o[key] = dead;
}
