// The part models on their own: an MCU running NOPs whose registers the test writes directly,
// as the firmware would, so each model is checked against its datasheet without the firmware.
import { portBConfig, portDConfig, spiConfig, timer1Config } from 'avr8js';
import { describe, expect, it } from 'vitest';
import { parsePin, wiring } from '../gen-pins.mjs';
import { PINMAP } from './board.ts';
import { Hc165Chain } from './hc165.ts';
import { Max7219 } from './max7219.ts';
import { Mcu } from './mcu.ts';
import { Piezo } from './piezo.ts';

const nops = () => new Mcu({ program: new Uint16Array(16384) }); // 0x0000 is NOP

describe('Hc165Chain (74HC165 function table, pull-ups on every input)', () => {
  const PL = 1 << 2;
  const CLK = 1 << 3;
  const DATA = 1 << 4;

  function readChain(size: string, setup: (c: Hc165Chain) => void): number[] {
    const mcu = nops();
    const chain = new Hc165Chain(wiring(PINMAP, size));
    setup(chain);
    chain.attach(mcu, { pl: parsePin('PD2'), clk: parsePin('PD3'), data: parsePin('PD4') });
    const port = (v: number) => mcu.cpu.writeData(portDConfig.PORT, v);
    port(PL); // as shiftin.c does: PL high, then an output
    mcu.cpu.writeData(portDConfig.DDR, PL | CLK);
    port(0); // load
    port(PL);
    const bits: number[] = [];
    for (let k = 0; k < chain.wiring.inputs.length + 3; k++) {
      bits.push(mcu.cpu.data[portDConfig.PIN] & DATA ? 1 : 0);
      port(PL | CLK); // rising edge shifts
      port(PL);
    }
    expect(chain.loads).toBe(1);
    return bits;
  }

  it('shifts square 1 out first; a closed switch reads low, an open one, an unused input and SER read high', () => {
    const bits = readChain('10x10', (c) => {
      c.setSquare(1, true);
      c.setSquare(9, true);
      c.setSquare(50, true);
      c.setButton('accept', true);
    });
    const low = bits.flatMap((b, k) => (b === 0 ? [k] : []));
    expect(low).toEqual([0, 8, 49, 52]); // squares 1, 9, 50, button 3 (input 50 + 2)
    expect(bits.length).toBe(59);
    expect(bits.slice(56)).toEqual([1, 1, 1]); // past the chain: SER tied to 5V
  });

  it('ignores CLK while PL is low and follows the inputs then', () => {
    const mcu = nops();
    const chain = new Hc165Chain(wiring(PINMAP, '8x8'));
    chain.attach(mcu, { pl: parsePin('PD2'), clk: parsePin('PD3'), data: parsePin('PD4') });
    mcu.cpu.writeData(portDConfig.DDR, PL | CLK);
    mcu.cpu.writeData(portDConfig.PORT, 0); // PL low
    expect(mcu.cpu.data[portDConfig.PIN] & DATA).toBe(DATA);
    chain.setSquare(1, true);
    expect(mcu.cpu.data[portDConfig.PIN] & DATA).toBe(0);
    mcu.cpu.writeData(portDConfig.PORT, CLK);
    mcu.cpu.writeData(portDConfig.PORT, 0);
    expect(chain.shifts).toBe(0);
    expect(mcu.cpu.data[portDConfig.PIN] & DATA).toBe(0);
  });
});

describe('Max7219 (16-bit words latched on LOAD, the MAX7219 registers)', () => {
  const LOAD = 1 << 2;

  function rig() {
    const mcu = nops();
    const max = new Max7219(wiring(PINMAP, '10x10'));
    max.attach(mcu, parsePin(PINMAP.max7219.load.pin));
    mcu.cpu.writeData(portBConfig.PORT, LOAD); // as max7219.c does: high, then an output
    mcu.cpu.writeData(portBConfig.DDR, LOAD | (1 << 3) | (1 << 5));
    mcu.cpu.writeData(spiConfig.SPCR, 0x51); // SPE | MSTR | SPR0
    mcu.cpu.writeData(spiConfig.SPSR, 0x01); // SPI2X: F_CPU / 8
    const byte = (b: number) => {
      mcu.cpu.writeData(spiConfig.SPDR, b);
      mcu.runCycles(mcu.spi.transferCycles + 2);
      expect(mcu.cpu.data[spiConfig.SPSR] & 0x80).toBe(0x80); // SPIF
    };
    const word = (reg: number, data: number) => {
      mcu.cpu.writeData(portBConfig.PORT, 0);
      byte(reg);
      byte(data);
      mcu.cpu.writeData(portBConfig.PORT, LOAD);
    };
    return { mcu, max, byte, word };
  }

  it('starts in shutdown, blank; shows digits in no-decode mode per the wiring once in normal operation', () => {
    const { max, word, mcu } = rig();
    expect(mcu.spi.transferCycles).toBe(64);
    word(0x01, 0b1000_0001); // digit 0: squares 1 (bit 0) and 8 (bit 7)
    word(0x07, 0b0000_0010); // digit 6: square 50
    expect(max.litSquares()).toEqual([]); // still in shutdown
    word(0x0b, 7);
    word(0x0c, 1);
    expect(max.litSquares()).toEqual([1, 8, 50]);
    expect(max.log.map((l) => l.register)).toEqual([1, 7, 0x0b, 0x0c]);
    expect(max.faults).toEqual([]);
  });

  it('honours scan limit, display test, shutdown, Code B decoding, and reports a short word', () => {
    const { max, word, byte, mcu } = rig();
    word(0x0c, 1);
    word(0x0b, 0);
    word(0x02, 0xff); // digit 1, beyond the scan limit
    expect(max.litSquares()).toEqual([]);
    word(0x0b, 7);
    expect(max.litSquares()).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    word(0x09, 0x01); // decode digit 0
    word(0x01, 1); // Code B '1': segments B and C = bits 5 and 4 = squares 6 and 5
    expect(max.segments(0)).toBe(0x30);
    expect(max.litSquares().filter((s) => s <= 8)).toEqual([5, 6]);
    word(0x0f, 1);
    expect(max.litSquares()).toHaveLength(50);
    word(0x0f, 0);
    word(0x0c, 0);
    expect(max.litSquares()).toEqual([]);
    mcu.cpu.writeData(portBConfig.PORT, 0);
    byte(0x0c);
    mcu.cpu.writeData(portBConfig.PORT, LOAD);
    expect(max.faults).toEqual(['8 bits shifted in before LOAD, not 16']);
  });
});

describe('Piezo (Timer1 CTC toggling OC1A)', () => {
  it('reports a tone with the frequency measured on PB1 and its duration', () => {
    const mcu = nops();
    const piezo = new Piezo();
    piezo.attach(mcu, parsePin(PINMAP.piezo.pin));
    const cpu = mcu.cpu;
    cpu.writeData(portBConfig.DDR, 1 << 1);
    cpu.writeData(timer1Config.OCRA + 1, 1999 >> 8); // OCR1A = 1999: 16 MHz / (2 * 8 * 2000) = 500 Hz
    cpu.writeData(timer1Config.OCRA, 1999 & 0xff);
    cpu.writeData(timer1Config.TCCRA, 0x40); // COM1A0: toggle
    expect(piezo.sounding).toBe(false);
    cpu.writeData(timer1Config.TCCRB, 0x0a); // WGM12 (CTC) | CS11 (clk/8)
    expect(piezo.sounding).toBe(true);
    mcu.runUntil(100);
    cpu.writeData(timer1Config.TCCRB, 0);
    const [tone] = piezo.tones();
    expect(tone.configuredHz).toBe(500);
    expect(tone.hz).toBeCloseTo(500, 6);
    expect(tone.edges).toBeGreaterThanOrEqual(99);
    expect(tone.durationMs).toBeCloseTo(100, 0);
  });
});
