// The model board: the protocol model (host/link/protocol/boardPeer.ts) behind the simulated serialport binding, as
// a board a host opens like any other (openSerialLink, the real codec and sequencing). It runs
// no firmware: the real firmware in avr8js costs about a tenth of a core per board in real time
// (`dambord play` idles at 10% here), so a rehearsal of 64 boards on one machine uses this board,
// and `dambord event --sim-board firmware` the real one for a few.

import type { PortIdentity, RealtimeOptions, RxListener, SimulatedDevice, TxListener } from '../../hardware/sim/avrBoard.ts';
import { PINMAP } from '../../hardware/sim/board.ts';
import { SquareSet } from '../../rules/squareSet.ts';
import type { BoardButton } from '../link/types.ts';
import { BoardPeer } from '../link/protocol/boardPeer.ts';

let boots = 0;

/** A board of `squares` dark squares (50 or 32) with pieces on `occupied` (1-based internal indices). */
export class ModelBoard implements SimulatedDevice {
  readonly size: string;
  readonly baudRate = PINMAP.uart.baud;
  readonly identity: PortIdentity;
  powered = false;
  readonly rxIdle = true;
  private readonly peer: BoardPeer;
  private readonly started = performance.now();
  private readonly tx = new Set<TxListener>();
  private readonly rxl = new Set<RxListener>();
  private partial = '';
  private timers: NodeJS.Timeout[] = [];
  private running = false;

  constructor(opts: { squares: 50 | 32; occupied: readonly number[] }) {
    this.size = opts.squares === 50 ? '10x10' : '8x8';
    this.identity = { manufacturer: 'dambord model board (no firmware)', vendorId: 'simulated', productId: `dambord-${this.size}`, pathStem: 'model' };
    this.peer = new BoardPeer({ squares: opts.squares, occupancy: SquareSet.from(opts.occupied.map((s) => s - 1)), boot: ++boots });
  }

  get simTimeMs(): number {
    return Math.floor(performance.now() - this.started);
  }

  private send(lines: readonly string[]): void {
    if (!this.powered || lines.length === 0) return;
    const bytes = Buffer.from(lines.join(''), 'latin1');
    for (const l of this.tx) l(bytes);
  }

  private clock(): void {
    this.peer.ms = this.simTimeMs >>> 0;
  }

  powerOn(): void {
    this.powered = true;
  }

  powerOff(): void {
    this.stopRealtime();
    this.powered = false;
  }

  /** What DTR does: the board starts again, says HELLO and its snapshot; the pieces stay. */
  reset(): void {
    this.clock();
    const lines = this.peer.reboot(this.peer.boot + 1);
    this.clock();
    this.send(lines);
  }

  /** Heartbeats and snapshots on the wall clock, by the board's settings (CFG). */
  startRealtime(_opts?: RealtimeOptions): void {
    this.running = true;
    this.schedule();
  }

  stopRealtime(): void {
    this.running = false;
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private schedule(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    if (!this.running) return;
    const every = (ms: number, line: () => string): void => {
      if (ms <= 0) return;
      const t = setInterval(() => {
        this.clock();
        this.send([line()]);
      }, ms);
      this.timers.push(t);
    };
    every(this.peer.config.hb, () => this.peer.heartbeatLine());
    every(this.peer.config.snap, () => this.peer.snapLine());
  }

  runUntil(_ms: number): void {}

  onTx(listener: TxListener): () => void {
    this.tx.add(listener);
    return () => this.tx.delete(listener);
  }

  onRx(listener: RxListener): () => void {
    this.rxl.add(listener);
    return () => this.rxl.delete(listener);
  }

  /** Lines from the host, answered as the firmware answers them. */
  rx(data: Uint8Array | string): void {
    if (!this.powered) return;
    const text = typeof data === 'string' ? data : Buffer.from(data).toString('latin1');
    for (const b of Buffer.from(text, 'latin1')) for (const l of this.rxl) l(b);
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    this.clock();
    for (const line of lines) {
      const before = this.peer.config;
      this.send(this.peer.handle(line));
      if (this.peer.config !== before) this.schedule();
    }
  }

  clearRx(): void {
    this.partial = '';
  }

  // ---- the hands (as SimulatedBoard's) ----

  /** Puts a piece on (true) or lifts it off (false) a square, 1-based. A square already so is left alone. */
  setSquare(square: number, occupied: boolean): void {
    if (this.peer.occupancy.has(square - 1) === occupied) return;
    this.clock();
    this.send([occupied ? this.peer.place(square - 1) : this.peer.lift(square - 1)]);
  }

  press(button: BoardButton): void {
    this.clock();
    this.send([this.peer.press(button)]);
  }

  release(button: BoardButton): void {
    this.clock();
    this.send([this.peer.release(button)]);
  }
}
