const SAMPLE_MS = 25;

/** Runs a part of the benchmark and samples the process's resident memory meanwhile: its peak, in MiB. */
export async function samplePeakRss<T>(run: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, SAMPLE_MS);
  try {
    const result = await run();
    return { result, peakMb: Math.round(Math.max(peak, process.memoryUsage.rss()) / 2 ** 20) };
  } finally {
    clearInterval(timer);
  }
}
