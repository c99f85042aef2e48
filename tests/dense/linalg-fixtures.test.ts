/**
 * np.linalg against NumPy's results (tests/fixtures/dense/linalg.json, scripts/fixtures_dense_linalg.py):
 * random, Hilbert and singular matrices, tall/wide/rank-deficient rectangles, a 2×3 stack of 4×4.
 * Tolerances scale with the condition number (NumPy's own results carry errors of about cond·ε).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

const F = JSON.parse(readFileSync(new URL('../fixtures/dense/linalg.json', import.meta.url), 'utf8'));
const la = np.linalg;
type N = number | N[];

function close(got: N, want: N, tol: number, what: string): void {
  const flat = (x: N): number[] => (Array.isArray(x) ? x.flatMap(flat) : [x]);
  const g = flat(got);
  const w = flat(want);
  expect(g.length, what).toBe(w.length);
  const scale = Math.max(1, ...w.map(Math.abs));
  for (let i = 0; i < w.length; i++) {
    if (Math.abs(g[i]! - w[i]!) > tol * scale) {
      throw new Error(`${what}[${i}]: got ${g[i]}, NumPy ${w[i]} (tolerance ${tol * scale})`);
    }
  }
}

const tolOf = (cond: number) => Math.min(1e-2, 1e-13 * Math.max(1, cond));

for (const workers of POOLS) {
  describe(`np.linalg vs NumPy (workers=${workers})`, () => {
    it('solve, inv, det, cholesky, eigh on square matrices (random 1..70, Hilbert 6..10, singular)', () => {
      configure({ workers });
      for (const [name, c] of Object.entries<Record<string, N & never>>(F.square)) {
        const tol = tolOf(c.cond);
        close(la.det(c.a).item() as number, c.det, Math.max(tol, 1e-14), `${name} det`);
        if (c.singular) {
          expect(() => la.solve(c.a, c.b), name).toThrow(la.LinAlgError);
          expect(() => la.inv(c.a), name).toThrow('linalg.inv: Singular matrix');
          expect(la.det(c.a).item()).toBe(0);
        } else {
          close(la.solve(c.a, c.b).tolist() as N, c.solve, tol, `${name} solve`);
          close(la.solve(c.a, c.B).tolist() as N, c.solveB, tol, `${name} solve B`);
          close(la.inv(c.a).tolist() as N, c.inv, tol, `${name} inv`);
        }
        close(la.cholesky(c.spd).tolist() as N, c.cholesky, 1e-12, `${name} cholesky`);
        close(la.eigh(c.eigh_sym)[0].tolist() as N, c.eigh_w, 1e-12, `${name} eigh`);
      }
    });

    it('qr, svd, lstsq, pinv, norms 2/-2/nuc on rectangles (tall, wide, rank-deficient, Hilbert, zeros)', () => {
      configure({ workers });
      for (const [name, c] of Object.entries<Record<string, N & never>>(F.rect)) {
        const hil = name.startsWith('hilbert');
        const tol = hil ? 1e-6 : 1e-10;
        const [q, r] = la.qr(c.a) as [np.ndarray, np.ndarray];
        if (c.lstsq_rank === Math.min(q.shape[0]!, r.shape[1]!)) {
          close(q.tolist() as N, c.qr_q, hil ? 1e-6 : 1e-12, `${name} Q`);
          close(r.tolist() as N, c.qr_r, hil ? 1e-6 : 1e-12, `${name} R`);
          close(
            (la.qr(c.a, 'complete') as np.ndarray[])[1]!.tolist() as N,
            c.qr_rc,
            1e-12,
            `${name} R complete`,
          );
        } else {
          // Rank-deficient: the trailing columns of Q depend on rounding (NumPy's too); A = QR holds.
          close(np.matmul(q, r).tolist() as N, c.a, 1e-12, `${name} QR`);
        }
        close((la.svd(c.a, { compute_uv: false }) as np.ndarray).tolist() as N, c.svd_s, 1e-12, `${name} s`);
        const [x, res, rank, s] = la.lstsq(c.a, c.b);
        expect(rank, name).toBe(c.lstsq_rank);
        close(x.tolist() as N, c.lstsq_x, tol, `${name} lstsq x`);
        close(res.tolist() as N, c.lstsq_res, tol, `${name} lstsq residuals`);
        close(s.tolist() as N, c.svd_s, 1e-12, `${name} lstsq s`);
        const [X, RES] = la.lstsq(c.a, c.B, { rcond: null });
        close(X.tolist() as N, c.lstsq_X, tol, `${name} lstsq X`);
        close(RES.tolist() as N, c.lstsq_RES, tol, `${name} lstsq residuals (2-D b)`);
        close(la.pinv(c.a).tolist() as N, c.pinv, tol, `${name} pinv`);
        close(la.norm(c.a, 2).item() as number, c.norm2, 1e-12, `${name} norm 2`);
        close(la.norm(c.a, -2).item() as number, c.normm2, 1e-12, `${name} norm -2`);
        close(la.norm(c.a, 'nuc').item() as number, c.nuc, 1e-12, `${name} norm nuc`);
      }
    });

    it('stacks of matrices: det, inv, svd values, eigh (UPLO L and U), norm 2 over axes (1, 3)', () => {
      configure({ workers });
      const s = F.stack;
      close(la.det(s.a).tolist() as N, s.det, 1e-12, 'det');
      expect(la.det(s.a).shape).toEqual([2, 3]);
      close(la.inv(s.a).tolist() as N, s.inv, 1e-10, 'inv');
      close((la.svd(s.a, false, false) as np.ndarray).tolist() as N, s.svd_s, 1e-12, 'svd');
      close(la.eigh(s.a)[0].tolist() as N, s.eigh_w, 1e-12, 'eigh L');
      close(la.eigh(s.a, 'U')[0].tolist() as N, s.eigh_w_U, 1e-12, 'eigh U');
      const n2 = la.norm(s.a, 2, [1, 3]);
      expect(n2.shape).toEqual([2, 4]);
      close(n2.tolist() as N, s.norm2_axes, 1e-12, 'norm 2 axes');
      expect(la.norm(s.a, 2, [1, 3], true).shape).toEqual([2, 1, 4, 1]);
    });
  });
}
