import type { LineEnding } from './csv-dialect.js';

/** The line ending of a CSV text: its first line break outside quotes; CRLF when the sample has none. */
export function detectLineEnding(sample: string): LineEnding {
  let quoted = false;
  for (let index = 0; index < sample.length; index++) {
    const char = sample[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\n') return '\n';
    // A CR that ends the sample may be the first half of a CRLF cut there.
    else if (!quoted && char === '\r') return sample[index + 1] === '\n' || index + 1 === sample.length ? '\r\n' : '\r';
  }
  return '\r\n';
}
