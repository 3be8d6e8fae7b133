/**
 * The `<resource>` positional of a command: its names and their aliases are accepted, and the
 * command gets the resource's own name.
 */
export function resourcePositional<R extends string>(names: readonly R[], aliases: Readonly<Record<string, R>>, describe: string) {
  return {
    choices: [...names, ...Object.keys(aliases)],
    demandOption: true,
    describe: `${describe}${Object.keys(aliases).length === 0 ? '' : ` (${Object.entries(aliases).map(([alias, name]) => `${alias} = ${name}`).join(', ')})`}`,
    coerce: (given: string): R => {
      const name = names.find((candidate) => candidate === given) ?? aliases[given];
      // yargs checks the choices after coercion: an unknown name goes on to its usual message.
      return name ?? (given as R);
    },
  } as const;
}
