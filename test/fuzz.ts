// The fuzz suites' one knob: how many cases each property runs. `npm test` runs a few (seconds
// in all); a soak (`npm run fuzz`) sets DAMBORD_FUZZ_RUNS to run many, and every suite that
// takes its count from here follows it. Fuzz suites are named *.fuzz.test.ts, which is how
// `npm run fuzz` finds them.
import fc from 'fast-check';

/** The environment variable that sets the cases of every fuzz property. */
export const FUZZ_RUNS_VARIABLE = 'DAMBORD_FUZZ_RUNS';

/**
 * How many cases a fuzz property runs: DAMBORD_FUZZ_RUNS when it is set (a soak), else
 * `defaultRuns` (modest: the suites run in `npm test`).
 *
 * @example fc.assert(fc.property(fc.string(), (s) => ...), { numRuns: fuzzRuns(300) });
 */
export function fuzzRuns(defaultRuns: number): number {
  const raw = process.env[FUZZ_RUNS_VARIABLE];
  if (raw === undefined || raw.trim() === '') return defaultRuns;
  const runs = Number(raw);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`${FUZZ_RUNS_VARIABLE} must be a whole number of cases from 1, not "${raw}"`);
  return runs;
}

/**
 * Checks a fast-check property over {@link fuzzRuns}(defaultRuns) cases. During a soak
 * (DAMBORD_FUZZ_RUNS set) it prints `fuzz NAME: N cases, F failures`. A failure throws
 * fast-check's report: the smallest failing case it found, with the seed and path that replay it.
 *
 * @example await fuzz('parseFen, any string', fc.property(fc.string(), (s) => { parseFen(v, s); }), 500);
 */
export async function fuzz<Ts>(name: string, property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>, defaultRuns: number, params: fc.Parameters<Ts> = {}): Promise<void> {
  const details = await fc.check(property, { ...params, numRuns: fuzzRuns(defaultRuns) });
  if (process.env[FUZZ_RUNS_VARIABLE]) process.stdout.write(`fuzz ${name}: ${details.numRuns} cases, ${details.failed ? 1 : 0} failures\n`);
  if (details.failed) throw new Error(fc.defaultReportMessage(details));
}
