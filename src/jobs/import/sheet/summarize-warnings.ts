/** Warnings shown one by one: a header of 20,000 unnamed columns would otherwise flood the log. */
const SHOWN_WARNINGS = 20;

/** The first warnings, then how many more there are. */
export function summarizeWarnings(warnings: readonly string[]): string[] {
  if (warnings.length <= SHOWN_WARNINGS) return [...warnings];
  return [...warnings.slice(0, SHOWN_WARNINGS), `… and ${warnings.length - SHOWN_WARNINGS} more warnings like these.`];
}
