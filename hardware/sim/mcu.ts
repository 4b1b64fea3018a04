/**
 * An ATmega328P at 16 MHz from avr8js's datasheet-named peripherals, stepped by cycles.
 *
 * What is wired: the CPU with 2 KiB of SRAM, Timer/Counter 0, 1 and 2, ports B, C and D, USART0,
 * SPI, and the EEPROM (AVREEPROM over a 1 KiB memory backend the caller may keep across resets).
 * Not wired: the ADC, TWI, the watchdog (the firmware uses none of them).
 *
 * Sleep: avr8js executes SLEEP as a no-op. Here, when the CPU executes SLEEP with SMCR.SE set
 * and interrupts enabled, it stays halted (no instruction runs) while the peripherals' clock
 * events keep running, until an interrupt is pending: what Idle mode does on the chip
 * (ATmega328P datasheet section 10.2), and much faster to simulate than the busy loop the
 * firmware would otherwise spin in. `idleSkip: false` turns this off (SLEEP is then a no-op,
 * as in plain avr8js); the firmware behaves the same either way.
 *
 * Fidelity fixes to avr8js 0.21's USART, both found by running this firmware: the
 * data-register-empty interrupt is made level-triggered as on the chip (usartFix.ts;
 * without it the transmitter stalls after its first idle moment), and a write to UCSR0B no
 * longer throws away a received byte (usartFix.ts; without it a byte is lost now and
 * then while the firmware sends). avr8js's receiver holds one byte where the chip's holds two
 * (a two-level FIFO, datasheet 20.7): the firmware reads each byte within a few dozen cycles,
 * so that difference does not show.
 *
 * Time: `cycles` counts from the board's power-on, across resets (`epochCycles` is where this
 * MCU's own count started), so logs of the models around the MCU stay on one time line.
 * Nothing here reads the wall clock.
 *
 * @example
 *   const mcu = new Mcu({ program: loadIntelHex('firmware/hex/dambord-10x10.hex') });
 *   mcu.usart.onByteTransmit = (b) => out.push(b);
 *   mcu.runUntil(50);              // 50 ms of simulated time
 */

import {
  AVREEPROM,
  AVRIOPort,
  AVRSPI,
  AVRTimer,
  AVRUSART,
  CPU,
  EEPROMMemoryBackend,
  avrInstruction,
  portBConfig,
  portCConfig,
  portDConfig,
  spiConfig,
  timer0Config,
  timer1Config,
  timer2Config,
  usart0Config,
} from 'avr8js';
import { fixUsart, usartCyclesPerChar } from './usartFix.ts';

/** The reference board's crystal (hardware/pinmap.json `clockHz`). */
export const CLOCK_HZ = 16_000_000;
/** ATmega328P EEPROM size in bytes. */
export const EEPROM_BYTES = 1024;
/** ATmega328P SRAM size in bytes (avr8js adds the 256 bytes of register and I/O space). */
const SRAM_BYTES = 2048;
/** SMCR (sleep mode control register) data address and its SE bit (datasheet 10.11.1). */
const SMCR = 0x53;
const SMCR_SE = 0x01;
const SLEEP_OPCODE = 0x9588;

export interface McuOptions {
  /** Flash image as 16-bit words (ihex.ts). */
  readonly program: Uint16Array;
  /** The EEPROM backend; pass the same one to a new Mcu to keep its content across a reset. */
  readonly eeprom?: EEPROMMemoryBackend;
  /** Clock in Hz; the firmware is built for 16 MHz. */
  readonly clockHz?: number;
  /** Board cycle count at which this MCU starts (its power-on or reset), default 0. */
  readonly epochCycles?: number;
  /** Halt the CPU in SLEEP until an interrupt (default true); see the file comment. */
  readonly idleSkip?: boolean;
}

/** The private clock-event list of avr8js's CPU; read only to know when the next peripheral event is due. */
interface ClockEventList {
  nextClockEvent: { cycles: number } | null;
}

export class Mcu {
  readonly cpu: CPU;
  readonly clockHz: number;
  readonly timer0: AVRTimer;
  readonly timer1: AVRTimer;
  readonly timer2: AVRTimer;
  readonly portB: AVRIOPort;
  readonly portC: AVRIOPort;
  readonly portD: AVRIOPort;
  readonly usart: AVRUSART;
  readonly spi: AVRSPI;
  readonly eepromBackend: EEPROMMemoryBackend;
  readonly eeprom: AVREEPROM;
  /** Board cycles at which this MCU started. */
  readonly epochCycles: number;
  readonly idleSkip: boolean;
  /** Instructions executed (not cycles), for the simulator's speed figures. */
  instructions = 0;
  /** Cycles spent halted in SLEEP. */
  sleptCycles = 0;
  private sleeping = false;
  /** Address of a SLEEP an interrupt returns to (see runToCycle), or -1. */
  private wokenAt = -1;

  constructor(opts: McuOptions) {
    this.clockHz = opts.clockHz ?? CLOCK_HZ;
    this.epochCycles = opts.epochCycles ?? 0;
    this.idleSkip = opts.idleSkip ?? true;
    this.cpu = new CPU(opts.program, SRAM_BYTES);
    this.timer0 = new AVRTimer(this.cpu, timer0Config);
    this.timer1 = new AVRTimer(this.cpu, timer1Config);
    this.timer2 = new AVRTimer(this.cpu, timer2Config);
    this.portB = new AVRIOPort(this.cpu, portBConfig);
    this.portC = new AVRIOPort(this.cpu, portCConfig);
    this.portD = new AVRIOPort(this.cpu, portDConfig);
    this.usart = new AVRUSART(this.cpu, usart0Config, this.clockHz);
    fixUsart(this.cpu, this.usart, usart0Config);
    this.spi = new AVRSPI(this.cpu, spiConfig, this.clockHz);
    this.eepromBackend = opts.eeprom ?? new EEPROMMemoryBackend(EEPROM_BYTES);
    this.eeprom = new AVREEPROM(this.cpu, this.eepromBackend);
  }

  /** Board cycles: this MCU's cycles plus its epoch. */
  get cycles(): number {
    return this.epochCycles + this.cpu.cycles;
  }

  /** Board time in milliseconds (from cycles; fractional). */
  get timeMs(): number {
    return (this.cycles * 1000) / this.clockHz;
  }

  /** Whether the CPU is halted in SLEEP, waiting for an interrupt. */
  get asleep(): boolean {
    return this.sleeping;
  }

  /** Cycles one character takes on USART0 at its present settings (start, data, parity, stop bits). */
  get usartCyclesPerChar(): number {
    return usartCyclesPerChar(this.cpu, this.usart, usart0Config);
  }

  /** Converts a board time in ms to board cycles. */
  cyclesAt(ms: number): number {
    return Math.round((ms * this.clockHz) / 1000);
  }

  /** Runs until at least `n` more cycles have passed (an instruction is never split). */
  runCycles(n: number): void {
    this.runToCycle(this.cpu.cycles + n);
  }

  /** Runs until the board time is at least `ms`. */
  runUntil(ms: number): void {
    this.runToCycle(this.cyclesAt(ms) - this.epochCycles);
  }

  /** Runs until this MCU's own cycle count reaches `target`. */
  private runToCycle(target: number): void {
    const cpu = this.cpu;
    const events = cpu as unknown as ClockEventList;
    while (cpu.cycles < target) {
      if (this.sleeping) {
        if (!cpu.interruptsEnabled) {
          this.sleeping = false;
          continue;
        }
        if (cpu.nextInterrupt < 0) {
          // Halted: jump to the next peripheral event (or the target) without executing anything.
          const next = events.nextClockEvent;
          const at = next ? Math.min(next.cycles, target) : target;
          if (at > cpu.cycles) {
            this.sleptCycles += at - cpu.cycles;
            cpu.cycles = at;
          }
        }
        const before = cpu.pc;
        cpu.tick();
        if (cpu.pc !== before) this.sleeping = false; // an interrupt woke the CPU
        continue;
      }
      const pc = cpu.pc;
      let sleep = false;
      if (cpu.progMem[pc] === SLEEP_OPCODE) {
        // An interrupt taken with the return address on a SLEEP (right after SEI or RETI) was, on
        // the chip, taken after that SLEEP had executed: it must not halt the CPU again.
        sleep = this.idleSkip && pc !== this.wokenAt && (cpu.data[SMCR] & SMCR_SE) !== 0;
        this.wokenAt = -1;
      }
      avrInstruction(cpu);
      this.instructions++;
      const after = cpu.pc;
      cpu.tick();
      if (cpu.pc !== after && cpu.progMem[after] === SLEEP_OPCODE) this.wokenAt = after;
      else if (sleep && cpu.interruptsEnabled && cpu.nextInterrupt < 0) this.sleeping = true;
    }
  }
}
