/**
 * An ATmega2560 (Arduino Mega 2560) at 16 MHz in avr8js, enough to run stock StandardFirmata.
 *
 * avr8js's CPU handles the 2560 itself: a 256 KiB program memory makes it use a 22-bit PC and
 * 3-byte return addresses, and it implements EIND/RAMPZ (EICALL, EIJMP, ELPM). What differs from
 * the ATmega328P is the memory map and the interrupt vectors, set here from the ATmega2560
 * datasheet (Atmel-2549): 8 KiB of SRAM at 0x0200-0x21FF (after 0x1E0 bytes of extended I/O);
 * ports A-G in I/O space and H-L in extended I/O (avr8js's portAConfig..portLConfig carry the
 * same addresses); USART0 at the 328P's addresses (UCSR0A 0xC0 .. UDR0 0xC6) but with vectors
 * 26-28; Timer/Counter 0-2 at the 328P's addresses with the 2560's vectors and output-compare
 * pins, Timer/Counter 1 with OCR1C, and the 16-bit Timer/Counter 3, 4 and 5; the ADC (so an
 * analogRead never waits forever for ADSC). Vector addresses below are word addresses, two words
 * a vector (datasheet table 14-1).
 *
 * Not wired: USART1-3, SPI, TWI, EEPROM, the watchdog, pin-change and external interrupts.
 * StandardFirmata uses none of them unless the host asks for I2C or servo features.
 *
 * The two avr8js 0.21 USART fixes of hardware/sim/mcu.ts are applied here as well (Arduino's
 * HardwareSerial uses the UDRE interrupt the same way): see hardware/sim/usartFix.ts, shared
 * with it.
 *
 * @example
 *   const mega = new Mega2560({ program: loadIntelHex(path, MEGA2560_FLASH_BYTES) });
 *   mega.usart.onByteTransmit = (b) => out.push(b);
 *   mega.setDigitalPin(22, false);   // a reed switch on D22 closes to ground
 *   mega.runCycles(16_000);          // 1 ms
 *   mega.runUntil(50);               // to 50 ms of board time (cycles count from epochCycles)
 */

import {
  ADCMuxInputType,
  ADCReference,
  AVRADC,
  AVRIOPort,
  AVRTimer,
  AVRUSART,
  CPU,
  adcConfig,
  avrInstruction,
  portAConfig,
  portBConfig,
  portCConfig,
  portDConfig,
  portEConfig,
  portFConfig,
  portGConfig,
  portHConfig,
  portJConfig,
  portKConfig,
  portLConfig,
  timer0Config,
  timer1Config,
  timer2Config,
  usart0Config,
  type ADCConfig,
  type AVRPortConfig,
  type AVRTimerConfig,
} from 'avr8js';
import type { PortPin } from '../sim/max7219.ts';
import { fixUsart, usartCyclesPerChar } from '../sim/usartFix.ts';

export const MEGA_CLOCK_HZ = 16_000_000;
/** ATmega2560 flash: 256 KiB. */
export const MEGA2560_FLASH_BYTES = 262_144;
/** ATmega2560 SRAM: 8 KiB, at 0x0200-0x21FF. avr8js allocates sramBytes + 0x100 bytes of data space. */
const MEGA2560_SRAM_BYTES = 8192 + 0x100;

export type PortName = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'J' | 'K' | 'L';

const PORT_CONFIGS: Record<PortName, AVRPortConfig> = {
  A: portAConfig,
  B: portBConfig,
  C: portCConfig,
  D: portDConfig,
  E: portEConfig,
  F: portFConfig,
  G: portGConfig,
  H: portHConfig,
  J: portJConfig,
  K: portKConfig,
  L: portLConfig,
};

/** USART0: the 328P's registers, the 2560's vectors (26 USART0_RX, 27 UDRE, 28 TX). */
export const mega2560Usart0Config: typeof usart0Config = {
  ...usart0Config,
  rxCompleteInterrupt: 0x32,
  dataRegisterEmptyInterrupt: 0x34,
  txCompleteInterrupt: 0x36,
};

const PORT = (p: PortName): number => PORT_CONFIGS[p].PORT;

/** Timer/Counter 0-5 of the ATmega2560 (datasheet sections 16-20; vectors table 14-1). */
export const mega2560TimerConfigs: readonly AVRTimerConfig[] = [
  { ...timer0Config, compAInterrupt: 0x2a, compBInterrupt: 0x2c, ovfInterrupt: 0x2e,
    compPortA: PORT('B'), compPinA: 7, compPortB: PORT('G'), compPinB: 5, externalClockPort: PORT('D'), externalClockPin: 7 },
  { ...timer1Config, captureInterrupt: 0x20, compAInterrupt: 0x22, compBInterrupt: 0x24, compCInterrupt: 0x26, ovfInterrupt: 0x28,
    OCRC: 0x8c, compPortA: PORT('B'), compPinA: 5, compPortB: PORT('B'), compPinB: 6, compPortC: PORT('B'), compPinC: 7,
    externalClockPort: PORT('D'), externalClockPin: 6 },
  { ...timer2Config, compAInterrupt: 0x1a, compBInterrupt: 0x1c, ovfInterrupt: 0x1e,
    compPortA: PORT('B'), compPinA: 4, compPortB: PORT('H'), compPinB: 6 },
  timer16(3, { TCCRA: 0x90, TIMSK: 0x71, TIFR: 0x38, vec: 0x3e, port: 'E', pins: [3, 4, 5], clk: ['E', 6] }),
  timer16(4, { TCCRA: 0xa0, TIMSK: 0x72, TIFR: 0x39, vec: 0x52, port: 'H', pins: [3, 4, 5], clk: ['H', 7] }),
  timer16(5, { TCCRA: 0x120, TIMSK: 0x73, TIFR: 0x3a, vec: 0x5c, port: 'L', pins: [3, 4, 5], clk: ['L', 2] }),
];

/** Timer/Counter 3, 4, 5: TCCRnA, B, C, TCNTn, ICRn, OCRnA, B, C at fixed offsets from TCCRnA; vectors CAPT, COMPA, B, C, OVF. */
function timer16(
  _n: number,
  t: { TCCRA: number; TIMSK: number; TIFR: number; vec: number; port: PortName; pins: [number, number, number]; clk: [PortName, number] },
): AVRTimerConfig {
  return {
    ...timer1Config,
    TCCRA: t.TCCRA,
    TCCRB: t.TCCRA + 1,
    TCCRC: t.TCCRA + 2,
    TCNT: t.TCCRA + 4,
    ICR: t.TCCRA + 6,
    OCRA: t.TCCRA + 8,
    OCRB: t.TCCRA + 10,
    OCRC: t.TCCRA + 12,
    TIMSK: t.TIMSK,
    TIFR: t.TIFR,
    captureInterrupt: t.vec,
    compAInterrupt: t.vec + 2,
    compBInterrupt: t.vec + 4,
    compCInterrupt: t.vec + 6,
    ovfInterrupt: t.vec + 8,
    compPortA: PORT(t.port),
    compPinA: t.pins[0],
    compPortB: PORT(t.port),
    compPinB: t.pins[1],
    compPortC: PORT(t.port),
    compPinC: t.pins[2],
    externalClockPort: PORT(t.clk[0]),
    externalClockPin: t.clk[1],
  };
}

/** The ADC: the 328P's registers, vector 30 (0x3A), 16 single-ended channels (MUX5 in ADCSRB selects 8-15). */
const mega2560AdcConfig: ADCConfig = {
  ...adcConfig,
  adcInterrupt: 0x3a,
  numChannels: 16,
  muxInputMask: 0x1f,
  muxChannels: {
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [i, { type: ADCMuxInputType.SingleEnded, channel: i }])),
    30: { type: ADCMuxInputType.Constant, voltage: 1.1 },
    31: { type: ADCMuxInputType.Constant, voltage: 0 },
  },
  adcReferences: [ADCReference.AREF, ADCReference.AVCC, ADCReference.Internal1V1, ADCReference.Internal2V56],
};

/**
 * Arduino Mega 2560 digital pin numbers to port and bit (the Arduino core's pins_arduino.h for
 * the "mega" variant). Pins 54-69 are A0-A15.
 */
export const MEGA_PINS: readonly (readonly [PortName, number])[] = [
  ['E', 0], ['E', 1], ['E', 4], ['E', 5], ['G', 5], ['E', 3], ['H', 3], ['H', 4], ['H', 5], ['H', 6], // 0-9
  ['B', 4], ['B', 5], ['B', 6], ['B', 7], ['J', 1], ['J', 0], ['H', 1], ['H', 0], ['D', 3], ['D', 2], // 10-19
  ['D', 1], ['D', 0], // 20-21
  ...Array.from({ length: 8 }, (_, i) => ['A', i] as const), // 22-29
  ...Array.from({ length: 8 }, (_, i) => ['C', 7 - i] as const), // 30-37
  ['D', 7], ['G', 2], ['G', 1], ['G', 0], // 38-41
  ...Array.from({ length: 8 }, (_, i) => ['L', 7 - i] as const), // 42-49
  ['B', 3], ['B', 2], ['B', 1], ['B', 0], // 50-53
  ...Array.from({ length: 8 }, (_, i) => ['F', i] as const), // 54-61 (A0-A7)
  ...Array.from({ length: 8 }, (_, i) => ['K', i] as const), // 62-69 (A8-A15)
];

export interface Mega2560Options {
  /** Flash image as 16-bit words, MEGA2560_FLASH_BYTES long (loadIntelHex(path, MEGA2560_FLASH_BYTES)). */
  readonly program: Uint16Array;
  /** Board cycle count at which this MCU starts (its power-on or reset), default 0. */
  readonly epochCycles?: number;
}

export class Mega2560 {
  readonly cpu: CPU;
  readonly clockHz = MEGA_CLOCK_HZ;
  readonly ports: Readonly<Record<PortName, AVRIOPort>>;
  readonly timers: readonly AVRTimer[];
  readonly usart: AVRUSART;
  readonly adc: AVRADC;
  /** Board cycles at which this MCU started. */
  readonly epochCycles: number;
  /** Instructions executed. */
  instructions = 0;

  constructor(opts: Mega2560Options) {
    this.epochCycles = opts.epochCycles ?? 0;
    if (opts.program.length * 2 !== MEGA2560_FLASH_BYTES) {
      throw new Error(`Mega2560: program must be ${MEGA2560_FLASH_BYTES} bytes (got ${opts.program.length * 2}); load it with MEGA2560_FLASH_BYTES`);
    }
    this.cpu = new CPU(opts.program, MEGA2560_SRAM_BYTES);
    if (!this.cpu.pc22Bits) throw new Error('avr8js: CPU did not switch to a 22-bit PC for 256 KiB of flash');
    const ports = {} as Record<PortName, AVRIOPort>;
    for (const [name, config] of Object.entries(PORT_CONFIGS)) ports[name as PortName] = new AVRIOPort(this.cpu, config);
    this.ports = ports;
    this.timers = mega2560TimerConfigs.map((c) => new AVRTimer(this.cpu, c));
    this.usart = new AVRUSART(this.cpu, mega2560Usart0Config, this.clockHz);
    fixUsart(this.cpu, this.usart, mega2560Usart0Config);
    this.adc = new AVRADC(this.cpu, mega2560AdcConfig);
  }

  /** Board cycles: this MCU's cycles plus its epoch. */
  get cycles(): number {
    return this.epochCycles + this.cpu.cycles;
  }

  /** Board time, ms (fractional). */
  get timeMs(): number {
    return (this.cycles * 1000) / this.clockHz;
  }

  /** Cycles one character takes on USART0 at its present settings. */
  get usartCyclesPerChar(): number {
    return usartCyclesPerChar(this.cpu, this.usart, mega2560Usart0Config);
  }

  /** Drives an Arduino digital pin from outside (a switch, or the pull-up avr8js does not model). */
  setDigitalPin(pin: number, high: boolean): void {
    const { port, bit } = this.portPin(pin);
    port.setPin(bit, high);
  }

  /** The port and bit of an Arduino digital pin, for the models wired to it. */
  portPin(pin: number): PortPin {
    const [port, bit] = megaPin(pin);
    return { port: this.ports[port], bit };
  }

  /** The level the MCU drives on an Arduino digital pin, or null when it is an input. */
  digitalPinOutput(pin: number): boolean | null {
    const [port, bit] = megaPin(pin);
    const cfg = PORT_CONFIGS[port];
    if (!(this.cpu.data[cfg.DDR] & (1 << bit))) return null;
    return (this.cpu.data[cfg.PORT] & (1 << bit)) !== 0;
  }

  /** Runs until the board time is at least `ms`. */
  runUntil(ms: number): void {
    this.runCycles(Math.ceil((ms * this.clockHz) / 1000) - this.cycles);
  }

  /** Runs at least `n` more cycles. */
  runCycles(n: number): void {
    const cpu = this.cpu;
    const target = cpu.cycles + n;
    while (cpu.cycles < target) {
      avrInstruction(cpu);
      cpu.tick();
      this.instructions++;
    }
  }
}

export function megaPin(pin: number): readonly [PortName, number] {
  const p = MEGA_PINS[pin];
  if (!p) throw new Error(`Mega2560: no digital pin ${pin} (0-69)`);
  return p;
}
