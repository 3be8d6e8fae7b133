export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding a byte order mark at the start of a file names, if it starts with one. */
export function readBomEncoding(head: Uint8Array): TextEncoding | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** Whether bytes given in order, across chunk boundaries, decode as UTF-8. */
export class Utf8Check {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private failed = false;

  get valid(): boolean {
    return !this.failed;
  }

  push(chunk: Uint8Array): void {
    this.decode(() => this.decoder.decode(chunk, { stream: true }));
  }

  /** The end of the bytes: a sequence cut there is not UTF-8. */
  end(): boolean {
    this.decode(() => this.decoder.decode());
    return this.valid;
  }

  private decode(run: () => string): void {
    if (this.failed) return;
    try {
      run();
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      this.failed = true;
    }
  }
}
