// For tests and benchmarks: how the time of an operation grows with the size of its input, to
// catch a cost that is quadratic where it should be linear.

/**
 * The CPU time (ms) this process has spent so far. Unlike the wall clock it does not grow with
 * other work on the machine, so that a figure measured with it holds on a busy laptop or CI.
 */
function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** The fastest of up to `runs` runs of `f`, in ms of CPU time; fewer runs once they have taken `budgetMs` (so a slow run is not repeated). */
export async function fastest(f: () => unknown, runs = 5, budgetMs = 500): Promise<number> {
  let best = Infinity;
  const start = cpuMs();
  for (let k = 0; k < runs && (k === 0 || cpuMs() - start < budgetMs); k++) {
    const t = cpuMs();
    await f();
    best = Math.min(best, cpuMs() - t);
  }
  return best;
}

/** The fastest times (ms of CPU time) of `run` on the input of size `n` and on the one `factor` times larger, and their ratio. */
export interface Growth {
  readonly small: number;
  readonly large: number;
  /** `large / small`: about `factor` for a linear cost, `factor` squared for a quadratic one. */
  readonly ratio: number;
}

/**
 * How much longer `run` takes on `make(factor * n)` than on `make(n)` (the fastest of a few
 * runs each, after one run to warm up). A test asserts the ratio is well below `factor`
 * squared; a benchmark prints it.
 *
 * @example await growth((n) => '/'.repeat(n), parsePdnText, 64_000) // { small: 3.1, large: 12.9, ratio: 4.2 }
 */
export async function growth<T>(make: (n: number) => T, run: (input: T) => unknown, n: number, factor = 4): Promise<Growth> {
  const small = make(n);
  const large = make(n * factor);
  await run(small);
  const a = await fastest(() => run(small));
  const b = await fastest(() => run(large));
  return { small: a, large: b, ratio: b / Math.max(a, 1e-3) };
}
