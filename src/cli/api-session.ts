import type { ApiClient, ApiClientOptions } from '../api/api-client.js';
import { createApiClient } from '../api/api-client.js';
import type { ApiSources } from '../api/api-settings.js';
import { DEFAULT_RATE_PER_MINUTE } from '../api/facts/service-facts.js';
import { openApiTarget, type ApiTargetOptions } from './api-target.js';
import type { CommandContext } from './command-context.js';
import { showProgress, type ProgressDisplay } from './progress/show-progress.js';
import { withStopSignal } from './stop-signal.js';

export interface ApiSessionOptions {
  target: ApiTargetOptions & { sources?: ApiSources };
  /** Pacing and retries; the address, key and stop signal come from the session. */
  client?: Omit<ApiClientOptions, 'baseUrl' | 'apiKey' | 'signal'>;
}

/** What a command works with: the client, the progress line, and the signal SIGINT and SIGTERM fire. */
export interface ApiSession {
  client: ApiClient;
  baseUrl: string;
  progress: ProgressDisplay;
  signal: AbortSignal;
}

/** Opens the target (the configured API, or an emulator started for the command) and a client on it; `close` undoes both. */
export async function openApiSession(options: ApiSessionOptions, signal: AbortSignal, context: CommandContext): Promise<ApiSession & { close(): Promise<void> }> {
  const { env, clock } = context.io;
  const target = await openApiTarget(options.target, env, context.logger, clock);
  const client = createApiClient({ ...target.settings, ...options.client, signal, logger: context.logger, ...(clock === undefined ? {} : { clock }) });
  const progress = showProgress(client, options.client?.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE, context.statusLine, context.logger);
  return {
    client,
    baseUrl: target.settings.baseUrl,
    progress,
    signal,
    async close() {
      progress.stop();
      await client.close();
      await target.close();
    },
  };
}

/** Runs a command's work in a session, stopped by SIGINT and SIGTERM, and always closes it. */
export async function withApiSession(context: CommandContext, options: ApiSessionOptions, run: (session: ApiSession) => Promise<void>): Promise<void> {
  await withStopSignal(context, async (signal) => {
    const session = await openApiSession(options, signal, context);
    try {
      await run(session);
    } finally {
      await session.close();
    }
  });
}
