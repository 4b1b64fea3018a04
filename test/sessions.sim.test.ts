// The golden sessions on the simulated dambord board: the committed firmware in avr8js reads the
// switches and the host reads it through the serial link; the output must be the plain replay's.
import { describeThrough } from './sessionKit.ts';

describeThrough('sim', 'golden sessions through the simulated board (real firmware in avr8js, serial link)');
