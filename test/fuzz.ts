/** How many runs a fast-check property makes: DAMBORD_FUZZ_RUNS when set to a positive integer, else `n`. */
export function fuzzRuns(n: number): number { const v = Number(process.env.DAMBORD_FUZZ_RUNS); return Number.isInteger(v) && v > 0 ? v : n; }
