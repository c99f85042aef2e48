/** The TSDoc @example blocks of cohort/io, run as written (the outputs shown in their comments are asserted). */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import * as sp from '../../sparse/index.js';
import * as io from '../../sparse/io/index.js';

it('the @example blocks of sparse/io/*-api.ts', () => {
  {
    const path = `${os.tmpdir()}/a.mtx`;
    fs.writeFileSync(path, '%%MatrixMarket matrix coordinate real general\n2 2 1\n2 1 5.5\n');
    const A = io.mmread(path) as sp.coo_array;
    expect(A.format).toBe('coo');
    expect(A.toarray().tolist()).toEqual([
      [0, 0],
      [5.5, 0],
    ]);
  }
  {
    const path = `${os.tmpdir()}/b.mtx`;
    io.mmwrite(path, sp.coo_array([[1 / 3], [[0], [1]]], { shape: [2, 2] }), { comment: 'hi', precision: 4 });
    expect(fs.readFileSync(path, 'utf8')).toBe(
      '%%MatrixMarket matrix coordinate real general\n%hi\n2 2 1\n1 2 0.3333\n',
    );
  }
  {
    const path = `${os.tmpdir()}/m.npz`;
    io.save_npz(path, sp.eye(3, null, { format: 'csr' }) as never);
    const A = io.load_npz(path);
    expect([A.format, A.shape, A.nnz]).toEqual(['csr', [3, 3], 3]);
  }
  {
    const A = sp.coo_array(
      [
        [1, 2],
        [
          [0, 1],
          [1, 0],
        ],
      ],
      { shape: [2, 2] },
    );
    io.save_npz(`${os.tmpdir()}/m`, A);
    io.save_npz(`${os.tmpdir()}/m_raw.npz`, A, { compressed: false });
    expect(io.load_npz(`${os.tmpdir()}/m.npz`).toarray().tolist()).toEqual([
      [0, 1],
      [2, 0],
    ]);
  }
  {
    const path = `${os.tmpdir()}/a.npy`;
    io.save(path, [
      [0, 1, 2],
      [3, 4, 5],
    ]);
    const a = io.load(path);
    expect([a.shape, a.dtype]).toEqual([[2, 3], 'int32']);
  }
  io.save(`${os.tmpdir()}/x`, np.array([1, 2, 3], { dtype: 'uint8' }));
  expect(io.load(`${os.tmpdir()}/x.npy`).tolist()).toEqual([1, 2, 3]);
});
