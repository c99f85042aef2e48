import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { array } from '../../dense/index.js';
import { ArgumentTypeError, FormatError, ShapeError, ValueError } from '../../runtime/index.js';
import { coo_array } from '../../sparse/index.js';
import { load, load_npz, mmread, mmwrite, save, save_npz } from '../../sparse/io/index.js';
import { FIXTURES, tempDir } from './fixtures.js';

const dir = tempDir();
const A = coo_array(
  [
    [1, 2],
    [
      [0, 1],
      [1, 0],
    ],
  ],
  { shape: [2, 2] },
);

describe('cohort/io argument validation (each message matched)', () => {
  it('mmwrite options', () => {
    const p = join(dir, 'a.mtx');
    expect(() => mmwrite(p, A, { field: 'complex' as never })).toThrow(ValueError);
    expect(() => mmwrite(p, A, { field: 'complex' as never })).toThrow(
      /mmwrite: argument 'field' expected 'real', 'integer' or 'pattern', received "complex"/,
    );
    expect(() => mmwrite(p, A, { symmetry: 'hermitian' as never })).toThrow(
      /mmwrite: argument 'symmetry' expected 'general', 'symmetric' or 'skew-symmetric', received "hermitian"/,
    );
    expect(() => mmwrite(p, A, { precision: 0 })).toThrow(
      /mmwrite: argument 'precision' expected a positive integer, received 0/,
    );
    expect(() => mmwrite(p, A, { precision: 2.5 })).toThrow(/received 2.5/);
    expect(() => mmwrite(p, A, { comment: 3 as never })).toThrow(ArgumentTypeError);
    expect(() => mmwrite(p, A, { comment: 3 as never })).toThrow(
      /mmwrite: argument 'comment' expected a string, received 3/,
    );
    expect(() => mmwrite(p, array([1, 2, 3]))).toThrow(ShapeError);
    expect(() => mmwrite(p, array([1, 2, 3]))).toThrow(
      /mmwrite: argument 'A' expected a 2-D array or a sparse array, received "shape \[3\]"/,
    );
    expect(() => mmwrite(p, array([[1, 2]]), { field: 'pattern' })).toThrow(
      /mmwrite: argument 'field' expected 'real' or 'integer' for a dense array, received "pattern"/,
    );
    expect(() => mmwrite(p, A, { symmetry: 'symmetric' })).toThrow(
      /expected a symmetric matrix \(symmetry 'symmetric'\), received one with A\[1,0\] = 2 but A\[0,1\] = 1/,
    );
    expect(existsSync(p)).toBe(false); // nothing half-written
    expect(readdirTmp()).toEqual([]);
  });

  it('mmwrite options take effect: comment, pattern, precision, .mtx appended', () => {
    mmwrite(join(dir, 'b'), A, { comment: 'one\ntwo', field: 'pattern' });
    expect(readFileSync(join(dir, 'b.mtx'), 'latin1')).toBe(
      '%%MatrixMarket matrix coordinate pattern general\n%one\n%two\n2 2 2\n1 2\n2 1\n',
    );
    mmwrite(join(dir, 'c.mtx'), array([[1 / 3], [2e-9]]), { precision: 3 });
    expect(readFileSync(join(dir, 'c.mtx'), 'latin1')).toBe(
      '%%MatrixMarket matrix array real general\n2 1\n0.333\n2e-09\n',
    );
    mmwrite(join(dir, 'd.mtx'), array([[1, 2]], { dtype: 'int32' }));
    expect(readFileSync(join(dir, 'd.mtx'), 'latin1')).toBe(
      '%%MatrixMarket matrix array integer general\n1 2\n1\n2\n',
    );
  });

  it('save_npz and save', () => {
    expect(() => save_npz(join(dir, 'x.npz'), array([[1]]) as never)).toThrow(ArgumentTypeError);
    expect(() => save_npz(join(dir, 'x.npz'), array([[1]]) as never)).toThrow(
      /save_npz: argument 'A' expected a sparse array \(coo, csr, csc or dia\), received a ndarray/,
    );
    save_npz(join(dir, 'y'), A);
    expect(load_npz(join(dir, 'y.npz')).format).toBe('coo');
    save(join(dir, 'z'), [
      [1, 2],
      [3, 4],
    ]);
    expect(load(join(dir, 'z.npy')).tolist()).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('the public readers raise FormatError naming their own function', () => {
    const p = join(dir, 'bad');
    writeFileSync(p, 'nonsense\n');
    expect(() => mmread(p)).toThrow(FormatError);
    expect(() => mmread(p)).toThrow(/^mmread: file '.*bad', line 1: expected the banner/);
    expect(() => load(p)).toThrow(/^load: file '.*bad', header: not a \.npy file/);
    expect(() => load_npz(p)).toThrow(/^load_npz: file '.*bad': not a ZIP archive/);
    expect(() => load_npz(join(FIXTURES, 'f8_2d.npy'))).toThrow(/not a ZIP archive/);
    expect(() => mmread(join(dir, 'missing.mtx'))).toThrow(/ENOENT/);
  });
});

function readdirTmp(): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.tmp'));
}
