/**
 * Random programs under sharding (issue 22): seeded random sequences of element-wise launches
 * over whole arrays and over shifted and strided views (whose pieces read data other ranks
 * wrote), slice assignments, in-place updates, reductions of views, element reads and SpMVs with
 * a random sparse matrix. Each seed's program prints the bits of every value it reads; the test
 * compares them with the single-process run, bitwise. Every rank draws the same program (the
 * generator is seeded), as control replication requires.
 *
 * Usage: node --import tsx tests/mpi/programs/model.ts [seeds=3] [steps=40]
 */
import * as np from 'cohortjs/numpy';
import { rank } from 'cohortjs/runtime';
import * as sp from 'cohortjs/sparse';

function bits(x: number): string {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return b.getBigUint64(0).toString(16).padStart(16, '0');
}

/** A small deterministic generator (the program's choices, not its data). */
function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function program(seed: number, steps: number): string[] {
  const r = lcg(seed);
  const pick = (n: number) => Math.floor(r() * n);
  const n = 60_000 + pick(60_000);
  const rng = np.random.default_rng(seed);
  const arrs: np.ndarray[] = [rng.standard_normal([n]), rng.random([n]), np.linspace(-1, 1, n)];
  const out: string[] = [];
  const A = sp.random(n, n, {
    density: 4 / n,
    format: 'csr',
    rng: seed + 1,
  }) as sp.csr_array;
  for (let s = 0; s < steps; s++) {
    const i = pick(3);
    const j = pick(3);
    const k = (i + 1 + pick(2)) % 3; // never i: no aliasing of a written array
    const c = (pick(7) - 3) / 2;
    switch (pick(9)) {
      case 0: // whole arrays
        arrs[i] = arrs[j]!.multiply(c).add(arrs[k]!);
        break;
      case 1: {
        // a shifted window into another array: its pieces read across rank boundaries
        const sh = 1 + pick(5000);
        arrs[k]!.set(`${sh}:`, arrs[j === k ? i : j]!.get(`:${n - sh}`).multiply(c));
        break;
      }
      case 2: {
        // a strided view written from a strided read
        const st = 2 + pick(3);
        const m = Math.ceil(n / st);
        arrs[k]!.set(`::${st}`, np.sin(arrs[i]!.get(`${n - m}:`)));
        break;
      }
      case 3: // in place
        arrs[i]!.iadd(arrs[k]!.multiply(c));
        break;
      case 4:
        out.push(
          `sum ${bits(
            arrs[i]!.get(`${pick(n >> 1)}:`)
              .sum()
              .item() as number,
          )}`,
        );
        break;
      case 5:
        out.push(`dot ${bits(np.dot(arrs[i]!, arrs[k]!).item() as number)}`);
        break;
      case 6:
        out.push(`norm ${bits(np.linalg.norm(arrs[i]!.get('::3')).item() as number)}`);
        break;
      case 7:
        out.push(`item ${bits(arrs[i]!.get([pick(n)]).item() as number)}`);
        break;
      default:
        arrs[k] = A.dot(arrs[i]!).add(arrs[k]!.multiply(c)) as np.ndarray;
    }
  }
  for (const a of arrs)
    out.push(`final ${bits(a.sum().item() as number)} ${bits(a.get([n - 1]).item() as number)}`);
  return out;
}

const seeds = Number(process.argv[2] ?? 3);
const steps = Number(process.argv[3] ?? 40);
for (let seed = 1; seed <= seeds; seed++) {
  // One line per seed (short enough for mpirun to forward whole).
  console.log(JSON.stringify({ rank: rank(), seed, results: program(seed, steps) }));
}
