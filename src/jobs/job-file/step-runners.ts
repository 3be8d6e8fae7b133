import { parseExportFilters } from '../export/export-filters.js';
import { exportResource } from '../export/export-resource.js';
import { importSheet } from '../import/import-sheet.js';
import { countProblems } from '../import/row-status.js';
import type { StepRunners } from './run-job.js';

/** The real steps: the same import and export a command line runs. */
export const STEP_RUNNERS: StepRunners = {
  async runImport(client, resource, options, logger) {
    const summary = await importSheet(client, resource, options, logger);
    return { partial: countProblems(summary.rows) > 0, summary };
  },
  async runExport(client, resource, { filters, ...options }, logger) {
    const summary = await exportResource(client, resource, { ...options, filters: parseExportFilters(resource, filters) }, logger);
    return { partial: summary.failures > 0, summary };
  },
};
