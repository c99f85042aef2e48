import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK = 1 << 20;
const NL = 10;
const CR = 13;

/**
 * Reads a text file line by line through a fixed buffer (1 MiB, grown only for a longer line):
 * the file's text is never held whole. After {@link next} returns true, the current line is
 * `buf[start, end)` (without its `\n` or `\r\n`) and `lineNo` is its 1-based number. Bytes are
 * parsed in place by the caller (see `numbers.ts`), so no string is made per line.
 */
export class LineReader {
  buf: Buffer;
  start = 0;
  end = 0;
  lineNo = 0;
  private fill = 0;
  private next0 = 0;
  private eof = false;
  private fd: number;
  /** Total bytes read so far (for tests of the streaming). */
  bytesRead = 0;

  /**
   * @param file - a path (streamed), or the whole text as bytes (read in place)
   * @param chunk - the buffer's initial size (tests use tiny ones to exercise the chunk boundaries)
   */
  constructor(file: string | Uint8Array, chunk = CHUNK) {
    if (typeof file === 'string') {
      this.buf = Buffer.allocUnsafe(chunk);
      this.fd = openSync(file, 'r');
    } else {
      this.buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
      this.fd = -1;
      this.fill = file.byteLength;
      this.bytesRead = file.byteLength;
      this.eof = true;
    }
  }

  /** Advances to the next line; false at the end of the file. */
  next(): boolean {
    let from = this.next0;
    for (;;) {
      const buf = this.buf;
      const fill = this.fill;
      let i = from;
      while (i < fill && buf[i] !== NL) i++;
      if (i < fill || (this.eof && this.next0 < fill)) {
        this.start = this.next0;
        let e = i;
        if (e > this.start && buf[e - 1] === CR) e--;
        this.end = e;
        this.next0 = i < fill ? i + 1 : fill;
        this.lineNo++;
        return true;
      }
      if (this.eof) return false;
      from = this.refill(); // the kept tail was scanned: it holds no newline
    }
  }

  /** Moves the unread tail to the front, grows the buffer when a line fills it, reads more; returns the tail length. */
  private refill(): number {
    const tail = this.fill - this.next0;
    if (tail === this.buf.length) {
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, this.next0, this.fill);
      this.buf = bigger;
    } else if (this.next0 > 0) this.buf.copy(this.buf, 0, this.next0, this.fill);
    this.next0 = 0;
    this.fill = tail;
    const n = readSync(this.fd, this.buf, this.fill, this.buf.length - this.fill, null);
    if (n === 0) this.eof = true;
    this.fill += n;
    this.bytesRead += n;
    return tail;
  }

  /** The current line as text (for error messages and the header). */
  text(): string {
    return this.buf.toString('latin1', this.start, this.end);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
  }
}
