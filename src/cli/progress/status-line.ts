import type { OutputStream } from '../output-stream.js';

/**
 * The one line at the bottom of a terminal that a progress display redraws in place. Logs go to
 * the same stderr: the logger clears the line before each record, and the next redraw puts it back.
 */
export class StatusLine {
  private shown = false;

  constructor(private readonly stream: OutputStream) {}

  get isTerminal(): boolean {
    return this.stream.isTTY === true;
  }

  draw(text: string): void {
    const columns = this.stream.columns ?? 0;
    const width = columns > 1 ? columns - 1 : text.length;
    // Cut to the terminal's width, or a wrapped line would leave its start behind on every redraw.
    this.stream.write(`\r\u001b[2K${text.slice(0, width)}`);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    this.stream.write('\r\u001b[2K');
    this.shown = false;
  }
}
