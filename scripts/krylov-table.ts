/**
 * The Krylov collection's table (issue 23): cohort's info, iteration count and operator calls next
 * to SciPy's (tests/fixtures/linalg/collection.json), for every matrix, solver and preconditioner;
 * `!` marks a run whose info class, iteration bound or calls differ (calls differ wherever the
 * iteration counts do). Writes Markdown to stdout.
 *
 * Run: node --import tsx scripts/krylov-table.ts [workers=0] > tests/fixtures/linalg/collection.md
 */
import { configure } from 'cohortjs/runtime';
import { type Calls, collection, type Kind, RUNS, solveOne } from '../tests/linalg/collection.js';

const workers = Number(process.argv[2] ?? 0);
configure({ workers });
const c = (x: Calls) => `${x.matvec}/${x.rmatvec}/${x.psolve}/${x.rpsolve}`;
const lines = [
  `cohort (pool size ${workers}) next to SciPy ${collection.scipy}: info/iterations, relative residual, calls matvec/rmatvec/psolve/rpsolve; SciPy's iteration range under rounding-level perturbations of b in brackets.`,
  '',
  '| matrix | solver | M | cohort | residual | calls | SciPy | residual | calls | |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const [mname, m] of Object.entries(collection.matrices)) {
  for (const [sname, runs] of Object.entries(m.runs)) {
    if (!RUNS[sname]) continue;
    for (const [kind, want] of Object.entries(runs)) {
      if (!want) continue;
      const g = solveOne(mname, sname, kind as Kind);
      const bad =
        !want.infos.map(Math.sign).includes(Math.sign(g.info)) ||
        (g.info === 0 && g.iterations > Math.ceil(1.1 * want.iterations_max)) ||
        c(g.calls) !== c(want.calls);
      lines.push(
        `| ${mname} (${m.kind}) | ${sname} | ${kind} | ${g.info}/${g.iterations} | ${g.residual.toExponential(1)} | ${c(g.calls)} | ${want.info}/${want.iterations} [${want.iterations_min}–${want.iterations_max}] | ${want.residual.toExponential(1)} | ${c(want.calls)} | ${bad ? '!' : ''} |`,
      );
    }
  }
}
console.log(lines.join('\n'));
configure({ workers: 0 });
