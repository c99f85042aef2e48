import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { fileError } from './errors.js';

/**
 * A minimal ZIP reader and writer for `.npz` files: stored (method 0) and deflate (method 8)
 * entries, local headers + central directory + end record. Sizes and offsets are taken from the
 * central directory, so NumPy's local headers (written with ZIP64 extras and 0xFFFFFFFF sizes)
 * read fine. ZIP64 archives are read (the ZIP64 end record and the entries' ZIP64 extra fields);
 * they are not written: an archive that would need ZIP64 (an entry or the archive past 4 GiB,
 * more than 65534 entries) is a ValueError.
 */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_Z64_END = 0x06064b50;
const SIG_Z64_LOCATOR = 0x07064b50;
/** A 4-byte size or offset that says "see the ZIP64 extra field". */
const SAT = 0xffffffff;

/** The bounds of the ZIP64 extended-information field (id 1) in an extra block, or null. */
function zip64Extra(v: DataView, start: number, length: number): { start: number; end: number } | null {
  for (let q = start; q + 4 <= start + length; ) {
    const id = v.getUint16(q, true);
    const size = v.getUint16(q + 2, true);
    if (id === 1) return { start: q + 4, end: Math.min(q + 4 + size, start + length) };
    q += 4 + size;
  }
  return null;
}

/**
 * Reads every entry of the archive in `bytes`, checking each CRC-32.
 * @throws FormatError naming `fn`, `path` and the entry: not a ZIP, unknown compression, truncated
 *   or corrupt entries or ZIP64 records.
 */
export function readZip(bytes: Uint8Array, fn: string, path: string): ZipEntry[] {
  if (bytes.length === 0) throw fileError(fn, path, undefined, 'file is empty (expected a ZIP archive)');
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let p = bytes.length - 22; p >= Math.max(0, bytes.length - 22 - 0xffff); p--)
    if (v.getUint32(p, true) === SIG_END) {
      end = p;
      break;
    }
  if (end < 0)
    throw fileError(
      fn,
      path,
      undefined,
      'not a ZIP archive (no end-of-central-directory record; truncated?)',
    );
  let count = v.getUint16(end + 10, true);
  let cdSize = v.getUint32(end + 12, true);
  let cdOffset = v.getUint32(end + 16, true);
  // ZIP64: a locator just before the end record points at the ZIP64 end record, whose 8-byte
  // fields hold the real count, size and offset (the 2- and 4-byte ones may be saturated).
  if (end >= 20 && v.getUint32(end - 20, true) === SIG_Z64_LOCATOR) {
    const rec = Number(v.getBigUint64(end - 20 + 8, true));
    if (rec + 56 > end || v.getUint32(rec, true) !== SIG_Z64_END)
      throw fileError(fn, path, undefined, 'corrupt ZIP64: the ZIP64 end record is missing');
    count = Number(v.getBigUint64(rec + 32, true));
    cdSize = Number(v.getBigUint64(rec + 40, true));
    cdOffset = Number(v.getBigUint64(rec + 48, true));
  } else if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff)
    throw fileError(fn, path, undefined, 'corrupt ZIP: saturated end record without a ZIP64 locator');
  if (cdOffset + cdSize > end)
    throw fileError(fn, path, undefined, 'corrupt ZIP: the central directory lies outside the file');
  const out: ZipEntry[] = [];
  let p = cdOffset;
  for (let e = 0; e < count; e++) {
    if (p + 46 > end || v.getUint32(p, true) !== SIG_CENTRAL)
      throw fileError(fn, path, undefined, `corrupt ZIP: central directory entry ${e} is malformed`);
    const method = v.getUint16(p + 10, true);
    const crc = v.getUint32(p + 16, true);
    let csize = v.getUint32(p + 20, true);
    let usize = v.getUint32(p + 24, true);
    const nlen = v.getUint16(p + 28, true);
    const xlen = v.getUint16(p + 30, true);
    const clen = v.getUint16(p + 32, true);
    let local = v.getUint32(p + 42, true);
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + p + 46, nlen).toString('utf8');
    const where = `entry '${name}'`;
    if (usize === SAT || csize === SAT || local === SAT) {
      // The ZIP64 extra field (id 1) holds the saturated fields, 8 bytes each, in this order.
      const z = zip64Extra(v, p + 46 + nlen, xlen);
      if (z === null)
        throw fileError(fn, path, where, 'corrupt ZIP64: saturated sizes without a ZIP64 extra field');
      let at = z.start;
      const next = () => {
        if (at + 8 > z.end)
          throw fileError(fn, path, where, 'corrupt ZIP64: the ZIP64 extra field is too short');
        const x = Number(v.getBigUint64(at, true));
        at += 8;
        return x;
      };
      if (usize === SAT) usize = next();
      if (csize === SAT) csize = next();
      if (local === SAT) local = next();
    }
    p += 46 + nlen + xlen + clen;
    if (local + 30 > bytes.length || v.getUint32(local, true) !== SIG_LOCAL)
      throw fileError(fn, path, where, 'corrupt ZIP: local header missing');
    const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    if (start + csize > bytes.length)
      throw fileError(fn, path, where, 'truncated: the entry runs past the end of the file');
    const raw = bytes.subarray(start, start + csize);
    let data: Uint8Array;
    if (method === 0) data = raw;
    else if (method === 8) {
      try {
        data = inflateRawSync(raw);
      } catch (err) {
        throw fileError(fn, path, where, `corrupt deflate data (${(err as Error).message})`);
      }
    } else
      throw fileError(fn, path, where, `compression method ${method} is not supported (stored or deflate)`);
    if (data.length !== usize)
      throw fileError(fn, path, where, `size ${data.length} differs from the recorded ${usize}`);
    if (crc32(data) !== crc) throw fileError(fn, path, where, 'CRC-32 mismatch (corrupt file)');
    out.push({ name, data });
  }
  return out;
}

/** One entry to write: its name and its content as consecutive byte chunks. */
export interface ZipInput {
  name: string;
  chunks: Uint8Array[];
}

/**
 * Writes a ZIP archive through `write`, entries deflated when `compressed`, stored otherwise.
 * Timestamps are fixed (1980-01-01) so that equal inputs give equal files.
 * @throws RangeError (the caller turns it into a ValueError) when ZIP64 would be needed.
 */
export function writeZip(entries: ZipInput[], compressed: boolean, write: (b: Uint8Array) => void): void {
  if (entries.length > 0xfffe) throw new RangeError('more than 65534 entries need ZIP64');
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const plain = e.chunks.length === 1 ? e.chunks[0]! : Buffer.concat(e.chunks);
    let crc = 0;
    crc = crc32(plain, crc);
    const body = compressed ? deflateRawSync(plain) : plain;
    if (plain.length >= 0xffffffff || body.length >= 0xffffffff || offset >= 0xffffffff)
      throw new RangeError(`entry '${e.name}' needs ZIP64 (4 GiB or more)`);
    const method = compressed ? 8 : 0;
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, SIG_LOCAL, true);
    lv.setUint16(4, 20, true); // version needed: 2.0
    lv.setUint16(6, 0, true); // flags
    lv.setUint16(8, method, true);
    lv.setUint16(10, 0, true); // time 00:00
    lv.setUint16(12, 0x21, true); // date 1980-01-01
    lv.setUint32(14, crc, true);
    lv.setUint32(18, body.length, true);
    lv.setUint32(22, plain.length, true);
    lv.setUint16(26, name.length, true);
    lv.setUint16(28, 0, true);
    local.set(name, 30);
    const cd = new Uint8Array(46 + name.length);
    const cv = new DataView(cd.buffer);
    cv.setUint32(0, SIG_CENTRAL, true);
    cv.setUint16(4, 20, true); // version made by
    cd.set(local.subarray(4, 30), 6); // version needed .. extra length: same as the local header
    cv.setUint32(42, offset, true);
    cd.set(name, 46);
    central.push(cd);
    write(local);
    write(body);
    offset += local.length + body.length;
  }
  const cdStart = offset;
  let cdSize = 0;
  for (const c of central) {
    write(c);
    cdSize += c.length;
  }
  if (cdStart + cdSize >= 0xffffffff) throw new RangeError('archive of 4 GiB or more needs ZIP64');
  const endRec = new Uint8Array(22);
  const ev = new DataView(endRec.buffer);
  ev.setUint32(0, SIG_END, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, cdStart, true);
  write(endRec);
}
