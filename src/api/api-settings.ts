import { open } from 'node:fs/promises';
import { constants } from 'node:fs';
import { UserError } from '../user-error.js';

export interface ApiSettings {
  baseUrl: string;
  apiKey: string;
  /** LISTING_RATE_REDIS_URL, when set: the budget every process shares. */
  rateRedisUrl?: string;
}

class ConfigurationError extends UserError {
  override name = 'ConfigurationError';
}

/** Where a job file says its address and key are, over the environment's. */
export interface ApiSources {
  url?: string;
  /** The environment variable holding the key (LISTING_API_KEY by default). */
  keyEnv?: string;
  /** A key file; given, it is the one source of the key. */
  keyFile?: string;
}

/** A key is one line of a few hundred characters at most: anything larger is not a key file. */
const MAX_KEY_FILE_BYTES = 4096;
/** What an HTTP header value carries as is: visible ASCII. Anything else fails every request before it leaves. */
const SENDABLE_KEY = /^[\x21-\x7E]+$/;

/**
 * Reads `LISTING_API_URL` and `LISTING_API_KEY` (or `LISTING_API_KEY_FILE`), or what a job file
 * names instead, and `LISTING_RATE_REDIS_URL`. A key file others can read is refused: the key
 * would not stay secret.
 */
export async function readApiSettings(env: NodeJS.ProcessEnv, sources: ApiSources = {}): Promise<ApiSettings> {
  const baseUrl = (sources.url ?? env.LISTING_API_URL)?.trim() ?? '';
  if (baseUrl === '') {
    throw new ConfigurationError('Could not find the API address: LISTING_API_URL is not set. Set it (for instance https://…/v2), or pass --emulator.');
  }
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new ConfigurationError(`Could not use LISTING_API_URL: '${baseUrl}' is not an http(s) URL. Set it to the API's base address ending with /v2.`);
  }
  const extra = findExtraUrlParts(new URL(baseUrl));
  if (extra !== undefined) {
    throw new ConfigurationError(`Could not use LISTING_API_URL: it holds ${extra}, which every request's path would follow or carry. Set it to the API's base address alone, ending with /v2.`);
  }
  const settings = { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey: await readApiKey(env, sources) };
  const rateRedisUrl = env.LISTING_RATE_REDIS_URL?.trim() ?? '';
  if (rateRedisUrl === '') return settings;
  // The value is not echoed: it may hold Redis's password.
  if (!URL.canParse(rateRedisUrl) || !/^rediss?:$/.test(new URL(rateRedisUrl).protocol)) {
    throw new ConfigurationError('Could not use LISTING_RATE_REDIS_URL: it is not a redis:// or rediss:// URL. Set it to redis://host:port, or unset it.');
  }
  return { ...settings, rateRedisUrl };
}

/** A query, a fragment or credentials: no part of a base address, whose requests' paths are appended to it. Credentials are not echoed. */
function findExtraUrlParts(url: URL): string | undefined {
  if (url.username !== '' || url.password !== '') return 'a user name or password before the host (the key goes in LISTING_API_KEY)';
  if (url.search !== '') return `a query (${url.search})`;
  return url.hash === '' ? undefined : `a fragment (${url.hash})`;
}

/** The key, refused before any request when it cannot be sent as a header; the key itself is never echoed. */
async function readApiKey(env: NodeJS.ProcessEnv, sources: ApiSources): Promise<string> {
  const { key, setting } = await findApiKey(env, sources);
  if (!SENDABLE_KEY.test(key)) {
    throw new ConfigurationError(
      `Could not use the API key from ${setting}: it holds a character an HTTP header cannot carry (a space inside it, an accent, a sign such as €, or a control character), so no request could send it. Put the key exactly as issued in ${setting}.`,
    );
  }
  return key;
}

async function findApiKey(env: NodeJS.ProcessEnv, sources: ApiSources): Promise<{ key: string; setting: string }> {
  if (sources.keyFile !== undefined) return { key: await readKeyFile(sources.keyFile, 'key_file'), setting: `key_file (${sources.keyFile})` };
  const keyEnv = sources.keyEnv ?? 'LISTING_API_KEY';
  const inline = env[keyEnv]?.trim() ?? '';
  const file = sources.keyEnv === undefined ? (env.LISTING_API_KEY_FILE ?? '') : '';
  if (inline !== '' && file !== '') {
    throw new ConfigurationError(`Could not choose the API key: both ${keyEnv} and LISTING_API_KEY_FILE are set. Unset one of them.`);
  }
  if (inline !== '') return { key: inline, setting: keyEnv };
  if (file !== '') return { key: await readKeyFile(file, 'LISTING_API_KEY_FILE'), setting: `LISTING_API_KEY_FILE (${file})` };
  if (sources.keyEnv !== undefined) {
    // The job names the variable: LISTING_API_KEY_FILE, set or not, is not read.
    throw new ConfigurationError(`Could not find the API key: ${keyEnv}, which the job file names (api.key_env), is not set. Set it, or name a file in api.key_file instead.`);
  }
  throw new ConfigurationError(`Could not find the API key: neither ${keyEnv} nor LISTING_API_KEY_FILE is set. Set one of them, or pass --emulator.`);
}

/** One line from a small regular file only its owner reads; a directory, a FIFO or a large file is refused before anything is read from it. */
async function readKeyFile(file: string, setting: string): Promise<string> {
  const refuse = (why: string, what: string) => new ConfigurationError(`Could not use the API key file ${file}: ${why}. ${what}`);
  // O_NONBLOCK: opening a FIFO with no writer must not hang the run.
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK).catch((error: unknown) => {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'ENOENT') throw refuse('it does not exist', `Check ${setting}.`);
    const reason = error instanceof Error ? error.message : String(error);
    if (code !== 'EACCES' && code !== 'EPERM') throw refuse(`it cannot be opened (${reason})`, `Check ${setting}.`);
    // A key file mounted into a container, which runs as uid 1000, is its owner's on the host: often root's.
    const user = `uid ${process.getuid?.() ?? '?'}`;
    throw refuse(`this process (${user}) may not read it (${reason})`, `Give the file to ${user}, kept chmod 600, or run as its owner (docker run --user "$(id -u):$(id -g)").`);
  });
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw refuse('it is a directory', `Point ${setting} at the file that holds the key.`);
    if (!stats.isFile()) throw refuse('it is not a regular file (a pipe or a device)', 'Write the key to a regular file.');
    if ((stats.mode & 0o077) !== 0) throw refuse('its group or others can read it', 'Run chmod 600 on it.');
    if (stats.size > MAX_KEY_FILE_BYTES) throw refuse(`it holds ${stats.size} bytes, more than a key`, 'Put only the key in it, on one line.');
    const lines = (await handle.readFile('utf8')).split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
    if (lines.length === 0) throw refuse('it is empty', 'Put the key in it.');
    if (lines.length > 1) throw refuse(`it holds ${lines.length} lines`, 'Put only the key in it, on one line.');
    return lines[0] ?? '';
  } finally {
    await handle.close();
  }
}
