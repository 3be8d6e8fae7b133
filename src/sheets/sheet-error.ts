import { UserError } from '../user-error.js';
/**
 * A job-level problem with a spreadsheet file (missing, unreadable, wrong sheet, bad header).
 * Its message reads "Could not <do what>: <why>. <what to do>".
 */
export class SheetError extends UserError {
  override readonly name = 'SheetError';

  constructor(action: string, reason: string, advice: string, options?: ErrorOptions) {
    super(`Could not ${action}: ${reason}. ${advice}`, options);
  }
}
