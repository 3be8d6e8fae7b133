import { describe, expect, it } from 'vitest';
import { importCommand } from '../../src/cli/import-command.js';
import { runCommandLine } from './run-command-line.js';

function runCli(args: string[]): Promise<unknown> {
  return runCommandLine(importCommand, args).parse;
}

describe('import command', () => {
  it('refuses a malformed limit before anything is read', async () => {
    await expect(runCli(['import', 'businesses', 'stores.csv', '--max-changes', 'ten'])).rejects.toThrow(
      'Could not import businesses: --max-changes: must be a number of rows N or a percentage P% (30%). Correct the options.',
    );
  });

  it('refuses breakers and conflict policies for imports other than businesses', async () => {
    await expect(runCli(['import', 'services', 'services.csv', '--max-status-changes', '3', '--on-conflict', 'overwrite', '--max-errors', '5%'])).rejects.toThrow(
      'Could not import services: --max-status-changes: applies to businesses only; --on-conflict: applies to businesses only; --max-errors: a percentage applies to businesses only (it needs a plan of the whole file); give a number of rows. Correct the options.',
    );
  });
});
