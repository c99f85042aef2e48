import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COO,
  CodegenError,
  CodegenInternalError,
  CSR,
  DENSE_MATRIX,
  DENSE_VECTOR,
  DIA,
  generateKernel,
  parse,
  verifyKernel,
} from '../../codegen/index.js';
import { decl, forLoop, kernel, num, store, v } from '../../codegen/ir.js';

const V = DENSE_VECTOR;

describe('printing generated kernels', () => {
  it('shows readable source and an IR listing', () => {
    const g = generateKernel('y(i) = A(i,j) * x(j)', { A: CSR, x: V, y: V }, { name: 'csrSpmv' });
    expect(g.params).toEqual(['A_pos', 'A_crd', 'A_vals', 'x', 'y', 'lo', 'hi']);
    expect(g.source).toContain('function csrSpmv(A_pos, A_crd, A_vals, x, y, lo, hi) {');
    expect(g.source).toContain('for (let i = lo; i < hi; i++) {');
    expect(g.source).toContain('y[i] = t;');
    expect(g.source).not.toMatch(/undefined|NaN|\[object/);
    expect(g.listing).toContain('for i in [lo, hi):');
    for (const f of [COO, DIA])
      expect(generateKernel('y(i) = A(i,j) * x(j)', { A: f, x: V, y: V }).source).not.toContain('undefined');
  });

  it('is deterministic and cached by expression + formats + dtypes + phase', () => {
    const f = { A: CSR, x: V, y: V };
    const a = generateKernel('y(i) = A(i,j) * x(j)', f);
    expect(generateKernel('y(i)=A(i,j)*x(j)', f)).toBe(a);
    expect(generateKernel('y(i) = A(i,j) * x(j)', f, { dtype: 'float32' }).key).not.toBe(a.key);
    expect(a.name).toMatch(/^kernel_[0-9a-f]{8}$/);
  });
});

describe('parse', () => {
  it('finds output and summed indices', () => {
    const p = parse('C(i,j) = A(i,j) * B(i,k) * D(k,j)');
    expect(p.outVars).toEqual(['i', 'j']);
    expect(p.reductionVars).toEqual(['k']);
    expect(p.accesses.map((a) => a.tensor)).toEqual(['A', 'B', 'D']);
  });
  it.each([
    ['y(i) = ', /expected a name/],
    ['y(i) A(i)', /expected '='/],
    ['y(i,i) = A(i)', /distinct indices/],
    ['y(i) = y(i)', /no use of output/],
    ['y(i,k) = A(i,j)', /missing 'k'/],
    ['y(i) = A(i) $', /expected end of input/],
    ['  ', /expected an assignment/],
  ])('rejects %s', (src, msg) => {
    expect(() => parse(src)).toThrow(CodegenError);
    expect(() => parse(src)).toThrow(msg);
  });
});

describe('generateKernel errors', () => {
  it.each([
    ['y(i) = A(i,j) * x(j)', { A: CSR, x: V }, {}, /argument 'formats' expected a format for tensor 'y'/],
    ['y(i) = A(i,j) * x(j)', { A: V, x: V, y: V }, {}, /a format of order 2 for 'A'/],
    ['y(i) = A(i,j) * x(j)', { A: CSR, x: V, y: V }, { phase: 'count' }, /'compute' for a dense output/],
    ['y(i) = A(i,j) * x(j)', { A: CSR, x: V, y: V }, { phase: 'bogus' }, /'compute', 'count' or 'fill'/],
    ['y(i) = A(i,j) * x(j)', { A: CSR, x: V, y: V }, { name: 'a b' }, /opts.name/],
    ['C(i,j) = A(i,j) + B(i,j)', { A: CSR, B: CSR, C: CSR }, {}, /'count' and 'fill'/],
    [
      'C(i,j) = A(i,j) + B(i,j)',
      { A: CSR, B: DENSE_MATRIX, C: CSR },
      { phase: 'count' },
      /union of sparse and dense/,
    ],
    ['C(i,j) = A(i,j) + B(i,j)', { A: COO, B: COO, C: CSR }, { phase: 'count' }, /cannot merge/],
    [
      'C(i,j) = A(i,j) + B(i,j)',
      { A: DIA, B: DIA, C: CSR },
      { phase: 'count' },
      /ordered unique compressed levels/,
    ],
    ['y(p) = A(p,j) * x(j)', { A: CSR, x: V, y: V }, {}, /index names/],
  ] as const)('%s with %o %o', (expr, formats, opts, msg) => {
    expect(() => generateKernel(expr, formats, opts as never)).toThrow(msg);
  });
});

describe('IR verifier', () => {
  const arr = { name: 'y', kind: 'array' } as const;
  it('accepts a well-formed kernel and rejects broken ones', () => {
    expect(() =>
      verifyKernel(kernel('ok', [arr], [forLoop('i', num(0), num(3), [store('y', v('i'), num(1))])])),
    ).not.toThrow();
    expect(() => verifyKernel(kernel('k', [arr], [store('y', v('i'), num(1))]))).toThrow(
      /'i' used before declaration/,
    );
    expect(() => verifyKernel(kernel('k', [arr], [store('z', num(0), num(1))]))).toThrow(
      /not an array parameter/,
    );
    expect(() => verifyKernel(kernel('k', [arr], [decl('y', num(0))]))).toThrow(/declared twice/);
    expect(() =>
      verifyKernel(
        kernel('k', [arr], [decl('a', num(0)), { k: 'assign', name: 'a', op: '=', value: num(1) }]),
      ),
    ).toThrow(CodegenInternalError);
    expect(() => verifyKernel(kernel('k', [arr], [store('y', num(0), num(Number.NaN))]))).toThrow(
      /non-finite/,
    );
  });
});

describe('purity', () => {
  it('codegen imports nothing from runtime, dense, sparse or mapper', () => {
    const dir = join(import.meta.dirname, '../../codegen');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
      const src = readFileSync(join(dir, f), 'utf8');
      for (const m of src.matchAll(/from\s+'([^']+)'/g))
        expect(m[1], `${f} imports ${m[1]}`).toMatch(/^\.\/[\w-]+\.js$/);
    }
  });
});
