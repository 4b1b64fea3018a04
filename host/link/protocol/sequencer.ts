/**
 * The link's repair logic as a deterministic state machine (docs/protocol.md, "Repair").
 *
 * `step(input, now)` takes what happened (a decoded line, the port opening or closing, a
 * command from the user, time passing) and the host's time in milliseconds, and returns the
 * events to deliver, the commands to send and the answers to the user's commands. It does no
 * I/O, reads no clock and starts no timer: the caller feeds it (serialLink.ts), tests drive it
 * by hand.
 *
 * What it does:
 * - on open asks `HELLO` only, and `SNAP`, the configuration and the LEDs once the board has
 *   said `HELLO` (a board whose port opens may be starting and deaf: see onOpen);
 * - delivers `EV` lines in sequence order; drops duplicates; holds events that arrive ahead of
 *   a missing one and releases them in order;
 * - cross-checks every event before it is delivered: the inputs its line says follow it must
 *   be those the link knows with the event applied, and its time must not be before what the
 *   link already saw; an event that fails is not delivered but asked again (`RESEND`), and if
 *   it comes again the same, the link re-bases on a snapshot (docs/protocol.md, "Repair");
 * - a snapshot that disagrees with the events is not believed at once: a fresh `SNAP` is asked,
 *   and only a second disagreeing one re-bases the link;
 * - refuses a board of another protocol version (a `HELLO` with another `proto=`, or the
 *   CRC-8 lines of protocol 1): an `incompatible` link event names the command that flashes
 *   the firmware this host needs, and the link stops;
 * - on a gap (an event ahead of the next number, or `HB`/`SNAP` naming a later number) asks
 *   `RESEND` from the first missing number, again while the gap stays open;
 * - on `ERR GONE`, a new `boot`, an event that fails its cross-check twice or two snapshots
 *   that disagree, asks `SNAP` and turns the difference from the known occupancy into
 *   lift/place (then button) events in square order;
 * - watches the heartbeat: no valid line for 3 periods -> `link lost` and `HELLO` until the
 *   board answers; then `SNAP` to check nothing was missed;
 * - takes a `HB`/`SNAP` whose number is before the last delivered, or whose board time went
 *   back, as a possible restart whose `HELLO` was lost: asks `HELLO`; the same boot leads to a
 *   fresh `SNAP`, which re-bases the link if the board is really behind it;
 * - matches `OK`/`ERR` answers to the commands sent (oldest first; an `ERR` whose text starts
 *   with a command word, as the board's `ERR ARG` texts do, to that command), retries after a
 *   timeout or `ERR CRC`/`SYNTAX`/`LONG`, and re-applies the last LED frame and configuration
 *   after a reconnect or a board restart;
 * - maps board times to one clock that never goes back (2^32 wraps, restarts).
 */
import { SquareSet } from '../../../rules/squareSet.ts';
import { BOARD_BUTTONS, LinkError, zeroCounters } from '../types.ts';
import type { BoardButton, BoardEvent, Hello, LedFrame, LinkConfig, LinkCounters, LinkErrorCode, LinkHealth, RepairReason, SerialLinkHealth, Snapshot } from '../types.ts';
import type { Decoded, LineError } from './decode.ts';
import { commandProblem } from './encode.ts';
import type { Reply, UserCommand } from '../kit/command.ts';
import { COMMAND_WORDS, PROTOCOL } from './messages.ts';
import type { BoardMessage, CommandWord, ErrMessage, EventMessage, HelloMessage, HostCommand, SnapMessage } from './messages.ts';
import { nextSeq, seqAhead, seqDistance } from '../kit/seq.ts';

export type SequencerInput =
  /** The port opened (first time or again). */
  | { readonly type: 'open' }
  /** The port closed or vanished. */
  | { readonly type: 'close'; readonly reason: string }
  /** A line arrived, decoded (or not) by decodeBoardLine. */
  | { readonly type: 'line'; readonly decoded: Decoded<BoardMessage> }
  /** Time passed (call every few tens of milliseconds). */
  | { readonly type: 'tick' }
  /** The user asks for a command; its answer comes back as a `Reply` with the same `id`. */
  | { readonly type: 'command'; readonly id: number; readonly command: UserCommand };

export interface SequencerOutput {
  /** Events to deliver, in order. */
  readonly events: BoardEvent[];
  /** Commands to write, in order. */
  readonly commands: HostCommand[];
  readonly replies: Reply[];
}

export interface SequencerOptions {
  /**
   * The heartbeat period of a board that has not confirmed a `CFG hb=` (the firmware's default,
   * 1000 ms), used by the heartbeat watch until an `OK CFG` confirms another and again after
   * the board restarts. 0 = no watch.
   */
  readonly hbMs?: number;
  /** How long to wait for the answer to a command before sending it again (ms). Default 1000. */
  readonly replyTimeoutMs?: number;
  /** Times a user command is sent again before its promise fails; rounds of `RESEND` without progress before falling back to `SNAP`. Default 3. */
  readonly maxRetries?: number;
  /**
   * Settings to apply at every (re)connect and board restart, as if the user had called
   * `configure` first. Its `hb` sets the heartbeat watch once the board confirms it.
   */
  readonly config?: Partial<LinkConfig>;
  /** Events held behind a gap before giving up on `RESEND` and asking `SNAP`. Default 512. */
  readonly maxHeld?: number;
  /** Silent heartbeat periods before the board counts as lost. Default 3. */
  readonly lostAfterBeats?: number;
  /** The board's port, named in the command that flashes a board of an older protocol. */
  readonly path?: string;
}

interface Pending {
  readonly cmd: HostCommand;
  readonly word: CommandWord;
  /** User command id; internal commands have none. */
  readonly id: number | null;
  readonly sentAt: number;
  readonly tries: number;
}

type Counters = LinkCounters;

const RETRYABLE = new Set(['CRC', 'SYNTAX', 'LONG']);

/** Lines of link protocol 1 in a row (with no valid line between) that name a board of it. */
const LEGACY_LINES = 3;

/**
 * Board time going back more than this on a HB or SNAP suggests a restart (ms). A serial line
 * does not reorder, so any step back is suspicious; asking HELLO costs one line.
 */
const RESTART_SUSPECT_MS = 0;

function buttonMask(buttons: readonly BoardButton[]): number {
  let m = 0;
  for (const b of buttons) m |= 1 << BOARD_BUTTONS.indexOf(b);
  return m;
}

function maskButtons(mask: number): BoardButton[] {
  return BOARD_BUTTONS.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** Signed difference of two 32-bit board times, wrapping: in [-2^31, 2^31). */
function msDelta(ms: number, ref: number): number {
  const d = (ms - ref) % 2 ** 32;
  if (d >= 2 ** 31) return d - 2 ** 32;
  if (d < -(2 ** 31)) return d + 2 ** 32;
  return d;
}

function withoutHello({ type: _type, proto: _proto, ...hello }: HelloMessage): Hello {
  return hello;
}

/** `dambord flash` for a board on `path` with `squares` squares (if known). */
function flashCommand(path: string | undefined, squares: number | undefined): string {
  const board = squares === 32 ? ' --board 8x8' : squares === undefined ? ' (with --board 8x8 for an 8x8 board)' : '';
  return `dambord flash --port ${path ?? 'PORT'}${board}`;
}

export class Sequencer {
  private readonly replyTimeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxHeld: number;
  private readonly lostAfterBeats: number;
  private readonly defaultHbMs: number;
  private readonly path: string | undefined;
  /** The heartbeat period the board confirmed (ms). */
  private hbMs: number;

  private open = false;
  private hello: Hello | null = null;
  private baseline = false;
  private occ = SquareSet.EMPTY;
  private btn = 0;
  /** Last sequence number delivered. */
  private last = 0;
  /** Highest sequence number the board is known to have issued. */
  private latest = 0;
  private held = new Map<number, EventMessage>();
  /** The next snapshot replaces the occupancy, for this reason. */
  private adopt: RepairReason | null = null;
  /** A snapshot ahead of `last`, to compare when `last` reaches it. */
  private verify: SnapMessage | null = null;
  /** The event whose line failed its cross-check and was asked again (RESEND). */
  private doubted: number | null = null;
  /** A snapshot disagreed with the events: a fresh one was asked before believing it. */
  private snapDoubted = false;
  /** No event after `last` can be older than this board time (the last event's, or a HB or SNAP at `last`). */
  private msFloor: number | null = null;
  /** Lines of protocol 1 since the last valid line. */
  private legacyRun = 0;
  /** Why the board cannot be spoken to (another protocol version); the link has stopped. */
  private incompatible: string | null = null;
  private gapOpen = false;
  /** The RESEND round: where it started and how many rounds made no progress. */
  private resendFrom = 0;
  private resendStalls = 0;
  private lost: 'port' | 'heartbeat' | null = null;
  /** Lines came back after a heartbeat loss and HELLO + SNAP were asked. */
  private recovering = false;
  private pending: Pending[] = [];
  private sticky: { cfg: Partial<LinkConfig>; led: LedFrame | null } = { cfg: {}, led: null };
  private opens = 0;
  /** A HELLO came since the port last opened (see onOpen). */
  private greeted = false;
  private lastAnyAt: number | null = null;
  private lastValidAt: number | null = null;
  /** Board time reference: the last board ms seen and the monotonic time it maps to. */
  private refMs: number | null = null;
  private refT = 0;
  /** Time of the last delivered event (delivered times never go backwards). */
  private outT = 0;
  private rebase = false;
  /**
   * A HB or SNAP older than what the link has: `probing` waits for HELLO to tell a restart
   * from a stray line; `confirmed` (same boot) waits for a fresh snapshot.
   */
  private suspect: 'probing' | 'confirmed' | null = null;
  private readonly counters: Counters = zeroCounters();

  private out: { events: BoardEvent[]; commands: HostCommand[]; replies: Reply[] } = { events: [], commands: [], replies: [] };
  private now = 0;

  constructor(options: SequencerOptions = {}) {
    this.defaultHbMs = options.hbMs ?? 1000;
    this.hbMs = this.defaultHbMs;
    if (options.config !== undefined) this.sticky.cfg = { ...options.config };
    this.replyTimeoutMs = options.replyTimeoutMs ?? 1000;
    this.maxRetries = options.maxRetries ?? 3;
    this.maxHeld = options.maxHeld ?? 512;
    this.lostAfterBeats = options.lostAfterBeats ?? 3;
    this.path = options.path;
  }

  /** Feeds one input at host time `now` (ms, never decreasing). */
  step(input: SequencerInput, now: number): SequencerOutput {
    this.now = now;
    this.out = { events: [], commands: [], replies: [] };
    switch (input.type) {
      case 'open':
        this.onOpen();
        break;
      case 'close':
        this.onClose(input.reason);
        break;
      case 'line':
        this.onLine(input.decoded);
        break;
      case 'tick':
        this.onTick();
        break;
      case 'command':
        this.onCommand(input.id, input.command);
        break;
    }
    return this.out;
  }

  /** The occupancy after the delivered events, or null before the first snapshot. */
  snapshot(): Snapshot | null {
    if (!this.baseline || this.hello === null) return null;
    return { squares: this.hello.squares, occupancy: this.occ, buttons: maskButtons(this.btn), seq: this.last, t: this.outT };
  }

  /** The board's last `HELLO`, if any. */
  board(): Hello | null {
    return this.hello;
  }

  /** Counters and state at host time `now`. `openFailures` is the port's business: 0 here. */
  health(now: number): SerialLinkHealth {
    let state: LinkHealth['state'];
    if (this.incompatible !== null) state = 'incompatible';
    else if (this.lost !== null) state = 'lost';
    else if (!this.baseline) state = 'connecting';
    else if (this.adopt !== null || this.gapOpen || this.verify !== null || this.doubted !== null || this.snapDoubted) state = 'repairing';
    else state = 'connected';
    return {
      state,
      ...this.counters,
      openFailures: 0,
      // Whole milliseconds: the host's clock (performance.now) has fractions nobody needs.
      msSinceLastLine: this.lastAnyAt === null ? null : Math.round(now - this.lastAnyAt),
      msSinceLastValidLine: this.lastValidAt === null ? null : Math.round(now - this.lastValidAt),
    };
  }

  // ---- inputs ----

  /**
   * The port opened: HELLO only. A board is often starting when its port opens (opening it
   * resets an Arduino through DTR; a simulated board powers up with it) and does not listen for
   * the first milliseconds, or for the bootloader's half second: what is written then is lost. Its
   * start-up HELLO answers ours; SNAP, the configuration and the LEDs follow the HELLO, when the
   * board is known to listen (a running board answers our HELLO).
   */
  private onOpen(): void {
    this.open = true;
    if (this.incompatible !== null) return;
    this.opens++;
    if (this.opens > 1) this.counters.reconnects++;
    this.lastValidAt = this.now;
    this.pending = [];
    this.greeted = false;
    this.send({ type: 'hello' });
  }

  private onClose(reason: string): void {
    if (!this.open) return;
    this.open = false;
    for (const p of this.pending) if (p.id !== null) this.fail(p, 'closed', `port closed before the board answered ${p.word}`);
    this.pending = [];
    if (this.lost === null) this.out.events.push({ type: 'link', state: 'lost', reason: 'port', detail: reason, t: this.outT });
    this.lost = 'port';
  }

  private onCommand(id: number, cmd: UserCommand): void {
    const problem = commandProblem(cmd, this.hello?.squares);
    if (problem !== null) {
      this.out.replies.push({ id, ok: false, error: new LinkError('invalid', problem) });
      return;
    }
    if (this.incompatible !== null) {
      this.out.replies.push({ id, ok: false, error: new LinkError('refused', this.incompatible) });
      return;
    }
    if (cmd.type === 'led') this.sticky.led = cmd.frame;
    if (cmd.type === 'cfg') this.sticky.cfg = { ...this.sticky.cfg, ...cmd.config };
    if (!this.open) {
      this.out.replies.push({ id, ok: false, error: new LinkError('closed', 'the port is not open (the command is kept for LED and CFG and applied on reconnect)') });
      return;
    }
    this.send(cmd, id);
  }

  private onTick(): void {
    if (!this.open || this.incompatible !== null) return;
    const expired = this.pending.filter((p) => this.now - p.sentAt >= this.replyTimeoutMs);
    for (const p of expired) {
      this.remove(p);
      this.counters.timeouts++;
      this.retryOrFail(p, 'timeout', `no answer to ${p.word} within ${this.replyTimeoutMs} ms`);
    }
    const silentFor = this.now - (this.lastValidAt ?? this.now);
    if (this.hbMs > 0 && this.lost === null && silentFor > this.lostAfterBeats * this.hbMs) {
      this.lost = 'heartbeat';
      this.recovering = false;
      this.counters.heartbeatLosses++;
      this.out.events.push({ type: 'link', state: 'lost', reason: 'heartbeat', detail: `no valid line for ${silentFor} ms`, t: this.outT });
      this.ensure({ type: 'hello' });
    }
  }

  private onLine(decoded: Decoded<BoardMessage>): void {
    if (!this.open || this.incompatible !== null) return;
    this.lastAnyAt = this.now;
    if (!decoded.ok) {
      const k = decoded.error.kind;
      if (k === 'crc') this.counters.crcErrors++;
      else if (k === 'long') this.counters.longLines++;
      else if (k === 'unknown') this.counters.unknownLines++;
      else this.counters.syntaxErrors++;
      if (k === 'legacy') this.onLegacy(decoded.error);
      return;
    }
    this.legacyRun = 0;
    this.counters.linesOk++;
    this.lastValidAt = this.now;
    if (this.lost === 'heartbeat' && !this.recovering) {
      // The board speaks again: who is it, and what did it do meanwhile?
      this.recovering = true;
      this.ensure({ type: 'hello' });
      this.ensure({ type: 'snap' });
    }
    const m = decoded.message;
    switch (m.type) {
      case 'hello':
        this.onHello(m);
        break;
      case 'event':
        this.onEvent(m);
        break;
      case 'snap':
        this.onSnap(m);
        break;
      case 'hb':
        this.onHeartbeat(m.seq, m.ms);
        break;
      case 'ok':
        this.onOk(m.command);
        break;
      case 'err':
        this.onErr(m);
        break;
    }
  }

  // ---- board messages ----

  /** A line of protocol 1: its HELLO, or a few lines in a row, name a board with an older firmware. */
  private onLegacy(error: LineError): void {
    this.legacyRun++;
    if (error.fw === undefined && this.legacyRun < LEGACY_LINES) return;
    const squares = /(?:^| )squares=(\d+)/.exec(error.line);
    const who = error.fw !== undefined ? `dambord firmware ${error.fw}, which speaks` : 'lines of';
    this.stop(
      `the board sends ${who} link protocol 1 (lines with a CRC-8); this dambord speaks protocol ${PROTOCOL} and needs the firmware that comes with it: flash it with ${flashCommand(this.path, squares ? Number(squares[1]) : this.hello?.squares)}`,
    );
  }

  /** The board speaks another protocol: said once, and the link stops (every command refused). */
  private stop(detail: string): void {
    if (this.incompatible !== null) return;
    this.incompatible = detail;
    for (const p of this.pending) if (p.id !== null) this.out.replies.push({ id: p.id, ok: false, error: new LinkError('refused', detail) });
    this.pending = [];
    this.held.clear();
    this.out.events.push({ type: 'link', state: 'incompatible', detail, t: this.outT });
  }

  private onHello(h: HelloMessage): void {
    if (h.proto !== PROTOCOL) {
      const older = h.proto < PROTOCOL;
      this.stop(
        `the board's firmware ${h.fw} speaks link protocol ${h.proto}, this dambord ${PROTOCOL}: ${older ? 'flash the firmware that comes with this dambord' : 'update dambord on this computer, or flash the firmware that comes with it'}: ${flashCommand(this.path, h.squares)}`,
      );
      return;
    }
    this.take('HELLO');
    const hello = withoutHello(h);
    const before = this.hello;
    this.hello = hello;
    // The first HELLO since the port opened: the board listens, so what the open held back goes now.
    const greeting = !this.greeted;
    this.greeted = true;
    if (before === null) {
      if (!this.baseline || greeting) this.ensure({ type: 'snap' });
      if (greeting) this.restore();
      return;
    }
    if (before.boot !== hello.boot || before.squares !== hello.squares) {
      this.counters.reboots++;
      this.held.clear();
      this.verify = null;
      this.doubted = null;
      this.snapDoubted = false;
      this.msFloor = null;
      this.gapOpen = false;
      this.resendStalls = 0;
      this.latest = 0;
      this.rebase = true;
      this.hbMs = this.defaultHbMs;
      this.pending = this.pending.filter((p) => p.word !== 'RESEND' && p.word !== 'SNAP');
      if (this.baseline) this.adopt = 'reboot';
      this.send({ type: 'snap' });
      this.restore();
      this.suspect = null;
    } else if (greeting) {
      // The same board after the port opened again: what happened while it was closed?
      this.ensure({ type: 'snap' });
      this.restore();
      if (this.suspect === 'probing') {
        this.suspect = 'confirmed';
        this.rebase = true;
      }
    } else if (this.suspect === 'probing') {
      // Same boot after all: a fresh snapshot decides whether the link got ahead of the board.
      this.suspect = 'confirmed';
      this.rebase = true;
      this.ensure({ type: 'snap' });
    } else if (this.lost !== null) {
      this.ensure({ type: 'snap' });
    }
  }

  private onEvent(e: EventMessage): void {
    // Its time counts only once it passes its cross-check (accept): a damaged time must not move
    // the link's clock.
    if (this.baseline && this.adopt === null && !seqAhead(e.seq, this.last)) {
      this.counters.duplicatesDropped++;
      return;
    }
    if (this.baseline && this.adopt === null && e.seq === nextSeq(this.last)) {
      // The next one: `latest` moves only if it passes its cross-check (a damaged number must
      // not open a gap the board cannot fill).
      this.accept(e);
      this.release();
    } else if (this.held.has(e.seq)) {
      this.counters.duplicatesDropped++;
    } else {
      if (seqAhead(e.seq, this.latest)) this.latest = e.seq;
      this.held.set(e.seq, e);
      if (this.baseline && this.adopt === null) this.counters.outOfOrder++;
      if (this.held.size > this.maxHeld) {
        this.held.clear();
        this.startAdopt('overflow');
      }
    }
    this.checkGap();
  }

  private onSnap(s: SnapMessage): void {
    this.take('SNAP');
    if (this.hello === null) {
      this.ensure({ type: 'hello' });
      return;
    }
    if (!this.fitsBoard(s.occupancy)) {
      this.counters.invalidEvents++;
      if (!this.baseline || this.adopt !== null) this.ensure({ type: 'snap' });
      return;
    }
    if (!this.baseline || this.adopt !== null) {
      this.adoptSnapshot(s);
      return;
    }
    if (this.isBehind(s.seq, s.ms)) {
      if (this.suspect === 'confirmed') {
        // The board, same boot, is behind what the link delivered: the link took in a stray line.
        this.counters.mismatches++;
        this.adopt = 'mismatch';
        this.adoptSnapshot(s);
      } else {
        this.suspectRestart();
      }
      return;
    }
    this.suspect = null;
    this.boardTime(s.ms, true);
    if (seqDistance(s.seq, this.last) === 0) {
      this.compare(s);
    } else {
      if (seqAhead(s.seq, this.latest)) this.latest = s.seq;
      this.verify = s;
      this.checkGap();
    }
  }

  private onHeartbeat(seq: number, ms: number): void {
    if (!this.baseline || this.adopt !== null) return;
    if (this.isBehind(seq, ms)) {
      if (this.suspect === 'confirmed') this.ensure({ type: 'snap' });
      else this.suspectRestart();
      return;
    }
    if (seqAhead(seq, this.latest)) this.latest = seq;
    this.boardTime(ms, true);
    // Events after `last` were all taken after this heartbeat went out.
    if (seqDistance(seq, this.last) === 0) this.raiseFloor(ms);
    this.checkGap();
  }

  private raiseFloor(ms: number): void {
    if (this.msFloor === null || msDelta(ms, this.msFloor) > 0) this.msFloor = ms;
  }

  /**
   * A heartbeat or snapshot (lines that tell the board's present) older than what the link has:
   * its number is before the last delivered, or its time before the latest board time seen.
   * A reordered line, or the board restarted and its HELLO was lost.
   */
  private isBehind(seq: number, ms: number): boolean {
    const behind = seqAhead(this.last, seq) || (this.refMs !== null && !this.rebase && msDelta(ms, this.refMs) < -RESTART_SUSPECT_MS);
    if (behind) this.counters.staleLines++;
    return behind;
  }

  /** Asks HELLO: a new boot answers the question; the same boot leads to a fresh snapshot. */
  private suspectRestart(): void {
    this.suspect = 'probing';
    this.ensure({ type: 'hello' });
  }

  private onOk(word: string): void {
    const p = this.take(word);
    if (p === null) {
      this.counters.unexpectedReplies++;
      return;
    }
    if (p.id !== null) this.out.replies.push({ id: p.id, ok: true });
    if (p.cmd.type === 'cfg' && p.cmd.config.hb !== undefined) this.hbMs = p.cmd.config.hb;
    if (p.word === 'RESEND') this.checkGap();
  }

  private onErr(m: ErrMessage): void {
    this.counters.errorReplies++;
    if (m.code === 'GONE') {
      if (this.take('RESEND') === null) this.counters.unexpectedReplies++;
      this.startAdopt('gone');
      return;
    }
    const named = Object.values(COMMAND_WORDS).find((w) => m.text.split(' ')[0] === w);
    const target = (named !== undefined ? this.pending.find((p) => p.word === named) : undefined) ?? this.pending[0];
    if (target === undefined) {
      this.counters.unexpectedReplies++;
      return;
    }
    this.remove(target);
    const why = `the board answered ERR ${m.code}${m.text === '' ? '' : ` ${m.text}`} to ${target.word}`;
    if (RETRYABLE.has(m.code)) this.retryOrFail(target, 'timeout', why);
    else this.giveUp(target, 'refused', why);
  }

  // ---- sequence repair ----

  /**
   * The next event in line, delivered if it passes its cross-check: it can be (a lift from an
   * occupied square, a place on an empty one, a button that is up pressed), the inputs its line
   * says follow it are the link's with the event applied, and its time is not before the
   * floor. A line damaged on the way that its CRC let through fails it (docs/protocol.md,
   * "Repair"): see {@link contradicted}.
   */
  private accept(e: EventMessage): void {
    const squares = this.hello?.squares ?? 0;
    let occ = this.occ;
    let btn = this.btn;
    let ok: boolean;
    if (e.kind === 'lift' || e.kind === 'place') {
      ok = e.square < squares && occ.has(e.square) === (e.kind === 'lift');
      occ = e.kind === 'lift' ? occ.without(e.square) : occ.with(e.square);
    } else {
      const bit = 1 << BOARD_BUTTONS.indexOf(e.button);
      ok = ((btn & bit) !== 0) === (e.kind === 'up');
      btn ^= bit;
    }
    ok &&= e.occupancy.equals(occ) && buttonMask(e.buttons) === btn && (this.msFloor === null || msDelta(e.ms, this.msFloor) >= 0);
    if (!ok) {
      this.contradicted(e);
      return;
    }
    this.doubted = null;
    this.last = e.seq;
    if (seqAhead(e.seq, this.latest)) this.latest = e.seq;
    this.occ = occ;
    this.btn = btn;
    this.msFloor = e.ms;
    const t = this.eventTime(e.ms, false);
    if (e.kind === 'lift' || e.kind === 'place') this.out.events.push({ type: e.kind, square: e.square, t, seq: e.seq, source: 'board' });
    else this.out.events.push({ type: 'button', button: e.button, down: e.kind === 'down', t, seq: e.seq, source: 'board' });
    if (this.verify !== null && seqDistance(this.verify.seq, this.last) === 0) {
      const v = this.verify;
      this.verify = null;
      this.compare(v);
    }
  }

  /**
   * An event that failed its cross-check is not delivered. Its line may have been damaged in a
   * way its CRC let through (about once in 65536 damaged lines): it is asked again. If it comes
   * back the same, the board says so twice and the link's picture is what is wrong: it re-bases
   * on a snapshot.
   */
  private contradicted(e: EventMessage): void {
    this.counters.invalidEvents++;
    if (this.doubted === e.seq) {
      this.doubted = null;
      this.startAdopt('invalid');
      return;
    }
    this.doubted = e.seq;
    if (this.pending.some((p) => p.word === 'RESEND')) return; // its answer brings the line again, or the next HB shows the gap
    this.counters.resends++;
    this.send({ type: 'resend', seq: e.seq });
  }

  /** Delivers held events that are now next in line; drops held ones already covered. */
  private release(): void {
    for (const seq of [...this.held.keys()]) if (!seqAhead(seq, this.last)) this.held.delete(seq);
    for (;;) {
      if (this.adopt !== null) return;
      const e = this.held.get(nextSeq(this.last));
      if (e === undefined) return;
      this.held.delete(e.seq);
      this.accept(e);
    }
  }

  private checkGap(): void {
    if (!this.baseline || this.adopt !== null) return;
    const gap = this.held.size > 0 || seqAhead(this.latest, this.last);
    if (!gap) {
      if (this.gapOpen) {
        this.gapOpen = false;
        this.counters.gapsRepaired++;
      }
      this.resendStalls = 0;
      return;
    }
    if (!this.gapOpen) {
      this.gapOpen = true;
      this.counters.gaps++;
    }
    if (this.pending.some((p) => p.word === 'RESEND')) return;
    const from = nextSeq(this.last);
    if (from === this.resendFrom) this.resendStalls++;
    else this.resendStalls = 0;
    this.resendFrom = from;
    if (this.resendStalls > this.maxRetries) {
      this.startAdopt('resend-failed');
      return;
    }
    this.counters.resends++;
    this.send({ type: 'resend', seq: from });
  }

  private startAdopt(reason: RepairReason): void {
    if (this.adopt === null) this.adopt = reason;
    // Events the board would not resend may be strays (a line of an earlier boot); later
    // events are recovered by RESEND once the snapshot names its number.
    if (reason === 'resend-failed') this.held.clear();
    this.verify = null;
    this.ensure({ type: 'snap' });
  }

  /**
   * A snapshot at exactly `last`: in step, or re-base on it. Every event delivered passed its
   * cross-check, so a snapshot that disagrees may itself be a damaged line: a fresh one is asked
   * first, and the link re-bases only if that one disagrees too.
   */
  private compare(s: SnapMessage): void {
    if (s.occupancy.equals(this.occ) && buttonMask(s.buttons) === this.btn) {
      this.snapDoubted = false;
      this.raiseFloor(s.ms);
      if (this.lost !== null) this.resynced(this.lost === 'port' ? 'reconnect' : 'heartbeat');
      return;
    }
    this.counters.mismatches++;
    if (!this.snapDoubted) {
      this.snapDoubted = true;
      this.ensure({ type: 'snap' });
      return;
    }
    this.adopt = 'mismatch';
    this.adoptSnapshot(s);
  }

  private adoptSnapshot(s: SnapMessage): void {
    const t = this.eventTime(s.ms, true);
    const first = !this.baseline;
    if (!first) {
      for (const sq of s.occupancy.diff(this.occ).union(this.occ.diff(s.occupancy))) {
        this.out.events.push({ type: s.occupancy.has(sq) ? 'place' : 'lift', square: sq, t, seq: s.seq, source: 'snapshot' });
      }
      const mask = buttonMask(s.buttons);
      BOARD_BUTTONS.forEach((button, i) => {
        if (((mask ^ this.btn) & (1 << i)) !== 0) this.out.events.push({ type: 'button', button, down: (mask & (1 << i)) !== 0, t, seq: s.seq, source: 'snapshot' });
      });
      this.counters.snapshotsUsed++;
    }
    const reason = this.adopt ?? (this.lost === 'port' ? 'reconnect' : 'heartbeat');
    this.occ = s.occupancy;
    this.btn = buttonMask(s.buttons);
    this.last = s.seq;
    // The board's latest is at least the snapshot's; held events and the next HB raise it again.
    this.latest = s.seq;
    this.baseline = true;
    this.adopt = null;
    this.verify = null;
    this.suspect = null;
    this.gapOpen = false;
    this.resendStalls = 0;
    this.doubted = null;
    this.snapDoubted = false;
    // Events after the snapshot were all taken after it.
    this.msFloor = s.ms;
    if (first) {
      this.lost = null;
      this.out.events.push({ type: 'link', state: 'connected', hello: this.hello as Hello, occupancy: this.occ, buttons: maskButtons(this.btn), t });
    } else {
      this.resynced(reason);
    }
    this.release();
    this.checkGap();
  }

  private resynced(reason: RepairReason): void {
    this.lost = null;
    this.out.events.push({ type: 'link', state: 'resynced', reason, hello: this.hello as Hello, occupancy: this.occ, buttons: maskButtons(this.btn), t: this.outT });
  }

  private fitsBoard(set: SquareSet): boolean {
    const squares = this.hello?.squares ?? 64;
    for (const sq of set) if (sq >= squares) return false;
    return true;
  }

  // ---- time ----

  /**
   * Maps a board time to the link's monotonic time, following wraps and restarts. After a
   * restart only a line that tells the present (`present`: HB, SNAP) sets the new reference:
   * an event may be an old one.
   */
  private boardTime(ms: number, present: boolean): number {
    if (this.refMs !== null && this.rebase && !present) return Math.max(this.refT, this.outT);
    if (this.refMs === null || this.rebase) {
      this.refT = Math.max(this.refT, this.outT);
      this.refMs = ms;
      this.rebase = false;
      return this.refT;
    }
    const t = this.refT + msDelta(ms, this.refMs);
    if (t > this.refT) {
      this.refT = t;
      this.refMs = ms;
    }
    return t;
  }

  private eventTime(ms: number, present: boolean): number {
    this.outT = Math.max(this.outT, this.boardTime(ms, present));
    return this.outT;
  }

  // ---- commands ----

  private send(cmd: HostCommand, id: number | null = null, tries = 0): void {
    if (!this.open) return;
    this.pending.push({ cmd, word: COMMAND_WORDS[cmd.type], id, sentAt: this.now, tries });
    this.out.commands.push(cmd);
  }

  /** Sends `cmd` unless one like it is waiting for its answer. */
  private ensure(cmd: HostCommand): void {
    if (this.pending.some((p) => p.cmd.type === cmd.type)) return;
    this.send(cmd);
  }

  private restore(): void {
    if (Object.keys(this.sticky.cfg).length > 0) this.send({ type: 'cfg', config: this.sticky.cfg });
    if (this.sticky.led !== null && (this.hello === null || this.sticky.led.length === this.hello.squares)) this.send({ type: 'led', frame: this.sticky.led });
  }

  /** Removes and returns the oldest pending command with this word. */
  private take(word: string): Pending | null {
    const p = this.pending.find((q) => q.word === word);
    if (p === undefined) return null;
    this.remove(p);
    return p;
  }

  private remove(p: Pending): void {
    const i = this.pending.indexOf(p);
    if (i >= 0) this.pending.splice(i, 1);
  }

  private retryOrFail(p: Pending, code: LinkErrorCode, why: string): void {
    switch (p.word) {
      case 'HELLO':
      case 'SNAP':
        // Needed to recover: asked again for as long as the port is open.
        this.counters.retries++;
        this.send(p.cmd, null, p.tries + 1);
        return;
      case 'RESEND':
        this.checkGap();
        return;
      default:
        if (p.tries < this.maxRetries) {
          this.counters.retries++;
          this.send(p.cmd, p.id, p.tries + 1);
        } else {
          this.giveUp(p, code, `${why} (after ${p.tries + 1} tries)`);
        }
    }
  }

  private giveUp(p: Pending, code: LinkErrorCode, why: string): void {
    if (p.word === 'RESEND') {
      this.startAdopt('resend-failed');
      return;
    }
    if (p.word === 'HELLO' || p.word === 'SNAP') {
      // Needed to recover: asked again, paced by the board's answers.
      this.counters.retries++;
      this.send(p.cmd, null, p.tries + 1);
      return;
    }
    if (p.id !== null) this.fail(p, code, why);
    else this.counters.commandFailures++;
  }

  private fail(p: Pending, code: LinkErrorCode, why: string): void {
    this.counters.commandFailures++;
    if (p.id !== null) this.out.replies.push({ id: p.id, ok: false, error: new LinkError(code, why) });
  }
}
