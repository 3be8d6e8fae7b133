const LF = 0x0a;
const CR = 0x0d;

/** Counts physical lines in bytes given in order: CRLF, LF and CR each end a line, even a CRLF split between chunks. */
export class LineCounter {
  /** The line of the next byte. */
  line = 1;
  private afterCr = false;

  count(bytes: Uint8Array): void {
    for (const byte of bytes) this.countByte(byte);
  }

  /** Counts bytes up to the end of the current line and returns the bytes after it. */
  skipLine(bytes: Buffer): Buffer {
    const start = this.line;
    let index = 0;
    while (index < bytes.length && this.line === start) {
      this.countByte(bytes[index] ?? 0);
      index += 1;
    }
    if (this.afterCr && bytes[index] === LF) {
      this.countByte(LF);
      index += 1;
    }
    return bytes.subarray(index);
  }

  /** Drops the LF of a CRLF whose CR ended the bytes skipped before (a CRLF split between chunks). */
  skipLfAfterCr(bytes: Buffer): Buffer {
    if (!this.afterCr || bytes[0] !== LF) return bytes;
    this.countByte(LF);
    return bytes.subarray(1);
  }

  private countByte(byte: number): void {
    if (byte === LF && !this.afterCr) this.line += 1;
    if (byte === CR) this.line += 1;
    this.afterCr = byte === CR;
  }
}
