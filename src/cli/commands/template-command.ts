import type { Argv } from 'yargs';
import type { CommandContext, GlobalOptions } from '../command-context.js';
import type { CustomFieldReading } from '../../api/schemas/custom-fields/custom-field-reading.js';
import { readCustomFieldDefinitions } from '../../jobs/read-custom-field-definitions.js';
import { writeTemplate } from '../../jobs/template/write-template.js';
import { IMPORT_RESOURCE_ALIASES, IMPORT_RESOURCE_NAMES } from '../../resources/resource-names.js';
import { resourcePositional } from '../resource-positional.js';
import { CSV_DIALECT_NAMES } from '../../sheets/index.js';
import { withApiSession } from '../api-session.js';

export function templateCommand<T extends GlobalOptions>(yargs: Argv<T>, context: CommandContext) {
  const { logger } = context;
  return yargs.command(
    'template <resource>',
    'Write a blank spreadsheet to fill for an import (prints {"path", "columns"}); businesses get custom field columns when an API is configured or with --emulator',
    (command) =>
      command
        .positional('resource', resourcePositional(IMPORT_RESOURCE_NAMES, IMPORT_RESOURCE_ALIASES, 'What the spreadsheet imports'))
        .option('out', { type: 'string', demandOption: true, describe: 'File to write: .xlsx (notes, dropdowns, About sheet) or .csv' })
        .check((argv) => (argv.out === '-' ? 'Could not write the template: --out - (standard output) is for exports; name a .csv or .xlsx file.' : true))
        .option('csv-dialect', { choices: CSV_DIALECT_NAMES, describe: 'CSV files: excel ("," and UTF-8 with a BOM; the default), excel-semicolon (";" and decimal commas, for Excel in French or German), rfc4180' })
        .option('org', { type: 'number', alias: 'org-id', describe: 'PROVIDER keys: the organization whose custom fields to use (without it, the template has no custom field columns)' }),
    async (argv) => {
      const useApi = argv.resource === 'businesses' && (argv.emulator || (context.io.env.LISTING_API_URL ?? '') !== '');
      let customFields: CustomFieldReading[] = [];
      if (useApi) {
        await withApiSession(context, { target: { emulator: argv.emulator, emulatorRole: argv['emulator-role'] } }, async ({ client }) => {
          customFields = await readCustomFieldDefinitions(client.org(argv.org), logger);
        });
      }
      const result = await writeTemplate({ resource: argv.resource, out: argv.out, customFields, ...(argv['csv-dialect'] === undefined ? {} : { csvDialect: argv['csv-dialect'] }) }, logger);
      context.io.stdout.write(`${JSON.stringify(result)}\n`);
    },
  );
}
