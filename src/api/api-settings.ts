import { readFile, stat } from 'node:fs/promises';
import { UserError } from '../user-error.js';

export interface ApiSettings {
  baseUrl: string;
  apiKey: string;
}

export class ConfigurationError extends UserError {
  override name = 'ConfigurationError';
}

/**
 * Reads `LISTING_API_URL` and `LISTING_API_KEY` (or `LISTING_API_KEY_FILE`).
 * A key file others can read is refused: the key would not stay secret.
 */
export async function readApiSettings(env: NodeJS.ProcessEnv = process.env): Promise<ApiSettings> {
  const baseUrl = env.LISTING_API_URL?.trim() ?? '';
  if (baseUrl === '') {
    throw new ConfigurationError('Could not find the API address: LISTING_API_URL is not set. Set it (for instance https://…/v2), or pass --emulator.');
  }
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new ConfigurationError(`Could not use LISTING_API_URL: '${baseUrl}' is not an http(s) URL. Set it to the API's base address ending with /v2.`);
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey: await readApiKey(env) };
}

async function readApiKey(env: NodeJS.ProcessEnv): Promise<string> {
  const inline = env.LISTING_API_KEY?.trim();
  if (inline !== undefined && inline !== '') return inline;
  const file = env.LISTING_API_KEY_FILE;
  if (file === undefined || file === '') {
    throw new ConfigurationError('Could not find the API key: neither LISTING_API_KEY nor LISTING_API_KEY_FILE is set. Set one of them, or pass --emulator.');
  }
  let mode: number;
  try {
    mode = (await stat(file)).mode;
  } catch {
    throw new ConfigurationError(`Could not read the API key file ${file}: it does not exist or cannot be opened. Check LISTING_API_KEY_FILE.`);
  }
  if ((mode & 0o077) !== 0) {
    throw new ConfigurationError(`Could not use the API key file ${file}: its group or others can read it. Run chmod 600 on it.`);
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (key === '') throw new ConfigurationError(`Could not use the API key file ${file}: it is empty. Put the key in it.`);
  return key;
}
