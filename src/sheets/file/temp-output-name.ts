import { randomBytes } from 'node:crypto';

const TEMP_NAME = /^\.(.+)\.\d+-[0-9a-f]+\.tmp$/;

/** `.results.csv.1234-9f3a1c.tmp`: hidden, beside the file it becomes, unique to this process. */
export function makeTempOutputName(name: string): string {
  return `.${name}.${process.pid}-${randomBytes(3).toString('hex')}.tmp`;
}

/** The name of the file a temporary output was to become, if `name` is one. */
export function readTempOutputTarget(name: string): string | undefined {
  return TEMP_NAME.exec(name)?.[1];
}
