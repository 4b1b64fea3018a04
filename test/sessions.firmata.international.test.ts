// The international golden sessions on the simulated Firmata board: stock StandardFirmata (fetched from
// the npm registry, hardware/firmata/fetch.mjs) on an ATmega2560 in avr8js reads the reed
// switches, and johnny-five over a serialport stream reads it; the output must be the plain
// replay's, the same files the dambord board passes (test/sessions.sim.test.ts). One file per
// variant so that the test workers share them out. Skipped, saying why, when the StandardFirmata
// build cannot be fetched.
import { describe, it } from 'vitest';
import { fetchStandardFirmata } from '../hardware/firmata/fetch.mjs';
import { describeThrough } from './sessionKit.ts';

const fetched = fetchStandardFirmata();
if (fetched.ok) describeThrough('firmata', 'international golden sessions through the Firmata board (StandardFirmata on a Mega in avr8js, johnny-five)', 'international');
else describe('international golden sessions through the Firmata board', () => it.skip(`SKIPPED: StandardFirmata could not be fetched: ${fetched.error}`, () => {}));
