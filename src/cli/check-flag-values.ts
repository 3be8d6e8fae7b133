/** Flags that count things or name an organization: whole numbers, 1 or more. */
const POSITIVE_INTEGERS = new Set(['org', 'org-id', 'concurrency']);
/** Flags that are a rate: more than 0. */
const POSITIVE = new Set(['rate-per-minute']);
/** Flags where `-` stands for standard output. */
const DASH_FLAGS = new Set(['out']);

/** `--out -` as `--out=-`: yargs reads a `-` after a flag as an argument of its own, and the flag as empty. */
export function joinDashValues(args: readonly string[]): string[] {
  return args.flatMap((arg, index) => {
    if (arg === '-' && DASH_FLAGS.has(args[index - 1]?.slice(2) ?? '')) return [];
    return DASH_FLAGS.has(arg.slice(2)) && arg.startsWith('--') && args[index + 1] === '-' ? [`${arg}=-`] : [arg];
  });
}

/**
 * A flag written without its value, or a number flag given anything but the number it takes, as
 * a usage problem; else true. yargs reads `--report` before another flag as '', `--user` as [],
 * `--org` as undefined, `--concurrency` as its default and `--org abc` as NaN, which a command
 * would otherwise act on (a report folder named '', a request with `org_id=NaN`). Boolean flags
 * read as booleans and pass.
 */
export function checkFlagValues(args: readonly string[], argv: Record<string, unknown>): true | string {
  for (const [index, arg] of args.entries()) {
    if (arg === '--') break;
    if (!arg.startsWith('--')) continue;
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s);
    const value = argv[name];
    if (typeof value === 'boolean' || (value === undefined && typeof argv[name.replace(/^no-/, '')] === 'boolean')) continue;
    const next = args[index + 1];
    const written = inline ?? (next === undefined || next.startsWith('--') ? '' : next);
    // What yargs made of nothing ('', [], undefined, or the flag's default) is not looked at.
    if (written.trim() === '') return `--${name} needs a value`;
    if (written === '-' && !DASH_FLAGS.has(name)) return describeDashValue(name);
    // A number flag given twice is a list that no command reads as one: `--org 1 --org 2` would send `org_id=1,2`.
    if (Array.isArray(value) && value.some((item) => typeof item === 'number')) return describeRepeated(name, value);
    if (typeof value !== 'number') continue;
    if (!Number.isFinite(value)) return `--${name} needs a number, got '${written}'`;
    if (POSITIVE_INTEGERS.has(name) && (!Number.isInteger(value) || value < 1)) return `--${name} needs a whole number, 1 or more, got '${written}'`;
    if (POSITIVE.has(name) && value <= 0) return `--${name} needs a number more than 0, got '${written}'`;
  }
  return true;
}

/**
 * `--report -` as the problem it is: yargs leaves a `-` after a flag over as an unknown argument,
 * and only the import's file argument and an export's --out stand for a pipe. Undefined when no
 * flag is given `-`.
 */
export function findDashValue(args: readonly string[]): string | undefined {
  const index = args.findIndex((arg, at) => arg === '-' && at > 0 && args[at - 1]?.startsWith('--') === true && !args[at - 1]?.includes('='));
  return index < 0 ? undefined : describeDashValue(args[index - 1]?.slice(2) ?? '');
}

function describeRepeated(name: string, values: readonly unknown[]): string {
  const given = values.join(', ');
  const perOrganization = name === 'org' ? ` (a job step with org: [${given}] runs once per organization)` : '';
  return `--${name} is given more than once (${given}); it takes one value${perOrganization}`;
}

function describeDashValue(name: string): string {
  return `--${name} takes a path: - (standard input or output) stands only for the file of import <resource> - and for export's --out`;
}
