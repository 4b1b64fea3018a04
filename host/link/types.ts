/**
 * The board-link contract: what every board link (the native serial protocol of the dambord
 * firmware, Firmata through johnny-five, the simulated board) presents to the rest of the host.
 *
 * Squares are internal indices 0..63 (index = the board's square number - 1, FMJD 2.6
 * numbering); square numbers exist only on the wire and in FEN/PDN code. Times named `t` are
 * the board's milliseconds (see {@link BoardEvent}); host-side durations are named `...Ms`.
 *
 * Like node-serialport's bindings-interface, the contract is small on purpose: a stream of
 * events, a snapshot, four commands, a health report and `close`.
 */
import type { SquareSet } from '../../rules/squareSet.ts';

import type { BoardButton } from '../../hardware/board.ts';

export type { BoardButton, BoardSize } from '../../hardware/board.ts';
export { BOARD_BUTTONS, BOARD_SIZES, SQUARE_COUNT } from '../../hardware/board.ts';

/**
 * Who the board says it is (its `HELLO` line).
 *
 * @example
 * { fw: '2.0.0', squares: 50, buttons: 4, caps: ['leds', 'blink', 'beep', 'snapshot', 'resend',
 *   'config', 'heartbeat'], ring: 64, boot: 7, extra: {} }
 */
export interface Hello {
  /** Firmware version, as the board writes it. */
  readonly fw: string;
  /** Dark squares on the board: 50 (10x10) or 32 (8x8). */
  readonly squares: number;
  /** Number of buttons (4 on the reference board). */
  readonly buttons: number;
  /** Capabilities: `leds`, `blink`, `beep`, `snapshot`, `resend`, `config`, `heartbeat`. */
  readonly caps: readonly string[];
  /** Events the board's ring buffer holds for `RESEND`. */
  readonly ring: number;
  /** Changes at every start of the board: a new value means the board restarted. */
  readonly boot: number;
  /** `key=value` fields this host does not know, kept for forward compatibility. */
  readonly extra: Readonly<Record<string, string>>;
}

/**
 * Why the link re-based its picture of the board on a snapshot or came back after a loss.
 * - `reconnect`: the port closed and was opened again.
 * - `heartbeat`: the board was silent for 3 heartbeat periods and spoke again.
 * - `gone`: a gap could not be resent (`ERR GONE`: the ring no longer holds it).
 * - `reboot`: the board restarted (a new `boot` number).
 * - `mismatch`: a snapshot disagreed with the occupancy the events built, and a fresh one
 *   asked for still did.
 * - `overflow`: too many events waited behind a gap.
 * - `invalid`: the board sent an event that cannot be (a square off the board, a piece placed
 *   on an occupied square, inputs after it that are not those the link knows with the event
 *   applied), and sent it so again when asked.
 * - `resend-failed`: `RESEND` was refused or went unanswered too often.
 */
export type RepairReason = 'reconnect' | 'heartbeat' | 'gone' | 'reboot' | 'mismatch' | 'overflow' | 'invalid' | 'resend-failed';

/**
 * What a board link delivers, in order.
 *
 * `t` is the board's clock in milliseconds, made monotonic by the link: it continues past the
 * board's 2^32 wrap and, when the board restarts, continues from the last value instead of
 * starting again at 0. It never goes backwards, as the referee requires.
 *
 * `seq` is the board's sequence number of the event (1-65535, wrapping to 1). Events the link
 * made up from a snapshot (`source: 'snapshot'`) carry the snapshot's `seq` and `t`: their
 * order is square order, not the order the hands moved in.
 *
 * @example
 * { type: 'lift', square: 31, t: 5120, seq: 1, source: 'board' }   // square 32 emptied
 * { type: 'button', button: 'clock', down: true, t: 9000, seq: 5, source: 'board' }
 * { type: 'link', state: 'lost', reason: 'heartbeat', detail: 'no line for 3000 ms', t: 9000 }
 */
export type BoardEvent =
  | {
      readonly type: 'lift' | 'place';
      /** Internal square index (board number - 1). */
      readonly square: number;
      readonly t: number;
      readonly seq: number;
      readonly source: 'board' | 'snapshot';
    }
  | {
      readonly type: 'button';
      readonly button: BoardButton;
      /** `true` pressed, `false` released. */
      readonly down: boolean;
      readonly t: number;
      readonly seq: number;
      readonly source: 'board' | 'snapshot';
    }
  | LinkEvent;

/**
 * The state of the link itself, interleaved with the board's events.
 * - `connected`: the link knows the board and its occupancy for the first time; what follows
 *   is relative to `occupancy`.
 * - `lost`: the port closed (`port`) or the board fell silent (`heartbeat`). Events may be
 *   missing until the next `resynced`; the link keeps trying on its own.
 * - `resynced`: the link is in step with the board again. Any lift/place/button events needed
 *   to turn the previous occupancy into `occupancy` were delivered just before this event.
 * - `incompatible`: the board speaks another version of the link protocol (an older firmware:
 *   `detail` names the command that flashes the firmware this host needs). Nothing more comes:
 *   the link stops listening to that board.
 */
export type LinkEvent =
  | {
      readonly type: 'link';
      readonly state: 'connected';
      readonly hello: Hello;
      readonly occupancy: SquareSet;
      readonly buttons: readonly BoardButton[];
      readonly t: number;
    }
  | { readonly type: 'link'; readonly state: 'lost'; readonly reason: 'port' | 'heartbeat'; readonly detail: string; readonly t: number }
  | { readonly type: 'link'; readonly state: 'incompatible'; readonly detail: string; readonly t: number }
  | {
      readonly type: 'link';
      readonly state: 'resynced';
      readonly reason: RepairReason;
      readonly hello: Hello;
      readonly occupancy: SquareSet;
      readonly buttons: readonly BoardButton[];
      readonly t: number;
    };

/**
 * The board as the link knows it after every event it has emitted (including events still
 * waiting in an iterator's queue).
 *
 * @example
 * { squares: 50, occupancy: SquareSet.of(0, 1, 30), buttons: [], seq: 12, t: 80210 }
 */
export interface Snapshot {
  /** Dark squares on the board (50 or 32). */
  readonly squares: number;
  /** Occupied squares, internal indices. */
  readonly occupancy: SquareSet;
  /** Buttons held down, in wire order. */
  readonly buttons: readonly BoardButton[];
  /** The board's sequence number of the last event this snapshot includes (0: none yet). */
  readonly seq: number;
  /** Board time of the last event or snapshot, as in {@link BoardEvent}. */
  readonly t: number;
}

/**
 * How one square's LED shows: `off`, `on`, `slow` blink (1 Hz), `fast` blink (4 Hz), or
 * `alternate`, a slow blink in the opposite phase to `slow`.
 */
export type LedPattern = 'off' | 'on' | 'slow' | 'fast' | 'alternate';

/**
 * One pattern per square, indexed by internal square index; the length must equal the board's
 * square count.
 *
 * @example
 * const frame: LedFrame = Array.from({ length: 50 }, (_, i) => (i === 27 || i === 31 ? 'on' : 'off'));
 */
export type LedFrame = readonly LedPattern[];

/**
 * Board settings (the `CFG` command). All in milliseconds.
 *
 * @example
 * { make: 30, break: 30, snap: 0, hb: 1000 }
 */
export interface LinkConfig {
  /** Debounce: a switch must read closed this long before a piece counts as arrived (0-255). */
  readonly make: number;
  /** Debounce: a switch must read open this long before a piece counts as gone (0-255). */
  readonly break: number;
  /** Period of unsolicited snapshots, 0 = off (0-65535). */
  readonly snap: number;
  /** Heartbeat period, 0 = off (0-65535). The link declares the board lost after 3 periods of silence. */
  readonly hb: number;
}

/**
 * Counters since the link was created, and the link's state. Every fault the link sees is
 * counted here, whether it was repaired or not. The counters of a line protocol (CRC, syntax,
 * gaps, resends, replies) are absent from a link that has no such faults (the Firmata link),
 * not 0.
 */
export interface LinkHealth {
  /**
   * `connecting`: no occupancy known yet; `connected`: in step with the board; `repairing`:
   * a gap or snapshot repair is under way; `lost`: port closed or board silent; `incompatible`:
   * the board speaks another protocol version (see {@link LinkEvent}); `closed`: `close()` was
   * called.
   */
  readonly state: 'connecting' | 'connected' | 'repairing' | 'lost' | 'incompatible' | 'closed';
  /** Lines that passed framing, CRC and syntax checks. */
  readonly linesOk: number;
  /** Lines whose CRC did not match. */
  readonly crcErrors?: number;
  /** Lines without a valid `*HHHH` frame (a line of protocol 1 among them), with bytes outside printable ASCII, or with bad fields. */
  readonly syntaxErrors?: number;
  /** Lines longer than 128 bytes. */
  readonly longLines?: number;
  /** Well-framed lines of a kind this host does not know (a newer firmware?). */
  readonly unknownLines?: number;
  /** Gaps in the sequence numbers detected (each counted once, however it was repaired). */
  readonly gaps?: number;
  /** Gaps closed by resent events. */
  readonly gapsRepaired?: number;
  /** `RESEND` commands sent. */
  readonly resends?: number;
  /** Snapshots that replaced the occupancy the events had built (not counting the first). */
  readonly snapshotsUsed: number;
  /** Events received again after they were delivered, and dropped. */
  readonly duplicatesDropped?: number;
  /** Events that arrived ahead of a missing one and were held back. */
  readonly outOfOrder?: number;
  /** Heartbeats or snapshots older than what the link already had. */
  readonly staleLines?: number;
  /** Snapshots that disagreed with the occupancy built from events. */
  readonly mismatches?: number;
  /**
   * Events that could not be (square off the board, piece placed on an occupied square), or
   * whose inputs after them, or time, contradict what the link knows: not delivered.
   */
  readonly invalidEvents?: number;
  /** Times the port was opened again after it closed. */
  readonly reconnects: number;
  /** Attempts to open the port that failed. */
  readonly openFailures: number;
  /** Board restarts seen (a new `boot` number). */
  readonly reboots: number;
  /** Times the board fell silent for 3 heartbeat periods. */
  readonly heartbeatLosses: number;
  /** `ERR` lines from the board, any code. */
  readonly errorReplies?: number;
  /** Answers that matched no command the link had sent. */
  readonly unexpectedReplies?: number;
  /** Commands that went unanswered within the reply timeout. */
  readonly timeouts: number;
  /** Commands sent again after a timeout or an `ERR CRC`/`SYNTAX`/`LONG`. */
  readonly retries?: number;
  /** Commands given up on (their promise rejected). */
  readonly commandFailures: number;
  /** Host milliseconds since the last line of any kind arrived (null: none yet). */
  readonly msSinceLastLine: number | null;
  /** Host milliseconds since the last valid line arrived (null: none yet). */
  readonly msSinceLastValidLine: number | null;
}

/** The counters of {@link LinkHealth}, without the state, the port's open failures and the times. */
export type LinkCounters = {
  -readonly [K in Exclude<keyof LinkHealth, 'state' | 'msSinceLastLine' | 'msSinceLastValidLine' | 'openFailures'>]-?: number;
};

/** The health of a serial link: every counter there. */
export type SerialLinkHealth = LinkHealth & LinkCounters;

/** Every counter at 0: a fresh serial link. */
export function zeroCounters(): LinkCounters {
  return {
    linesOk: 0, crcErrors: 0, syntaxErrors: 0, longLines: 0, unknownLines: 0, gaps: 0, gapsRepaired: 0, resends: 0, snapshotsUsed: 0,
    duplicatesDropped: 0, outOfOrder: 0, staleLines: 0, mismatches: 0, invalidEvents: 0, reconnects: 0, reboots: 0, heartbeatLosses: 0,
    errorReplies: 0, unexpectedReplies: 0, timeouts: 0, retries: 0, commandFailures: 0,
  };
}

/**
 * Runs `fn` every `ms` milliseconds until the returned function is called: how a link is given
 * the time for its periodic work (timeouts, debounce, blinking, heartbeat). The default,
 * {@link wallEvery}, is the wall clock; a simulation on its own clock passes its own.
 */
export type Every = (ms: number, fn: () => void) => () => void;

/** {@link Every} on the wall clock (`setInterval`, not keeping the process alive). */
export const wallEvery: Every = (ms, fn) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** Why a link operation failed. */
export type LinkErrorCode =
  /** The link or its port is closed. */
  | 'closed'
  /** The board did not answer in time, after retries. */
  | 'timeout'
  /** The board refused the command (`ERR ARG` or another code). */
  | 'refused'
  /** The argument is invalid; nothing was sent. */
  | 'invalid'
  /** No board answered (discovery). */
  | 'not-found';

/** The error every board-link promise rejects with. */
export class LinkError extends Error {
  constructor(
    readonly code: LinkErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LinkError';
  }
}

/**
 * A board link.
 *
 * Errors: methods never throw synchronously; promises reject with {@link LinkError}. Faults of
 * the line (corruption, loss, a silent or restarted board, a vanished port) are not errors:
 * the link repairs them, reports them as `link` events and counts them in {@link health}.
 *
 * @example
 * const link = openSerialLink({ path: '/dev/ttyUSB0' });
 * for await (const ev of link.events()) {
 *   if (ev.type === 'lift') console.log('lifted', ev.square + 1);
 * }
 */
export interface BoardLink {
  /**
   * The events, in order, from now until `close()` (which ends the iteration). Each call starts
   * a new iterator that sees every later event; the first iterator also receives the events
   * emitted before it was created (so `connected` is not missed). Queues are unbounded: keep
   * reading.
   */
  events(): AsyncIterableIterator<BoardEvent>;
  /**
   * The occupancy after every event emitted so far. Waits for the first snapshot of the board
   * if there is none yet. Rejects with `closed` if the link closes first.
   */
  snapshot(): Promise<Snapshot>;
  /**
   * Shows `frame` on the square LEDs. Resolves when the board confirms. The link remembers the
   * last frame and shows it again after a reconnect or a board restart.
   * Rejects with `invalid` (wrong length or pattern), `refused`, `timeout` or `closed`.
   */
  setLeds(frame: LedFrame): Promise<void>;
  /**
   * A tone of `hz` (100-8000) for `ms` (1-2000) milliseconds. Resolves when the board confirms.
   * Rejects with `invalid`, `refused`, `timeout` or `closed`.
   */
  beep(hz: number, ms: number): Promise<void>;
  /**
   * Changes board settings; keys left out keep their value. The link remembers them and
   * applies them again after a reconnect or a board restart; `hb` also sets the link's
   * heartbeat watch. Rejects with `invalid`, `refused`, `timeout` or `closed`.
   */
  configure(config: Partial<LinkConfig>): Promise<void>;
  /** The link's counters and state now. Never fails. */
  health(): LinkHealth;
  /** Closes the port, ends every iterator and rejects every waiting promise with `closed`. */
  close(): Promise<void>;
}
