/**
 * What one row of a sheet comes to, as a value: the record it addresses, the payload its filled
 * cells build, and every problem of the row as "column: why". A row with errors is not sent;
 * target and update are undefined when the row cannot tell them.
 */
export interface RowOutcome<Target, Update> {
  line: number;
  target: Target | undefined;
  update: Update | undefined;
  errors: string[];
  /** How cells were read when it is worth knowing (a national phone number sent in E.164); they go to `_changes`. */
  notes?: string[];
}
