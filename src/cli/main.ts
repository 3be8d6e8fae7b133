#!/usr/bin/env node
import { hideBin } from 'yargs/helpers';
import { runCli } from './run-cli.js';

process.exitCode = await runCli(hideBin(process.argv), { env: process.env, stdout: process.stdout, stderr: process.stderr, signals: process });
