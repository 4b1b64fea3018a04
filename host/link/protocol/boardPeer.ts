/**
 * Not the firmware: a small model of the dambord board's side of the link protocol
 * (docs/protocol.md) in TypeScript. The link's tests hold the host against it beside the real
 * firmware in avr8js, and an event rehearsed with many boards runs it as the model board
 * (host/sim/modelBoard.ts), where the firmware's simulation would need a core for every ten.
 *
 * Sans-I/O like the codec: hands and host lines in, board lines out. Squares are internal
 * indices. It keeps a ring of the last `ring` events for `RESEND`, answers every command of the
 * protocol, and refuses malformed ones with the `ERR` code the protocol names.
 */
import { SquareSet } from '../../../rules/squareSet.ts';
import { decodeHostLine, errCodeFor } from './decode.ts';
import { encodeBoardMessage } from './encode.ts';
import { PROTOCOL } from './messages.ts';
import type { BoardMessage, EventMessage, HostCommand } from './messages.ts';
import { nextSeq } from '../kit/seq.ts';
import { BOARD_BUTTONS } from '../types.ts';
import type { BoardButton, LedFrame, LinkConfig } from '../types.ts';

export interface BoardPeerOptions {
  /** 50 (10x10, default) or 32 (8x8). */
  readonly squares?: number;
  readonly boot?: number;
  readonly fw?: string;
  /** The link protocol its HELLO names (default: this host's). */
  readonly proto?: number;
  /** Events kept for RESEND (default 64). */
  readonly ring?: number;
  readonly occupancy?: SquareSet;
  /** Sequence number of the last event issued before the test starts (default 0: none). */
  readonly lastSeq?: number;
  /** Board time at the start (default 0). */
  readonly ms?: number;
}

/** Settings of a freshly started board (docs/protocol.md, `CFG`). */
export const PEER_DEFAULT_CONFIG: LinkConfig = { make: 5, break: 5, snap: 5000, hb: 1000 };

export const ALL_CAPS = ['leds', 'blink', 'beep', 'snapshot', 'resend', 'config', 'heartbeat'] as const;

export class BoardPeer {
  readonly squares: number;
  readonly fw: string;
  readonly proto: number;
  readonly ringSize: number;
  boot: number;
  /** Last sequence number issued. */
  seq: number;
  /** Board time in ms (set by the test). */
  ms: number;
  occupancy: SquareSet;
  buttons = 0;
  config: LinkConfig = { ...PEER_DEFAULT_CONFIG };
  leds: LedFrame;
  readonly beeps: { hz: number; ms: number }[] = [];
  /** Every command received and understood, in order. */
  readonly received: HostCommand[] = [];
  /** Every host line refused, with the code answered. */
  readonly refused: { line: string; code: string }[] = [];
  private ring: EventMessage[] = [];

  constructor(options: BoardPeerOptions = {}) {
    this.squares = options.squares ?? 50;
    this.fw = options.fw ?? '2.0.0';
    this.proto = options.proto ?? PROTOCOL;
    this.ringSize = options.ring ?? 64;
    this.boot = options.boot ?? 1;
    this.seq = options.lastSeq ?? 0;
    this.ms = options.ms ?? 0;
    this.occupancy = options.occupancy ?? SquareSet.EMPTY;
    this.leds = Array.from({ length: this.squares }, () => 'off' as const);
  }

  private line(msg: BoardMessage): string {
    return encodeBoardMessage(msg, this.squares);
  }

  helloLine(): string {
    return this.line({ type: 'hello', fw: this.fw, proto: this.proto, squares: this.squares, buttons: 4, caps: [...ALL_CAPS], ring: this.ringSize, boot: this.boot, extra: {} });
  }

  snapLine(): string {
    return this.line({ type: 'snap', seq: this.seq, ms: this.ms, occupancy: this.occupancy, buttons: this.heldButtons() });
  }

  private heldButtons(): BoardButton[] {
    return BOARD_BUTTONS.filter((_, i) => (this.buttons & (1 << i)) !== 0);
  }

  heartbeatLine(): string {
    return this.line({ type: 'hb', seq: this.seq, ms: this.ms });
  }

  /** An event after it changed the peer's inputs: numbered, timed, with the inputs after it, kept for RESEND. */
  private emit(e: EventMessage extends infer E ? (E extends EventMessage ? Omit<E, 'seq' | 'ms' | 'occupancy' | 'buttons'> : never) : never): string {
    this.seq = nextSeq(this.seq);
    const ev = { ...e, seq: this.seq, ms: this.ms, occupancy: this.occupancy, buttons: this.heldButtons() } as EventMessage;
    this.ring.push(ev);
    if (this.ring.length > this.ringSize) this.ring.shift();
    return this.line(ev);
  }

  /** A piece leaves `square` (internal index). Throws if the square is empty: a test bug. */
  lift(square: number): string {
    if (!this.occupancy.has(square)) throw new Error(`peer: lift from empty square ${square + 1}`);
    this.occupancy = this.occupancy.without(square);
    return this.emit({ type: 'event', kind: 'lift', square });
  }

  /** A piece arrives on `square` (internal index). Throws if the square is occupied. */
  place(square: number): string {
    if (this.occupancy.has(square)) throw new Error(`peer: place on occupied square ${square + 1}`);
    this.occupancy = this.occupancy.with(square);
    return this.emit({ type: 'event', kind: 'place', square });
  }

  press(button: BoardButton): string {
    const bit = 1 << BOARD_BUTTONS.indexOf(button);
    if (this.buttons & bit) throw new Error(`peer: ${button} already down`);
    this.buttons |= bit;
    return this.emit({ type: 'event', kind: 'down', button });
  }

  release(button: BoardButton): string {
    const bit = 1 << BOARD_BUTTONS.indexOf(button);
    if (!(this.buttons & bit)) throw new Error(`peer: ${button} not down`);
    this.buttons &= ~bit;
    return this.emit({ type: 'event', kind: 'up', button });
  }

  /**
   * The board restarts: sequence numbers from 0, a new boot number, settings and LEDs back to
   * their defaults, the ring emptied, buttons released; the pieces stay where they are.
   * Returns what it sends at its first scan: `HELLO`, then `SNAP 0 ...`.
   */
  reboot(boot: number): string[] {
    this.boot = boot;
    this.seq = 0;
    this.ms = 0;
    this.ring = [];
    this.buttons = 0;
    this.config = { ...PEER_DEFAULT_CONFIG };
    this.leds = Array.from({ length: this.squares }, () => 'off' as const);
    return [this.helloLine(), this.snapLine()];
  }

  /** The board's answer to one host line (without or with its line end), worded as the firmware words it. */
  handle(text: string): string[] {
    if (/^\r?\n?$/.test(text)) return []; // the board skips empty lines
    const decoded = decodeHostLine(text, { squares: this.squares });
    if (!decoded.ok) {
      const code = errCodeFor(decoded.error.kind);
      this.refused.push({ line: text, code });
      return [this.line({ type: 'err', code, text: decoded.error.reason })];
    }
    const cmd = decoded.message;
    this.received.push(cmd);
    switch (cmd.type) {
      case 'hello':
        return [this.helloLine()];
      case 'snap':
        return [this.snapLine()];
      case 'resend': {
        if (cmd.seq === nextSeq(this.seq)) return [this.line({ type: 'ok', command: 'RESEND' })];
        const i = this.ring.findIndex((e) => e.seq === cmd.seq);
        if (i < 0) return [this.line({ type: 'err', code: 'GONE', text: `oldest ${this.ring[0]?.seq ?? 0}` })];
        return [...this.ring.slice(i).map((e) => this.line(e)), this.line({ type: 'ok', command: 'RESEND' })];
      }
      case 'led':
        this.leds = cmd.frame;
        return [this.line({ type: 'ok', command: 'LED' })];
      case 'beep':
        this.beeps.push({ hz: cmd.hz, ms: cmd.ms });
        return [this.line({ type: 'ok', command: 'BEEP' })];
      case 'cfg':
        this.config = { ...this.config, ...cmd.config };
        return [this.line({ type: 'ok', command: 'CFG' })];
    }
  }
}
