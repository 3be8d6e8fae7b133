/** Bytes fed to a parser and not yet attributed to a record, addressed by their offset in its input. */
export class KeptBytes {
  private chunks: Buffer[] = [];
  /** Input offset of the first kept chunk. */
  private start = 0;
  private end = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  /** Forgets the bytes before `end`: whole chunks now, the start of the first one when the rest is asked for. */
  drop(end: number): void {
    this.end = end;
    for (let first = this.chunks[0]; first !== undefined && this.start + first.length <= end; first = this.chunks[0]) {
      this.chunks.shift();
      this.start += first.length;
    }
  }

  rest(): Buffer {
    return Buffer.concat(this.chunks).subarray(this.end - this.start);
  }
}
