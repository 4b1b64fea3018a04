// Time limits of the tests that play on simulated boards.

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
