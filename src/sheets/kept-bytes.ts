/** Bytes fed to a parser and not yet attributed to a record, addressed by their offset in its input. */
export class KeptBytes {
  private chunks: Buffer[] = [];
  private start = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  /** Hands the bytes before `end` to `visit`, then forgets them. */
  drop(end: number, visit: (bytes: Buffer) => void): void {
    for (let first = this.chunks[0]; first !== undefined && this.start < end; first = this.chunks[0]) {
      const length = Math.min(first.length, end - this.start);
      visit(first.subarray(0, length));
      if (length === first.length) this.chunks.shift();
      else this.chunks[0] = first.subarray(length);
      this.start += length;
    }
  }

  rest(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
