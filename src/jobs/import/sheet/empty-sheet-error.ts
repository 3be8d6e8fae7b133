import { UserError } from '../../../user-error.js';

/** A sheet with a header and no rows: most often the wrong sheet of a workbook (an About sheet), or a file cut short. */
export class EmptySheetError extends UserError {
  override name = 'EmptySheetError';

  /** `format`: a CSV file holds one table, so no other sheet is to be named. */
  constructor(file: string, sheet: string | undefined, format: 'csv' | 'xlsx') {
    super(
      `Could not import ${file}${sheet === undefined ? '' : ` (sheet ${sheet})`}: there are no rows under the header, so nothing was imported. ` +
        (format === 'csv' ? 'Check that the file is the one you meant, and that it was written whole.' : 'Check that --sheet (a job step: sheet) names the sheet that holds the rows, and that the file is the one you meant.'),
    );
  }
}
