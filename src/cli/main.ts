#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { createLogger } from './create-logger.js';
import { emulatorCommand } from './emulator-command.js';

const logger = createLogger();
const cli = yargs(hideBin(process.argv)).scriptName('listing-bulk').strict().demandCommand(1).recommendCommands().help();
await emulatorCommand(cli, logger).parseAsync();
