/** A stream a command writes its output to: process.stdout and process.stderr, or a buffer in tests. */
export interface OutputStream {
  write(text: string): unknown;
  /** A terminal, where a person reads: process.stdout and process.stderr tell. */
  isTTY?: boolean;
  /** A terminal's width. */
  columns?: number;
}
