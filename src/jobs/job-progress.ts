/** How far an import or export has come, for a progress display. */
export interface JobProgress {
  /** Rows reported (imports) or written (exports) so far. */
  rows: number;
  /** Imports: of those rows, the ones a resumed run took from its journal, with no request of this run. */
  resumed?: number;
  /** Imports whose reads per row changed on the way (store codes searched one per request): the reads so far, and what each row still to come reads. */
  reads?: { done: number; perRowLeft: number };
  /** Exports: pages read, of the pages known so far (page 1 of a list tells how many follow). */
  pages?: { done: number; total: number };
  /** Job files: the step it is the progress of. */
  step?: string;
}

/** Called by a job as it moves on; the caller decides whether and how to show it. */
export type ProgressListener = (progress: JobProgress) => void;
