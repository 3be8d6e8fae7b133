import type { CliIo } from './command-context.js';

/**
 * Runs an import or export, and with --json prints the summary it wrote before it failed (a key
 * refused mid-run, a changed source found at its end) as a finished one's is printed: a scheduled
 * run reads its counts and report folder from that one line, whatever the exit code.
 */
export async function withWrittenSummary<T>(json: boolean, io: CliIo, run: (onSummary: (summary: unknown) => void) => Promise<T>): Promise<T> {
  let written: unknown;
  try {
    return await run((summary) => {
      written = summary;
    });
  } catch (error) {
    if (json && written !== undefined) io.stdout.write(`${JSON.stringify(written)}\n`);
    throw error;
  }
}
