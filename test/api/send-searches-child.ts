import { sendSearches } from './send-searches.js';

/** The second process of the shared budget test: prints its counters, and must exit on its own once its client is closed. */
// Loaded: the test starts its own searches now, so that the two processes run at the same time.
process.stderr.write('ready\n');
const counters = await sendSearches(process.env, Number(process.env.SEARCHES), {
  ratePerMinute: Number(process.env.RATE_PER_MINUTE),
  rateWindowMs: Number(process.env.RATE_WINDOW_MS),
});
process.stdout.write(JSON.stringify(counters));
