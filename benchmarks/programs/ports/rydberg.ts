/**
 * The Rydberg-atom simulation of the Legate Sparse paper (its quantum-simulation workload):
 * H = Ω/2·Σ Xᵢ − Δ·Σ nᵢ + V·Σ nᵢnᵢ₊₁ on a chain of `atoms` two-level atoms (2^atoms basis states,
 * CSR with atoms + 1 nonzeros per row), ψ(t) from |0…0⟩ by fixed-step classical RK4 on
 * dψ/dt = −i·H·ψ. cohort has no complex dtype (Tier 3): ψ = u + i·v is integrated as the real
 * pair du/dt = H·v, dv/dt = −H·u (the same arithmetic). The matrix is assembled in plain
 * JavaScript from its definition (the twin does the same in NumPy), not timed.
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';
import type { Program } from './_program.js';

const OMEGA = 1.0;
const DELTA = 0.5;
const V = 2.0;
const STEPS = 10;
const DT = 0.01;

/** H as CSR arrays: per row s, the columns s ^ (1 << i) and s itself, sorted. */
function hamiltonian(atoms: number): sparse.csr_array {
  const n = 2 ** atoms;
  const per = atoms + 1;
  const indptr = new Int32Array(n + 1);
  const indices = new Int32Array(n * per);
  const data = new Float64Array(n * per);
  const cols = new Array<number>(per);
  for (let s = 0; s < n; s++) {
    let diag = 0;
    for (let i = 0; i < atoms; i++) {
      const ni = (s >> i) & 1;
      diag -= DELTA * ni;
      if (i + 1 < atoms) diag += V * ni * ((s >> (i + 1)) & 1);
      cols[i] = s ^ (1 << i);
    }
    cols[atoms] = s;
    cols.sort((p, q) => p - q);
    for (let k = 0; k < per; k++) {
      indices[s * per + k] = cols[k]!;
      data[s * per + k] = cols[k] === s ? diag : OMEGA / 2;
    }
    indptr[s + 1] = (s + 1) * per;
  }
  return new sparse.csr_array([np.array(data), np.array(indices), np.array(indptr)], { shape: [n, n] });
}

export const rydberg: Program = {
  name: 'rydberg',
  what: 'Legate Sparse paper: Rydberg-atom RK4 loop (SpMV + vector updates)',
  sizes: { tiny: 5, small: 13, large: 20 },
  elements: (atoms) => 2 ** atoms * (atoms + 1),
  workaround: 'complex128 (Tier 3): ψ = u + i·v as two float64 vectors',
  prepare(atoms) {
    const H = hamiltonian(atoms);
    const n = 2 ** atoms;
    const u0 = np.zeros([n]);
    u0.set('0', 1.0);
    const Hx = (x: np.ndarray) => H.dot(x) as np.ndarray;
    const axpy = (x: np.ndarray, a: number, y: np.ndarray) => np.add(x, np.multiply(a, y));
    return {
      inputs: [H, u0],
      run: () => {
        let u = u0.copy();
        let v = np.zeros([n]);
        for (let s = 0; s < STEPS; s++) {
          const k1u = Hx(v);
          const k1v = np.negative(Hx(u));
          const k2u = Hx(axpy(v, DT / 2, k1v));
          const k2v = np.negative(Hx(axpy(u, DT / 2, k1u)));
          const k3u = Hx(axpy(v, DT / 2, k2v));
          const k3v = np.negative(Hx(axpy(u, DT / 2, k2u)));
          const k4u = Hx(axpy(v, DT, k3v));
          const k4v = np.negative(Hx(axpy(u, DT, k3u)));
          u = axpy(u, DT / 6, np.add(np.add(k1u, np.multiply(2, np.add(k2u, k3u))), k4u));
          v = axpy(v, DT / 6, np.add(np.add(k1v, np.multiply(2, np.add(k2v, k3v))), k4v));
        }
        return np.concatenate([u, v]);
      },
    };
  },
};
