/**
 * Fault injection for link tests: sits between a port stream and the link and, line by line,
 * drops, duplicates, reorders and corrupts (flips one bit of one byte), with a seeded PRNG so
 * that a failing run can be replayed. Meant for the simulated board and the mock port; never
 * wire it into production.
 *
 * @example
 * const faults = createFaultInjector({ seed: 42, read: { drop: 0.05, flip: 0.05 }, write: { flip: 0.02 } });
 * const link = openSerialLink({ path, binding, wrap: faults.wrap });
 * // ... later: faults.stats.read.dropped
 */
import { Duplex } from 'node:stream';
import { mulberry32 } from '../../../rules/prng.ts';

/** Probabilities per line, each 0..1. */
export interface FaultRates {
  /** Flip one bit of one byte of the line (never the line end): a CRC error at the receiver. */
  readonly flip?: number;
  /** Lose the line. */
  readonly drop?: number;
  /** Send the line twice. */
  readonly duplicate?: number;
  /** Hold the line back and send it after the next one. */
  readonly reorder?: number;
}

export interface FaultStats {
  lines: number;
  flipped: number;
  dropped: number;
  duplicated: number;
  reordered: number;
}

export { mulberry32 };

const NL = 0x0a;

/** The line faults of one direction: bytes in (any chunking), faulty lines out. Sans-I/O. */
export class LineFaults {
  rates: FaultRates;
  readonly stats: FaultStats = { lines: 0, flipped: 0, dropped: 0, duplicated: 0, reordered: 0 };
  private partial: Buffer = Buffer.alloc(0);
  private held: Buffer | null = null;

  constructor(
    rates: FaultRates,
    private readonly random: () => number,
  ) {
    this.rates = rates;
  }

  /** Feeds bytes; returns the complete lines to pass on, faults applied. */
  push(chunk: Uint8Array): Buffer[] {
    const out: Buffer[] = [];
    let data = Buffer.concat([this.partial, chunk]);
    for (let nl = data.indexOf(NL); nl >= 0; nl = data.indexOf(NL)) {
      this.line(Buffer.from(data.subarray(0, nl + 1)), out);
      data = data.subarray(nl + 1);
    }
    this.partial = Buffer.from(data);
    return out;
  }

  /** Releases a held-back line and any unterminated bytes. */
  flush(): Buffer[] {
    const out: Buffer[] = [];
    if (this.held !== null) out.push(this.held);
    if (this.partial.length > 0) out.push(this.partial);
    this.held = null;
    this.partial = Buffer.alloc(0);
    return out;
  }

  private chance(rate: number | undefined): boolean {
    return rate !== undefined && rate > 0 && this.random() < rate;
  }

  private line(line: Buffer, out: Buffer[]): void {
    this.stats.lines++;
    if (this.chance(this.rates.drop)) {
      this.stats.dropped++;
      return;
    }
    if (line.length > 1 && this.chance(this.rates.flip)) {
      const at = Math.floor(this.random() * (line.length - 1));
      let bit = Math.floor(this.random() * 8);
      if ((line[at] ^ (1 << bit)) === NL) bit = (bit + 1) % 8;
      line[at] ^= 1 << bit;
      this.stats.flipped++;
    }
    const copies = this.chance(this.rates.duplicate) ? 2 : 1;
    if (copies === 2) this.stats.duplicated++;
    if (this.held === null && this.chance(this.rates.reorder)) {
      this.stats.reordered++;
      this.held = copies === 2 ? Buffer.concat([line, line]) : line;
      return;
    }
    for (let i = 0; i < copies; i++) out.push(line);
    if (this.held !== null) {
      out.push(this.held);
      this.held = null;
    }
  }
}

export interface FaultInjectorOptions {
  readonly seed: number;
  /** Faults on what the board sends (default none). */
  readonly read?: FaultRates;
  /** Faults on what the host sends (default none). */
  readonly write?: FaultRates;
}

export interface FaultInjector {
  /** Wraps a port stream: what the link reads and writes through the result passes the faults. */
  readonly wrap: (port: Duplex) => Duplex;
  readonly read: LineFaults;
  readonly write: LineFaults;
  readonly stats: { readonly read: FaultStats; readonly write: FaultStats };
}

class FaultyStream extends Duplex {
  constructor(
    private readonly port: Duplex,
    private readonly readFaults: LineFaults,
    private readonly writeFaults: LineFaults,
  ) {
    super();
    port.on('data', (chunk: Buffer) => {
      for (const line of readFaults.push(chunk)) this.push(line);
    });
    port.on('error', (err: Error) => this.emit('port-error', err));
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const lines = this.writeFaults.push(chunk);
    if (lines.length === 0) {
      callback();
      return;
    }
    this.port.write(Buffer.concat(lines), (err) => callback(err ?? null));
  }
}

/**
 * A fault injector whose PRNG and counters persist across the ports it wraps (a link opens a
 * new port stream at every reconnect).
 */
export function createFaultInjector(options: FaultInjectorOptions): FaultInjector {
  const random = mulberry32(options.seed);
  const read = new LineFaults(options.read ?? {}, random);
  const write = new LineFaults(options.write ?? {}, random);
  return {
    wrap: (port) => new FaultyStream(port, read, write),
    read,
    write,
    stats: { read: read.stats, write: write.stats },
  };
}
