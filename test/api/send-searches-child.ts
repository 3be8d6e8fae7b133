import { sendSearches } from './send-searches.js';

/** The second process of the shared budget test: prints its counters, and must exit on its own once its client is closed. */
const counters = await sendSearches(process.env, Number(process.env.SEARCHES), {
  ratePerMinute: Number(process.env.RATE_PER_MINUTE),
  rateWindowMs: Number(process.env.RATE_WINDOW_MS),
});
process.stdout.write(JSON.stringify(counters));
