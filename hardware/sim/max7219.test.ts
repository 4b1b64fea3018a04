// The MAX7219 model fed bit-banged on three GPIO pins (the Firmata board's wiring), driven here
// by port writes as a firmware's digitalWrites make them, without a firmware: MAX7219 datasheet
// (Maxim 19-4452), "Serial-Addressing Modes": DIN sampled on CLK's rising edge, MSB first, the
// last 16 bits latched on LOAD's rising edge.
import { portBConfig } from 'avr8js';
import { describe, expect, it } from 'vitest';
import { MEGA2560_FLASH_BYTES, Mega2560 } from '../firmata/mega.ts';
import { Max7219, MAX7219_REGISTER } from './max7219.ts';

const DIN = 1 << 6; // D12 = PB6
const CLK = 1 << 5; // D11 = PB5
const CS = 1 << 4; // D10 = PB4

function rig() {
  const mega = new Mega2560({ program: new Uint16Array(MEGA2560_FLASH_BYTES / 2) });
  const chip = new Max7219({ size: '8x8', leds: Array.from({ length: 32 }, (_, i) => ({ square: i + 1, digit: i >> 3, bit: 7 - (i & 7) })) });
  chip.attachPins(mega, { din: mega.portPin(12), clk: mega.portPin(11), cs: mega.portPin(10) });
  let portB = CS;
  const write = (v: number) => {
    portB = v;
    mega.cpu.writeData(portBConfig.PORT, v);
  };
  write(CS); // LOAD high before the pins become outputs, as pinMode after digitalWrite leaves it
  mega.cpu.writeData(portBConfig.DDR, DIN | CLK | CS);
  /** One word as johnny-five's shiftOut sends it: CS low, per bit CLK low, DIN, CLK high; CS high. */
  const send = (bits: number, count = 16) => {
    write(portB & ~CS);
    for (let i = count - 1; i >= 0; i--) {
      write(portB & ~CLK);
      write(bits & (1 << i) ? portB | DIN : portB & ~DIN);
      write(portB | CLK);
    }
    write(portB | CS);
  };
  return { chip, send };
}

describe('MAX7219 bit-banged on GPIO pins', () => {
  it('latches each 16-bit word at the rising edge of LOAD: registers and lit LEDs', () => {
    const { chip, send } = rig();
    send((MAX7219_REGISTER.shutdown << 8) | 1);
    send((MAX7219_REGISTER.scanLimit << 8) | 7);
    send((1 << 8) | 0x81); // digit 0: columns 0 and 7 (bits 7 and 0) = squares 1 and 8
    send((4 << 8) | 0x40); // digit 3: column 1 = square 26
    expect(chip.normalOperation).toBe(true);
    expect(chip.litSquares()).toEqual([1, 8, 26]);
    expect(chip.log.map((l) => l.register)).toEqual([MAX7219_REGISTER.shutdown, MAX7219_REGISTER.scanLimit, 1, 4]);
    expect(chip.faults).toEqual([]);
  });

  it('keeps the last 16 bits of a longer word, and notes a word of the wrong length', () => {
    const { chip, send } = rig();
    send((MAX7219_REGISTER.shutdown << 8) | 1);
    send((MAX7219_REGISTER.scanLimit << 8) | 7);
    send((0xab << 16) | (2 << 8) | 0x01, 24); // 24 bits: the first 8 fall out of the chip's shift register
    expect(chip.digits[1]).toBe(0x01);
    expect(chip.faults.join()).toMatch(/24 bits shifted in before LOAD, not 16/);
  });
});
