/**
 * The one line at the bottom of a terminal that a progress display redraws in place. Logs go to
 * the same stderr: the logger clears the line before each record, and the next redraw puts it back.
 */
export class StatusLine {
  private shown = false;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  get isTerminal(): boolean {
    return this.stream.isTTY;
  }

  draw(text: string): void {
    const width = this.stream.columns > 1 ? this.stream.columns - 1 : text.length;
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

export const stderrStatusLine = new StatusLine(process.stderr);
