// The time limits of the tests: hang guards, far above the normal time, so that a test's verdict
// never depends on the speed of the machine (a busy laptop or CI makes a test slower, never red).

/**
 * The time limit (ms) of a test that plays games on simulated boards (avr8js), where the boards
 * and the links' timers run on simulated time (`SimulatedBinding.every`, hardware/sim/binding.ts):
 * such a run is deterministic, so its verdict does not depend on the machine's speed, and the
 * limit only guards against a hang. It stands far above the normal time (a game takes 5 to 60 s
 * of CPU; beside other work ten times as long: 559 s for test/realGames.firmata.test.ts's first
 * game at a load of 13 on 2 cores), so that a busy laptop or CI makes the test slower, never red.
 *
 * @example
 *   it('plays the game', async () => { ... }, SIMULATED_RUN_LIMIT_MS);
 */
export const SIMULATED_RUN_LIMIT_MS = 15 * 60_000;

/**
 * How long (ms) a test waits for something outside its own code to reach a state it will reach:
 * a `dambord` process to print its page's address or to exit, a page in Chromium to show a move,
 * a server or broker to answer, `expect.poll` (vitest.config.ts) and a page's waits
 * (test/chromium.ts `watchedPage`). Such a wait is a hang guard, never a verdict: the test proves
 * the state reached, not how soon. A `dambord` process starts in seconds on an idle machine and a
 * page shows a move in well under one; beside two busy processes (a load of 13 on 2
 * cores) the whole of test/browser.test.ts, a game clicked through in Chromium, took 112 s, so
 * that one wait of two minutes makes a busy machine slower, never red.
 *
 * @example
 *   export async function waitFor(what: string, cond: () => Promise<boolean>, ms = WAIT_LIMIT_MS): Promise<void> { ... }
 */
export const WAIT_LIMIT_MS = 2 * 60_000;

/**
 * The time limit (ms) of every test (vitest.config.ts `testTimeout`; a test playing on simulated
 * boards takes {@link SIMULATED_RUN_LIMIT_MS}): a hang guard. A test that starts `dambord`
 * processes or Chromium waits for them several times, each within {@link WAIT_LIMIT_MS}; beside
 * two busy processes the slowest test file took 135 s in all (host/firmata/firmataLink.test.ts).
 *
 * @example
 *   // vitest.config.ts
 *   test: { testTimeout: TEST_LIMIT_MS, hookTimeout: WAIT_LIMIT_MS }
 */
export const TEST_LIMIT_MS = 10 * 60_000;
