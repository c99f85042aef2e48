/**
 * One fast-check seed for the whole suite unless `COHORT_FC_SEED` says otherwise: `npm test` (the
 * gate CI runs) is deterministic, so a change fails because of what it changed, never because
 * the draw of the day found an old corner. `COHORT_FC_SEED=random npm test` (`npm run
 * test:explore`) draws fresh seeds to look for new counterexamples; a failure prints its seed and
 * path, which `COHORT_FC_SEED=<seed>` replays. (Two CI runs of the same commit failed on
 * different random counterexamples — a pinv tolerance, a collection under load — before this.)
 *
 * Sizes: fast-check 4 keeps `fc.array` to ~10 elements under its default base size, whatever
 * `maxLength` says — random sparse matrices held ≤ ~10 entries, "arrays up to 20,000 elements"
 * were never longer than a dozen. `baseSize: 'medium'` lets them reach ~100 (a whole suite run
 * took 789 s against 762, every test passing); tests that need longer data draw their lengths
 * themselves (tests/dense/sum-lanes.test.ts).
 */
import fc from 'fast-check';

const given = process.env.COHORT_FC_SEED;
if (given !== 'random') {
  const seed = given === undefined || given === '' ? 20261127 : Number(given);
  if (!Number.isInteger(seed))
    throw new Error(`COHORT_FC_SEED: expected an integer or "random", got ${given}`);
  fc.configureGlobal({ seed, baseSize: 'medium' });
} else fc.configureGlobal({ baseSize: 'medium' });
