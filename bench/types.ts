/**
 * The contract of the benchmark harness (`npm run bench`): every `bench/*.bench.ts` exports
 * `run`, a `BenchRun`, and the harness prints the results of all of them as one table.
 */

/** How a benchmark runs. */
export interface BenchOptions {
  /** A short run (a few seconds per module) to see that the benchmarks work, not to measure. */
  readonly quick: boolean;
}

/**
 * One figure measured by a benchmark, beside the same figure measured for a baseline in the
 * same run (so both ran on the same machine under the same load).
 *
 * @example
 * { name: 'perft english 11', figure: 4.1, unit: 'M leaves/s', better: 'higher',
 *   baseline: { name: 'rapid-draughts 1.0.6', figure: 1.2 }, ratio: 3.4 }
 */
export interface BenchResult {
  /** What was measured, e.g. `perft international 9`. */
  readonly name: string;
  /** The measured figure, in `unit`. */
  readonly figure: number;
  /** The unit of `figure` and of the baseline's figure, e.g. `M leaves/s` or `s`. */
  readonly unit: string;
  /** Whether a higher figure is better (a rate) or a lower one (a time). */
  readonly better: 'higher' | 'lower';
  /** The same quantity measured for the baseline, or null where there is none. */
  readonly baseline: { readonly name: string; readonly figure: number } | null;
  /** `figure / baseline.figure`, or null without a baseline. */
  readonly ratio: number | null;
  /** A figure to reach, in `unit`, and whether this run reached it (reported, never asserted). */
  readonly target?: { readonly figure: number; readonly met: boolean };
  /** Anything else worth reading beside the figure, e.g. whether a leaf count was right. */
  readonly note?: string;
}

/** The function every `bench/*.bench.ts` exports as `run`. */
export type BenchRun = (opts: BenchOptions) => Promise<BenchResult[]>;
