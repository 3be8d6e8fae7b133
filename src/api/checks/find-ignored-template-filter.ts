import { findIgnoredFilter, type FilterChecks } from './find-ignored-filter.js';

/** What a message template list asks: its organization, which the spec does not say the service reads. */
export type TemplateFilter = { org_id?: number };

const CHECKS: FilterChecks<TemplateFilter> = { org_id: { field: 'org_id', accepts: (value, asked) => String(value) === String(asked) } };

/** The filter of a message template list that a template of its answer does not match, in words, or undefined. */
export function findIgnoredTemplateFilter(filter: TemplateFilter, item: unknown): string | undefined {
  return findIgnoredFilter(CHECKS, { org_id: 'org_id' }, 'template', filter, item);
}
