/** The one table of exit codes; the README documents it. Only src/cli/main.ts sets them. */
export const EXIT_CODES = {
  success: 0,
  /** The command could not run or stopped: bad configuration, refused key, unreadable file. */
  failed: 1,
  /** The command finished, but some rows, pages or businesses failed (see the report). */
  partial: 2,
  /** A run breaker (--max-changes, --max-status-changes, --max-errors) tripped on the plan: nothing was written. */
  breaker: 3,
  /** Invalid command line. */
  usage: 64,
  /** Stopped by SIGINT or SIGTERM after finishing in-flight work. */
  interrupted: 130,
  terminated: 143,
} as const;
