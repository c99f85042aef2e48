import { fileError } from './errors.js';

/** The Matrix Market fields cohort reads and writes. */
export type MMField = 'real' | 'integer' | 'pattern';
/** The Matrix Market symmetries cohort reads and writes. */
export type MMSymmetry = 'general' | 'symmetric' | 'skew-symmetric';
/** The two Matrix Market layouts: sparse triplets or a dense column-major array. */
export type MMFormat = 'coordinate' | 'array';

/** The parsed banner line `%%MatrixMarket matrix <format> <field> <symmetry>`. */
export interface MMBanner {
  format: MMFormat;
  field: MMField;
  symmetry: MMSymmetry;
}

const BANNER = '%%matrixmarket';
const BANNER_FORM =
  "'%%MatrixMarket matrix <coordinate|array> <real|integer|pattern> <general|symmetric|skew-symmetric>'";

/**
 * Parses the banner (line 1). Field and symmetry names are case-insensitive, as in SciPy.
 * @throws FormatError naming the file and line 1 when the banner is missing or malformed, or names
 *   a field (complex) or symmetry (hermitian) that cohort does not support.
 */
export function parseBanner(fn: string, path: string, line: string): MMBanner {
  const t = line
    .trim()
    .split(/\s+/)
    .map((s) => s.toLowerCase());
  if (t[0] !== BANNER)
    throw fileError(
      fn,
      path,
      1,
      `expected the banner ${BANNER_FORM}, found ${JSON.stringify(line.slice(0, 60))}`,
    );
  if (t.length !== 5)
    throw fileError(fn, path, 1, `banner has ${t.length} words, expected 5: ${BANNER_FORM}`);
  if (t[1] !== 'matrix') throw fileError(fn, path, 1, `object '${t[1]}' is not supported (only 'matrix')`);
  const format = t[2]!;
  if (format !== 'coordinate' && format !== 'array')
    throw fileError(fn, path, 1, `format '${format}' is unknown (expected coordinate or array)`);
  const field = t[3]!;
  if (field === 'complex' || field === 'hermitian')
    throw fileError(
      fn,
      path,
      1,
      `field '${field}' is not supported (cohort reads real, integer and pattern)`,
    );
  if (field !== 'real' && field !== 'integer' && field !== 'pattern' && field !== 'double')
    throw fileError(fn, path, 1, `field '${field}' is unknown (expected real, integer or pattern)`);
  const symmetry = t[4]!;
  if (symmetry === 'hermitian')
    throw fileError(fn, path, 1, `symmetry 'hermitian' is not supported (complex values are not supported)`);
  if (symmetry !== 'general' && symmetry !== 'symmetric' && symmetry !== 'skew-symmetric')
    throw fileError(
      fn,
      path,
      1,
      `symmetry '${symmetry}' is unknown (expected general, symmetric or skew-symmetric)`,
    );
  if (format === 'array' && field === 'pattern')
    throw fileError(fn, path, 1, `field 'pattern' is only valid in coordinate files`);
  return { format, field: field === 'double' ? 'real' : field, symmetry };
}

/** The banner line for a file of this kind. */
export function bannerLine(b: MMBanner): string {
  return `%%MatrixMarket matrix ${b.format} ${b.field} ${b.symmetry}\n`;
}
