/**
 * yargs' own words for a command line it cannot read, as one clause each: the CLI's message puts
 * them after "Could not read the command line:". Its lists (`Invalid values:` and a line per value)
 * are joined into one line.
 */
export const USAGE_WORDS = {
  'Invalid values:': 'a value is not one of its choices:',
  'Argument: %s, Given: %s, Choices: %s': '%s is %s, where it takes %s',
  'Not enough non-option arguments: got %s, need at least %s': {
    one: '%s value is given after the command, where it takes at least %s',
    other: '%s values are given after the command, where it takes at least %s',
  },
  'Too many non-option arguments: got %s, maximum of %s': {
    one: '%s value is given after the command, where it takes at most %s',
    other: '%s values are given after the command, where it takes at most %s',
  },
  // yargs names an option without its dashes.
  'Unknown argument: %s': { one: '%s is not an option or a value it takes', other: '%s are not options or values it takes' },
  'Unknown command: %s': { one: 'no command is named %s', other: 'no commands are named %s' },
  'Missing required argument: %s': { one: 'the option --%s is required', other: 'the options %s are required' },
  'Did you mean %s?': 'did you mean %s?',
};

/** yargs' message for a `-` left over after a flag (`--report -`). */
export const UNKNOWN_DASH = USAGE_WORDS['Unknown argument: %s'].one.replace('%s', '-');

/** One line: `no command is named improt; did you mean import?` where yargs says only the suggestion. */
export function describeUsageProblem(message: string, args: readonly string[]): string {
  const problem = message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
  return problem.startsWith('did you mean') ? `no command is named ${args[0] ?? ''}; ${problem}` : problem;
}
