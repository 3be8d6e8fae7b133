import type { z } from 'zod';
import type { ApiRequest } from '../transport/api-request.js';

/** Sends a request through the organization's pacer and retries, and parses the answer with `schema`. */
export type CallApi = <T>(request: ApiRequest, schema: z.ZodType<T>) => Promise<T>;
