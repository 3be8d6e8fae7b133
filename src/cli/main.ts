#!/usr/bin/env node
import { exitOnUnheardStop } from './exit-on-unheard-stop.js';

// Before the CLI's modules load (a second or two in a container), which a stop must not wait for.
exitOnUnheardStop(process);
const { hideBin } = await import('yargs/helpers');
const { runCli } = await import('./run-cli.js');

// A reader gone away (a pipe closed by `head`, a log collector stopped) loses the output, not the work: the reports keep the outcome.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

process.exitCode = await runCli(hideBin(process.argv), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  // Only a command that reads standard input opens it.
  get stdin() {
    return process.stdin;
  },
  signals: process,
});
