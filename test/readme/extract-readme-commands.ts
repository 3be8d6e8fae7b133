/** A command of a shell block of the README, as a reader would type it. */
export interface ReadmeCommand {
  /** The command, continuation lines joined, its comment left out. */
  text: string;
  /** Its line in the README. */
  line: number;
}

/**
 * Every command of the README's shell blocks (```sh): a line and its `\` continuations, without its
 * `# comment`, split at `&&`; comment lines and blank lines are not commands.
 */
export function extractReadmeCommands(markdown: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  let inShell = false;
  let pending: ReadmeCommand | undefined;
  for (const [index, raw] of markdown.split('\n').entries()) {
    const fence = /^```(\w*)/.exec(raw);
    if (fence !== null) {
      inShell = !inShell && ['sh', 'bash', 'shell'].includes(fence[1] ?? '');
      continue;
    }
    if (!inShell) continue;
    const code = raw.replace(/(^|\s)#.*$/, '').trim();
    if (code === '' && pending === undefined) continue;
    const joined = pending === undefined ? { text: code, line: index + 1 } : { ...pending, text: `${pending.text} ${code}` };
    if (joined.text.endsWith('\\')) {
      pending = { ...joined, text: joined.text.slice(0, -1).trim() };
      continue;
    }
    pending = undefined;
    for (const part of joined.text.split('&&')) commands.push({ text: part.trim().replace(/\s+/g, ' '), line: joined.line });
  }
  return commands;
}
