/** Shared helpers of the linalg tests: the committed SciPy fixtures and the systems they hold. */
import { readFileSync } from 'node:fs';
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';

export interface RunFixture {
  info: number;
  iterations: number;
  /** SciPy's own count under rounding-level perturbations of b (its spread). */
  iterations_min: number;
  iterations_max: number;
  inner_iterations?: number;
  residual: number;
  bnorm: number;
}

export interface CaseFixture {
  A: { shape: [number, number]; dtype: string; data: number[]; indices: number[]; indptr: number[] };
  b: number[];
  x0: number[];
  rtol: number;
  symmetric: boolean;
  spd: boolean;
  runs: Record<string, Record<string, RunFixture>>;
}

export interface Fixtures {
  cases: Record<string, CaseFixture>;
  eigsh: Record<string, Record<string, number[]>>;
  norms: Record<string, Record<string, number>>;
}

export const fixtures: Fixtures = JSON.parse(
  readFileSync(new URL('../fixtures/linalg/solvers.json', import.meta.url), 'utf8'),
);

export type Dt = 'float32' | 'float64';

/** The fixture's matrix as a CSR array of its dtype. */
export function matrixOf(c: CaseFixture): sparse.csr_array {
  const dtype = c.A.dtype as Dt;
  return new sparse.csr_array(
    [
      np.array(c.A.data, { dtype }),
      np.array(c.A.indices, { dtype: 'int32' }),
      np.array(c.A.indptr, { dtype: 'int32' }),
    ],
    { shape: c.A.shape },
  );
}

/** A dense vector of the case's dtype. */
export function vectorOf(c: CaseFixture, v: number[]): np.ndarray {
  return np.array(v, { dtype: c.A.dtype as Dt });
}

/** The Jacobi preconditioner diag(1/aᵢᵢ) as a sparse array (what the fixture script used). */
export function jacobiOf(c: CaseFixture): sparse.csr_array {
  const A = matrixOf(c);
  const d = A.diagonal();
  return sparse.diags([np.divide(1, d)], [0], { format: 'csr', dtype: c.A.dtype as Dt }) as sparse.csr_array;
}

/** ‖b − A·x‖₂ computed on the host in float64 from the CSR arrays (independent of the library). */
export function trueResidual(c: CaseFixture, x: ArrayLike<number>): number {
  const { data, indices, indptr } = c.A;
  let s = 0;
  for (let i = 0; i < c.b.length; i++) {
    let ax = 0;
    for (let p = indptr[i]!; p < indptr[i + 1]!; p++) ax += data[p]! * x[indices[p]!]!;
    const r = c.b[i]! - ax;
    s += r * r;
  }
  return Math.sqrt(s);
}

/** Counts callback calls. */
export function counter(): { n: number; cb: () => void } {
  const o = {
    n: 0,
    cb: () => {
      o.n++;
    },
  };
  return o;
}
