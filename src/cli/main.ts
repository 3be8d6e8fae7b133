#!/usr/bin/env node
import { hideBin } from 'yargs/helpers';
import { runCli } from './run-cli.js';

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
