/**
 * The Krylov collection (issue 23) at pool size 2 with sparse-array operands: the deferred loops
 * (collection-check.ts).
 */
import { describeCollection, POOLS } from './collection-check.js';

describeCollection(POOLS[1]!);
