/**
 * The Krylov collection (issue 23) at pool size 0 with counting operators: calls, iterations, info
 * (collection-check.ts).
 */
import { describeCollection, POOLS } from './collection-check.js';

describeCollection(POOLS[0]!);
