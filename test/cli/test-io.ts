import { EventEmitter } from 'node:events';
import type { CliIo, OutputStream } from '../../src/cli/command-context.js';
import { runCli } from '../../src/cli/run-cli.js';

/** An output stream that keeps what is written. */
export interface BufferStream extends OutputStream {
  text(): string;
}

export function bufferStream(): BufferStream {
  const chunks: string[] = [];
  return {
    write(text: string) {
      chunks.push(text);
      return true;
    },
    text: () => chunks.join(''),
  };
}

export interface TestIo extends CliIo {
  stdout: BufferStream;
  stderr: BufferStream;
  signals: EventEmitter;
}

/** The io of a test: output kept in buffers, signals sent with `io.signals.emit('SIGTERM')`, an environment with no API configured unless given. */
export function testIo(env: NodeJS.ProcessEnv = {}): TestIo {
  return {
    env: { LOG_LEVEL: 'info', LISTING_API_URL: '', LISTING_API_KEY: '', LISTING_API_KEY_FILE: '', ...env },
    stdout: bufferStream(),
    stderr: bufferStream(),
    signals: new EventEmitter(),
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI in this process, as its binary runs it: argv in, exit code and output out. */
export async function runCliInProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}, io: TestIo = testIo(env)): Promise<CliResult> {
  const code = await runCli(args, io);
  return { code, stdout: io.stdout.text(), stderr: io.stderr.text() };
}
