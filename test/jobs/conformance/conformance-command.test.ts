import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../src/cli/exit-codes.js';
import type { Quirks } from '../../../src/emulator/pipeline/quirks.js';
import { runCliInProcess, type CliResult } from '../../cli/test-io.js';
import { startTestEmulator } from '../../emulator/start-test-emulator.js';

/** `listing-bulk conformance ARGS` against an emulator with `quirks`, through LISTING_API_URL and LISTING_API_KEY. */
async function runConformanceCommand(quirks: Quirks, args: string[]): Promise<CliResult> {
  const api = await startTestEmulator({ quirks });
  try {
    return await runCliInProcess(['conformance', ...args], { LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN });
  } finally {
    await api.close();
  }
}

describe('listing-bulk conformance', () => {

  it('prints the table and exits 0 against the plain emulator', async () => {
    const { code, stdout } = await runConformanceCommand({}, []);
    expect(code).toBe(EXIT_CODES.success);
    expect(stdout).toMatch(/^Conformance of http:\/\/\S+\/v2: assumption → observed → what it means for your runs$/m);
    expect(stdout).toMatch(/^ok {8}GET \/business\/search serves the page asked, each business once\n {10}→ pages 1 and 2 answered as asked/m);
    expect(stdout).toMatch(/^Nothing blocks a run \(0 warnings\)\.$/m);
  });

  it('exits 1 against a service that ignores filters, naming them', async () => {
    const { code, stdout } = await runConformanceCommand({ 'ignore-filters': true }, ['--json']);
    expect(code).toBe(EXIT_CODES.failed);
    const printed = JSON.parse(stdout) as { passed: boolean; checks: { id: string; status: string; observed: string }[] };
    expect(printed.passed).toBe(false);
    expect(printed.checks.filter((check) => check.status === 'blocking').map((check) => check.id)).toEqual(['filter-code', 'filter-business-in', 'filter-code-list', 'filter-feedback']);
  });

  it('exits 1 against a service that ignores the page number, naming the assumption', async () => {
    const { code, stdout } = await runConformanceCommand({ 'ignore-page': true }, []);
    expect(code).toBe(EXIT_CODES.failed);
    expect(stdout).toMatch(/^BLOCKING {2}GET \/business\/search serves the page asked, each business once\n {10}→ asked pages 1 and 2, answered pages 1 and 1$/m);
    expect(stdout).toMatch(/^2 assumptions broken/m);
  });

  it('refuses a write probe that is not c-<store code>', async () => {
    const { code, stderr } = await runConformanceCommand({}, ['--write-probe', '000003']);
    expect(code).toBe(EXIT_CODES.usage);
    expect(stderr).toContain("--write-probe takes c-<store code>, got '000003'");
  });
});
