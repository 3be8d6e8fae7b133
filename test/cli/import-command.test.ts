import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { runCliInProcess } from './test-io.js';

describe('import command', () => {
  it('refuses a malformed limit before anything is read', async () => {
    const result = await runCliInProcess(['import', 'businesses', 'stores.csv', '--max-changes', 'ten']);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.stderr).toContain('Could not import businesses: --max-changes: must be a number of rows N or a percentage P% (30%). Correct the options.');
  });

  it('refuses breakers and conflict policies for imports other than businesses', async () => {
    const result = await runCliInProcess(['import', 'services', 'services.csv', '--max-status-changes', '3', '--on-conflict', 'overwrite', '--max-errors', '5%']);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.stderr).toContain(
      'Could not import services: --max-status-changes: applies to businesses only; --on-conflict: applies to businesses only; --max-errors: a percentage applies to businesses only (it needs a plan of the whole file); give a number of rows. Correct the options.',
    );
  });
});
