/**
 * Piezo models: they report the tones played on a pin, as `Tone`s on the board's time line.
 *
 * `Piezo`: the dambord board's buzzer on OC1A (PB1), played by the firmware with Timer/Counter1.
 * A tone sounds while Timer1 runs (TCCR1B clock select not 0) with its compare output A
 * connected (TCCR1A COM1A1:0 not 0) and PB1 an output (ATmega328P datasheet section 16,
 * 16.11 register description). The frequency the timer was set to (CTC mode,
 * f = F_CPU / (2 N (1 + OCR1A)), 16.9.2) is kept beside the measured one. An MCU reset ends a
 * tone (the pins go to inputs).
 *
 * `PinPiezo`: a buzzer on any output pin, with no timer to read (johnny-five's Piezo toggles the
 * pin from the host with digitalWrite): a tone starts at an edge while the pin is an output and
 * ends at its last edge once no edge came for `gapMs`, or when the pin turns input or the MCU
 * resets.
 *
 * Both measure the frequency on the pin: the number of edges over the time between the first
 * and the last, two edges a period.
 */

import { timer1Config, type CPU } from 'avr8js';
import { portOf, type PortBit } from './hc165.ts';
import type { PortPin } from './max7219.ts';
import type { Mcu } from './mcu.ts';

export interface Tone {
  /** Board time the tone started, ms. */
  readonly startMs: number;
  /** Board time it stopped, or null while it sounds. */
  readonly endMs: number | null;
  /** endMs - startMs, or null while it sounds. */
  readonly durationMs: number | null;
  /** Frequency measured from the pin's edges, Hz (NaN with fewer than three edges). */
  readonly hz: number;
  /** Frequency Timer1 was set to, Hz (NaN outside CTC mode). */
  readonly configuredHz: number;
  /** Pin edges during the tone. */
  readonly edges: number;
}

interface Sounding {
  startCycle: number;
  configuredHz: number;
  edges: number;
  firstEdge: number;
  lastEdge: number;
}

/** What a piezo model reads of the MCU: its time and its clock events. */
export interface PiezoMcu {
  readonly cpu: CPU;
  /** Board cycles. */
  readonly cycles: number;
  readonly clockHz: number;
}

/** The tones of one piezo: those that ended, and the one sounding; attach() sets mcu and detachFn. */
class ToneRecorder {
  /** Called when a tone stops. */
  onTone: ((tone: Tone) => void) | null = null;
  protected current: Sounding | null = null;
  protected mcu: PiezoMcu | null = null;
  protected detachFn: (() => void) | null = null;
  private readonly done: Tone[] = [];

  /** Disconnects (MCU reset or power-off): a sounding tone stops now. */
  detach(): void {
    if (this.current && this.mcu) this.stop(this.mcu.cycles);
    this.detachFn?.();
    this.detachFn = null;
    this.mcu = null;
  }

  /** Every tone since construction, the one sounding (if any) last with endMs null. */
  tones(): Tone[] {
    const out = [...this.done];
    if (this.current && this.mcu) out.push(toneOf(this.current, null, this.mcu.clockHz));
    return out;
  }

  /** Whether a tone sounds now. */
  get sounding(): boolean {
    return this.current !== null;
  }

  clear(): void {
    this.done.length = 0;
  }

  /** Counts an edge of the pin in the sounding tone. */
  protected edge(cycle: number): void {
    const c = this.current;
    if (!c) return;
    if (c.edges === 0) c.firstEdge = cycle;
    c.lastEdge = cycle;
    c.edges++;
  }

  protected stop(cycle: number): void {
    const c = this.current;
    if (!c || !this.mcu) return;
    const tone = toneOf(c, cycle, this.mcu.clockHz);
    this.current = null;
    this.done.push(tone);
    this.onTone?.(tone);
  }
}

function toneOf(c: Sounding, endCycle: number | null, clockHz: number): Tone {
  const ms = (cycles: number) => (cycles * 1000) / clockHz;
  const hz = c.edges >= 3 ? ((c.edges - 1) / 2) * (clockHz / (c.lastEdge - c.firstEdge)) : NaN;
  const endMs = endCycle === null ? null : ms(endCycle);
  return { startMs: ms(c.startCycle), endMs, durationMs: endMs === null ? null : endMs - ms(c.startCycle), hz, configuredHz: c.configuredHz, edges: c.edges };
}

const PRESCALER = [0, 1, 8, 64, 256, 1024, NaN, NaN];

/** The dambord board's buzzer on Timer1's OC1A: see the file comment. */
export class Piezo extends ToneRecorder {
  protected override mcu: Mcu | null = null;
  private mask = 0;
  private ddr = 0;

  /** Connects to an MCU's Timer1 and piezo pin; ends a tone of the previous MCU. */
  attach(mcu: Mcu, pin: PortBit): void {
    this.detach();
    this.mcu = mcu;
    const port = portOf(mcu, pin.port);
    this.mask = 1 << pin.bit;
    this.ddr = port.portConfig.DDR;
    const { TCCRA, TCCRB } = timer1Config;
    const cpu = mcu.cpu;
    const wrap = (addr: number) => {
      const orig = cpu.writeHooks[addr];
      cpu.writeHooks[addr] = (value, old, a, mask) => {
        const r = orig ? orig(value, old, a, mask) : undefined;
        if (!r) cpu.data[addr] = value; // what writeData would have done
        this.check();
        return true;
      };
      return orig;
    };
    const origA = wrap(TCCRA);
    const origB = wrap(TCCRB);
    const listener = (value: number, old: number) => {
      if (((value ^ old) & this.mask) !== 0) this.edge(mcu.cycles);
      this.check();
    };
    port.addListener(listener);
    this.detachFn = () => {
      port.removeListener(listener);
      cpu.writeHooks[TCCRA] = origA;
      cpu.writeHooks[TCCRB] = origB;
    };
    this.check();
  }

  private check(): void {
    const mcu = this.mcu;
    if (!mcu) return;
    const d = mcu.cpu.data;
    const { TCCRA, TCCRB, OCRA } = timer1Config;
    const on = (d[TCCRB] & 7) !== 0 && (d[TCCRA] & 0xc0) !== 0 && (d[this.ddr] & this.mask) !== 0;
    if (on && !this.current) {
      const wgm = ((d[TCCRB] >> 1) & 0x0c) | (d[TCCRA] & 3);
      const n = PRESCALER[d[TCCRB] & 7];
      const ocr = d[OCRA] | (d[OCRA + 1] << 8);
      const configuredHz = wgm === 4 ? mcu.clockHz / (2 * n * (1 + ocr)) : NaN;
      this.current = { startCycle: mcu.cycles, configuredHz, edges: 0, firstEdge: 0, lastEdge: 0 };
    } else if (!on && this.current) {
      this.stop(mcu.cycles);
    }
  }
}

/** A buzzer toggled on an output pin, without a timer: see the file comment. */
export class PinPiezo extends ToneRecorder {
  /** A tone ends when no edge came for this long, ms. */
  readonly gapMs: number;
  constructor(gapMs = 50) {
    super();
    this.gapMs = gapMs;
  }

  /** Connects to an MCU's pin; ends a tone of the previous MCU. */
  attach(mcu: PiezoMcu, pin: PortPin): void {
    this.detach();
    this.mcu = mcu;
    const { port } = pin;
    const mask = 1 << pin.bit;
    const ddr = port.portConfig.DDR;
    const gap = Math.round((this.gapMs * mcu.clockHz) / 1000);
    const isOutput = () => (mcu.cpu.data[ddr] & mask) !== 0;
    let level: boolean | null = isOutput() ? (mcu.cpu.data[port.portConfig.PORT] & mask) !== 0 : null;
    let watching = false;
    const watch = (cycles: number) => {
      watching = true;
      mcu.cpu.addClockEvent(() => {
        watching = false;
        const c = this.current;
        if (this.mcu !== mcu || !c) return;
        const quiet = mcu.cycles - c.lastEdge;
        if (quiet >= gap) this.stop(c.lastEdge);
        else watch(gap - quiet);
      }, cycles);
    };
    const listener = (value: number) => {
      if (!isOutput()) {
        level = null;
        if (this.current) this.stop(mcu.cycles);
        return;
      }
      const now = (value & mask) !== 0;
      if (level !== null && now !== level) {
        if (!this.current) this.current = { startCycle: mcu.cycles, configuredHz: NaN, edges: 0, firstEdge: 0, lastEdge: 0 };
        this.edge(mcu.cycles);
        if (!watching) watch(gap);
      }
      level = now;
    };
    port.addListener(listener);
    this.detachFn = () => port.removeListener(listener);
  }
}
