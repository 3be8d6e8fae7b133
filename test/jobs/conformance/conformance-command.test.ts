import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../src/cli/exit-codes.js';
import type { Quirks } from '../../../src/emulator/pipeline/quirks.js';
import { findFreePort } from '../../api/find-free-port.js';
import { createSkippingClock } from '../../api/skipping-clock.js';
import { runCliInProcess, testIo, type CliResult } from '../../cli/test-io.js';
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

  it('says a service that refuses connections could not be reached, exit 1, without reading any check as broken', async () => {
    const url = `http://127.0.0.1:${await findFreePort()}/v2`;
    const { code, stdout, said } = await runCliInProcess(['conformance'], { LISTING_API_URL: url, LISTING_API_KEY: 'k' });
    expect(code).toBe(EXIT_CODES.failed);
    expect(stdout).not.toContain('BLOCKING');
    expect(stdout).toMatch(/^unknown {3}GET \/business\/search serves the page asked, each business once\n {10}→ not checked: the service could not be reached$/m);
    expect(stdout).toMatch(/^The service could not be reached: what was not checked is not known \(unknown above\)\.$/m);
    expect(said).toContain(`Could not connect to the API at ${url}: the connection was refused (ECONNREFUSED). Check LISTING_API_URL and the network, then run again.\n`);
    expect(said).not.toContain('Not sent');
  });

  it('keeps the checks the service answered, and leaves those after it went down unknown, not broken', async () => {
    const api = await startTestEmulator();
    // The business pages are answered; every search by a filter, and every other request, is answered 503.
    api.emulator.faults.script = (_n, req) => (req.path === '/business/search' && !req.query.has('code') && !req.query.has('business__in') ? undefined : { status: 503 });
    try {
      const env = { LISTING_API_URL: api.url, LISTING_API_KEY: api.emulator.keys.ORG_ADMIN };
      const { code, stdout, said } = await runCliInProcess(['conformance', '--json'], env, { ...testIo(env), clock: createSkippingClock() });
      expect(code).toBe(EXIT_CODES.failed);
      const printed = JSON.parse(stdout) as { passed: boolean; unreachable?: string; checks: { id: string; status: string; observed: string }[] };
      expect(printed.passed).toBe(false);
      expect(printed.checks.filter((check) => check.status === 'blocking')).toEqual([]);
      expect(printed.checks.find((check) => check.id === 'business-pages')?.status).toBe('ok');
      expect(printed.checks.find((check) => check.id === 'filter-code')?.observed).toBe('not checked: the service could not be reached');
      expect(printed.unreachable).toMatch(/^Could not GET \/business\/search: the service failed \(503\).*Run again later\.$/);
      expect(said).toContain(`${printed.unreachable ?? ''}\n`);
    } finally {
      await api.close();
    }
  });
});
