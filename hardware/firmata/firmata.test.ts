// The genuine StandardFirmata for the Arduino Mega 2560 (from the npm tarball of
// avrgirl-arduino@5.0.1, fetched by fetch.mjs, never committed) running on the avr8js
// ATmega2560 of mega.ts: the Firmata handshake, byte by byte over the simulated USART.
// johnny-five on the same board is tested in board.test.ts and host/firmata.
// Skipped, with the reason in the test name, when the npm registry cannot be reached.

import { describe, expect, it } from 'vitest';
import { loadIntelHex } from '../sim/ihex.ts';
import { SimulatedFirmataBoard } from './board.ts';
import { fetchStandardFirmata } from './fetch.mjs';
import { MEGA2560_FLASH_BYTES } from './mega.ts';

const fetched = fetchStandardFirmata();
const program = fetched.ok ? loadIntelHex(fetched.hex.mega, MEGA2560_FLASH_BYTES) : null;
const skipReason = fetched.ok ? '' : fetched.error;
if (!fetched.ok) console.warn(`hardware/firmata tests skipped: ${skipReason}`);

const REPORT_VERSION = 0xf9;
const START_SYSEX = 0xf0;
const END_SYSEX = 0xf7;
const REPORT_FIRMWARE = 0x79;
const CAPABILITY_QUERY = 0x6b;
const CAPABILITY_RESPONSE = 0x6c;

/** The sysex messages (without F0/F7) in a byte stream. */
function sysexes(bytes: readonly number[]): number[][] {
  const out: number[][] = [];
  let cur: number[] | null = null;
  for (const b of bytes) {
    if (b === START_SYSEX) cur = [];
    else if (b === END_SYSEX && cur) {
      out.push(cur);
      cur = null;
    } else if (cur) cur.push(b);
  }
  return out;
}

/** A firmware-name sysex (0x79, major, minor, name as 7-bit pairs) decoded. */
function firmwareOf(msg: number[]): { major: number; minor: number; name: string } {
  let name = '';
  for (let i = 3; i + 1 < msg.length; i += 2) name += String.fromCharCode(msg[i] | (msg[i + 1] << 7));
  return { major: msg[1], minor: msg[2], name };
}

describe.skipIf(!program)(`StandardFirmata (Mega 2560) in avr8js${skipReason ? ` — SKIPPED: ${skipReason}` : ''}`, () => {
  it('boots, reports its version and answers REPORT_VERSION, the firmware query and the capability query', () => {
    const mega = new SimulatedFirmataBoard({ program: program! });
    const tx: number[] = [];
    mega.onTx((bytes) => tx.push(...bytes));
    mega.advance(3000); // the firmware blinks its version on D13 before it reports
    expect(tx.slice(0, 3)).toEqual([REPORT_VERSION, 2, 3]);
    expect(firmwareOf(sysexes(tx)[0])).toEqual({ major: 2, minor: 3, name: 'StandardFirmata.ino' });

    tx.length = 0;
    mega.rx(Uint8Array.of(REPORT_VERSION, START_SYSEX, REPORT_FIRMWARE, END_SYSEX, START_SYSEX, CAPABILITY_QUERY, END_SYSEX));
    mega.advance(300); // the capability response of 70 pins is several hundred bytes at 57600 baud
    expect(tx.slice(0, 3)).toEqual([REPORT_VERSION, 2, 3]);
    const msgs = sysexes(tx);
    expect(msgs[0][0]).toBe(REPORT_FIRMWARE);
    expect(firmwareOf(msgs[0]).name).toBe('StandardFirmata.ino');
    const caps = msgs.find((m) => m[0] === CAPABILITY_RESPONSE);
    expect(caps).toBeDefined();
    // One 0x7F-terminated list of (mode, resolution) pairs per pin: the Mega has 70 pins.
    expect(caps!.slice(1).filter((b) => b === 0x7f).length).toBe(70);
  });
});
