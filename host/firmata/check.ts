/**
 * Whether the Arduino that answered as Firmata can be the board of the profile: what it says it
 * is and which modes each pin supports (Firmata's capability response). Pure: the link passes
 * what firmata-io learnt in the handshake.
 */
import { type BoardSize, type MegaProfile, pinLabel, PROFILE_PATH } from '../../hardware/firmata/profile.ts';
import { BOARD_BUTTONS } from '../../hardware/board.ts';

/** Firmata pin modes (Firmata protocol, pin mode constants). */
export const FIRMATA_MODE = { INPUT: 0, OUTPUT: 1 } as const;

export interface FirmataPinInfo {
  readonly supportedModes: readonly number[];
}

/**
 * Null when every pin the profile uses for `size` exists and supports what it is used for
 * (inputs INPUT, the MAX7219 and piezo OUTPUT); otherwise a sentence for the player saying what
 * does not match and what to do.
 */
export function checkPins(profile: MegaProfile, size: BoardSize, pins: readonly FirmataPinInfo[]): string | null {
  const uses: [string, number, number][] = [
    ...profile.squares[size].map((pin, k): [string, number, number] => [`square ${k + 1}`, pin, FIRMATA_MODE.INPUT]),
    ...BOARD_BUTTONS.map((b): [string, number, number] => [`the ${b} button`, profile.buttons[b], FIRMATA_MODE.INPUT]),
    ['the MAX7219 DIN', profile.max7219.din, FIRMATA_MODE.OUTPUT],
    ['the MAX7219 CLK', profile.max7219.clk, FIRMATA_MODE.OUTPUT],
    ['the MAX7219 CS', profile.max7219.cs, FIRMATA_MODE.OUTPUT],
    ['the piezo', profile.piezo, FIRMATA_MODE.OUTPUT],
  ];
  const highest = Math.max(...uses.map(([, pin]) => pin));
  const where = `the board profile (${PROFILE_PATH.replace(/.*\/hardware\//, 'hardware/')})`;
  if (pins.length <= highest) {
    const guess = pins.length === 20 ? ' (an Uno or Nano?)' : '';
    return `this Arduino has ${pins.length} pins${guess}, but ${where} uses pins up to ${pinLabel(highest)} (${highest}): use an Arduino Mega 2560 wired as hardware/firmata/WIRING.md says`;
  }
  for (const [what, pin, mode] of uses) {
    if (!pins[pin].supportedModes.includes(mode)) {
      return `pin ${pinLabel(pin)} (${what}) cannot be ${mode === FIRMATA_MODE.INPUT ? 'an input' : 'an output'} on this Arduino; check ${where} against the board`;
    }
  }
  return null;
}
