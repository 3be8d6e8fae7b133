import { EventEmitter } from 'node:events';
import type { CliIo } from '../../src/cli/command-context.js';
import type { OutputStream } from '../../src/cli/output-stream.js';
import { runCli } from '../../src/cli/run-cli.js';
import { createSkippingClock } from '../api/skipping-clock.js';

/** An output stream that keeps what is written. */
export interface BufferStream extends OutputStream {
  text(): string;
}

function bufferStream(): BufferStream {
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

/**
 * The io of a test: output kept in buffers, signals sent with `io.signals.emit('SIGTERM')`, an
 * environment with no API configured unless given. A command's own emulator (--emulator) shares a
 * clock that skips every wait (pacing, back-off); a server the test started keeps real time, and so
 * does the CLI that talks to it.
 */
export function testIo(env: NodeJS.ProcessEnv = {}): TestIo {
  return {
    env: { LOG_LEVEL: 'info', LISTING_API_URL: '', LISTING_API_KEY: '', LISTING_API_KEY_FILE: '', ...env },
    stdout: bufferStream(),
    stderr: bufferStream(),
    signals: new EventEmitter(),
    ...(env.LISTING_API_URL === undefined ? { clock: createSkippingClock() } : {}),
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stderr as a person reads it: each JSON log record as its message, a line each. */
  said: string;
}

/** The CLI in this process, as its binary runs it: argv in, exit code and output out. */
export async function runCliInProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}, io: TestIo = testIo(env)): Promise<CliResult> {
  const code = await runCli(args, io);
  const stderr = io.stderr.text();
  return { code, stdout: io.stdout.text(), stderr, said: readMessages(stderr) };
}

function readMessages(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      if (!line.startsWith('{"level"')) return `${line}\n`;
      const { msg } = JSON.parse(line) as { msg?: unknown };
      return `${String(msg)}\n`;
    })
    .join('');
}

/** The CLI in this process, run from `dir`: job files name their paths from the working directory. */
export async function runCliInProcessFrom(dir: string, args: readonly string[], io: TestIo = testIo()): Promise<CliResult> {
  const home = process.cwd();
  process.chdir(dir);
  try {
    return await runCliInProcess(args, {}, io);
  } finally {
    process.chdir(home);
  }
}

export interface CliServing {
  /** The first line the command writes on stdout: a server's address. */
  firstLine: Promise<string>;
  /** The command's end, once `io.signals` stops it. */
  done: Promise<CliResult>;
}

/** A command that serves until stopped (the emulator), run in this process. */
export function serveCliInProcess(args: readonly string[], io: TestIo = testIo()): CliServing {
  const firstLine = new Promise<string>((resolve) => {
    const write = io.stdout.write.bind(io.stdout);
    io.stdout.write = (text: string) => {
      const written = write(text);
      const all = io.stdout.text();
      if (all.includes('\n')) resolve(all.slice(0, all.indexOf('\n')));
      return written;
    };
  });
  return { firstLine, done: runCliInProcess(args, {}, io) };
}
