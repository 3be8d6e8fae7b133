import { countOf } from './count-of.js';
import type { CheckStatus, ConformanceResult } from '../jobs/conformance/conformance-check.js';

const LABELS: Record<CheckStatus, string> = { ok: 'ok', warning: 'warning', blocking: 'BLOCKING', 'not-checked': 'unknown' };
const INDENT = ' '.repeat(Math.max(...Object.values(LABELS).map((label) => label.length)) + 2);

/**
 * The table for a person: per assumption its status, then what was observed and what it means
 * for import and export runs, under it; a last line says whether anything blocks a run, or that the
 * service could not be reached.
 */
export function formatConformance(url: string, result: ConformanceResult): string {
  const lines = [`Conformance of ${url}: assumption → observed → what it means for your runs`, ''];
  for (const check of result.checks) {
    lines.push(`${LABELS[check.status].padEnd(INDENT.length)}${check.assumption}`);
    lines.push(`${INDENT}→ ${check.observed}`, `${INDENT}→ ${check.meaning}`);
  }
  const blocking = result.checks.filter((check) => check.status === 'blocking').length;
  const warnings = result.checks.filter((check) => check.status === 'warning').length;
  const broken = `${countOf(blocking, 'assumption')} broken: runs against this service would stop or go wrong (BLOCKING above).`;
  lines.push(
    '',
    result.outage !== undefined
      ? `The service could not be reached: what was not checked is not known (unknown above).${blocking === 0 ? '' : ` ${broken}`}`
      : blocking === 0
        ? `Nothing blocks a run (${countOf(warnings, 'warning')}).`
        : broken,
  );
  return `${lines.join('\n')}\n`;
}
