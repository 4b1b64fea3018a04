// A game at the board: the board link's events go to the journal (on disk first), then to the
// referee; its outputs go to the journal, the scoresheet, the clock and the LED guidance, and
// the view that the page and the command line show is built from all of them.

import type { Color, Position } from '../../rules/index.ts';
import { KING, WHITE, currentPosition, parseSquare, squareName, writeFen } from '../../rules/index.ts';
import { clockComment, clocksText, createClock, flagFall, flagResult, formatHms, handOver, moved, pause, remaining, startFor, stop, timeControlTag, timeTags } from '../game/clock/clock.ts';
import type { Clock, TimedControl } from '../game/clock/clock.ts';
import type { Journal } from '../journal/journal.ts';
import { clockRecord, entryTime, outRecord } from '../game/journal/record.ts';
import type { ClockRecord, JournalEntry } from '../game/journal/record.ts';
import type { ClockRecovery } from '../game/journal/recover.ts';
import { NO_GUIDANCE, ledFrame, observe } from '../game/leds/guidance.ts';
import type { Guidance } from '../game/leds/guidance.ts';
import type { BoardEvent, BoardLink, LedFrame } from '../link/types.ts';
import { outputText } from '../game/referee/json.ts';
import { createReferee, difference as boardDifference, step } from '../game/referee/referee.ts';
import type { RefereeState } from '../game/referee/referee.ts';
import { newScoresheet, record, scoresheetPdn } from '../game/referee/record.ts';
import type { Scoresheet } from '../game/referee/record.ts';
import type { Policy, RefereeEvent, RefereeOutput } from '../game/referee/types.ts';
import type { PlayCommand, PlaySession, PlayView, SquareView } from '../game/types.ts';

/** The hands of a simulated board: what the page may do in place of people. */
export interface SimulatedHands {
  setSquare(square: number /* 1-based */, occupied: boolean): void;
  press(button: 'jadoube' | 'clock' | 'accept' | 'correct'): void;
  release(button: 'jadoube' | 'clock' | 'accept' | 'correct'): void;
}

/** Everything a session is made of; the caller opens the link, the journal and the clock. */
export interface SessionOptions {
  readonly start: Position;
  readonly policy: Policy;
  readonly link: BoardLink;
  readonly players?: { readonly white: string; readonly black: string };
  readonly tags?: readonly { readonly name: string; readonly value: string }[];
  readonly timeControl?: TimedControl | null;
  readonly journal?: Journal | null;
  /** Present when the board is the simulator: the page then acts as the hands. */
  readonly hands?: SimulatedHands | null;
  /** Light the legal destinations of a lifted piece (never in the tournament policy). */
  readonly hints?: boolean;
  /** Host clock in ms (default performance.now); only the clock and the settle ticks use it. */
  readonly now?: () => number;
  /**
   * A game brought back from its journal (host/journal/recover.ts): play goes on from this
   * referee state, its board time `lastT` (the journal's last entry) continuing; when the board
   * connects, what it senses is checked against the game and every difference is given to the
   * referee as hands would.
   */
  readonly resume?: {
    readonly state: RefereeState;
    readonly lastT: number;
    readonly outputs: readonly RefereeOutput[];
    /**
     * Outputs of the journal's last event that the journal does not hold (the host stopped
     * between writing an event and what the referee said about it): written at the resume, with
     * what the clock does on them, so that the journal replays again.
     */
    readonly pending?: readonly RefereeOutput[];
    /**
     * The clocks as the journal left them (recoverClock): not running, they start again with the
     * next move or press of the clock (FMJD 10). Null or absent: no clock had started.
     */
    readonly clock?: ClockRecovery | null;
    /** The arbiter set the clocks on resume (`--clock`): `clock` holds the times set. */
    readonly clockSet?: boolean;
  } | null;
}

/**
 * While a clock runs and nothing else is journaled, a clock entry every this many ms of board
 * time: a resumed game loses at most this much of the running side's time (FMJD 10 leaves
 * the clock to the arbiter, who may set it with `--clock`).
 */
export const CLOCK_HEARTBEAT_MS = 10_000;

/** A running session: the PlaySession contract plus what the command line needs. */
export interface RunningSession extends PlaySession {
  /** Resolves when the link's event stream ends (the link closed). */
  readonly done: Promise<void>;
  /** Stops the timers and closes the link and the journal. */
  close(): Promise<void>;
}

/** Why a game ended, in words. */
const REASONS: Readonly<Record<string, string>> = {
  'no-pieces': 'no pieces left',
  'no-moves': 'no move left',
  repetition: 'the same position a third time',
  'king-moves': 'only kings moved, no capture, for the moves the rules allow',
  endgame: 'the endgame was not won in the moves the rules allow',
  'forty-moves': 'no win within 40 moves after notice',
  resignation: 'resignation',
  agreement: 'draw agreed',
};

/** Starts a game: the board is expected to show `options.start` (the LEDs guide it there if not). */
export function startSession(options: SessionOptions): RunningSession {
  const now = options.now ?? (() => performance.now());
  const v = options.start.variant;
  const players = options.players ?? { white: '?', black: '?' };
  const tags = [{ name: 'White', value: players.white }, { name: 'Black', value: players.black }, ...(options.tags ?? [])];
  let referee: RefereeState | null = null;
  let guidance: Guidance = NO_GUIDANCE;
  let sheet: Scoresheet = newScoresheet(options.start, tags);
  const resumedTurn = options.resume ? currentPosition(options.resume.state.game).turn : options.start.turn;
  // Before the first move or press of the clock no time runs (FMJD 10; Latvian 10.3).
  let clock: Clock | null = options.resume?.clock?.clock ?? (options.timeControl ? createClock(options.timeControl, resumedTurn) : null);
  /** Board time the clock was last read at: the clock's time never goes back (a page command's estimate of board time may run ahead of the board's next event). */
  let clockT = options.resume?.lastT ?? 0;
  /** Board time of the journal's last entry: the scoresheet's WhiteTime/BlackTime are as of then, as a resume brings them back. */
  let journalT = options.resume?.lastT ?? 0;
  let lastFrame = '';
  let linkState = 'connecting';
  /** The board's firmware as its hello names it (`dambord 1.0.0`, `StandardFirmata.ino 2.3`). */
  let firmware: string | null = null;
  let irregularity: PlayView['irregularity'] = null;
  let result: PlayView['result'] = null;
  let drawOffer: 'white' | 'black' | null = null;
  let boardClock = { board: 0, host: now() };
  /** Added to the board's times: a resumed game's board restarted its clock from zero. */
  let offset = 0;
  /**
   * Before the game starts, the squares the board senses while it does not yet show the start
   * position (a FEN to set up): the LEDs show where pieces go and what to clear, and the game
   * starts when the board matches.
   */
  let setup: Set<number> | null = null;
  const log: string[] = [];
  const listeners = new Set<(view: PlayView) => void>();
  const boardNow = () => boardClock.board + offset + (now() - boardClock.host);
  /** `t` as the clock's time: whole ms, never before the last reading. */
  const clockAt = (t: number): number => (clockT = Math.max(clockT, Math.floor(t)));
  const journal = (entries: JournalEntry[]) => {
    if (entries.length === 0) return;
    options.journal?.appendBatch(entries);
    for (const e of entries) journalT = Math.max(journalT, entryTime(e));
  };

  if (options.resume) {
    const back = options.resume;
    const moveComments = new Map(back.clock?.moveComments ?? []);
    const acceptedComments = [...(back.clock?.acceptedComments ?? [])];
    // What the referee said about the last event and the journal missed: written now, the
    // clock pressed on it as it would have been, then stopped again.
    const entries: JournalEntry[] = [];
    for (const o of back.pending ?? []) {
      const rec = outRecord(o);
      if (rec) entries.push({ k: 'out', o: rec });
      const pressed = clockOn(o);
      if (!pressed) continue;
      entries.push(pressed.entry);
      if (pressed.comment && o.type === 'move') moveComments.set(o.ply, pressed.comment.text);
      if (pressed.comment && o.type === 'accepted') acceptedComments.push({ fen: writeFen(o.position), comment: pressed.comment.text });
    }
    if (clock?.state === 'running') {
      const paused = pause(clock, clockAt(back.lastT));
      if (paused.ok) clock = paused.clock;
    }
    if (clock?.state === 'paused') clock = { ...clock, toMove: resumedTurn };
    // The clocks come back as at the journal's last entry, not running (FMJD 10): journaled as
    // such, so that time from now until the next move or press is charged to nobody.
    if (clock && clock.state !== 'ready') {
      entries.push(clockRecord(clock, clockAt(back.lastT), back.clockSet ? 'set' : 'resumed'));
      const times = `white ${formatHms(clock.white.remaining, 'up')}, black ${formatHms(clock.black.remaining, 'up')}`;
      if (back.clockSet) entries.push({ k: 'note', t: clockAt(back.lastT), text: `the arbiter set the clocks: ${times}` });
      log.push(back.clockSet
        ? `the arbiter set the clocks: ${times}; they start with the next move or press of the clock`
        : `the clocks are as at the journal's last entry (${times}); they start with the next move or press of the clock`);
    }
    journal(entries);
    // The scoresheet, the guidance and the messages of the game so far, as the referee said them,
    // with the clocks' comments as the game wrote them.
    sheet = record(sheet, back.outputs);
    let ply = 0;
    sheet = {
      ...sheet,
      items: sheet.items.map((item) => {
        if (item.kind === 'move') {
          const comment = moveComments.get(++ply);
          return comment ? { ...item, comments: [...item.comments, comment] } : item;
        }
        if (item.kind === 'setup' && acceptedComments.length > 0 && acceptedComments[0].fen === writeFen(item.position)) return { ...item, comment: `${item.comment} ${acceptedComments.shift()!.comment}` };
        return item;
      }),
    };
    guidance = observe(guidance, back.outputs);
    for (const o of options.resume.outputs) {
      if (o.type === 'result') result = { result: o.result, reason: o.reason, article: o.article };
      if (o.type === 'irregularity' && o.decision === 'decide') irregularity = { code: o.code, article: o.article, message: o.message, decision: o.decision };
      if (o.type === 'accepted' || o.type === 'corrected' || o.type === 'move') irregularity = null;
    }
    // A flag that had fallen by the journal's last entry stays fallen (Latvian 7.1.2.5).
    const flag = back.clock?.flag;
    if (flag && clock && !result) {
      const f = flagResult(flag, v);
      result = { result: f.result, reason: `${flag}'s time ran out`, article: f.article };
      log.push(`${flag} lost on time (article ${f.article})`);
      sheet = { ...sheet, result: f.result };
      clock = stop(clock, clockAt(back.lastT));
    }
  }

  /**
   * What the clock does on one referee output (FMJD 10; Latvian 10.3: the player presses the
   * clock with the hand that moved), with the clock entry to journal and the scoresheet's
   * comment; null when it does nothing.
   * - a move: the mover's clock is pressed (the first move of the game, or the first after a
   *   resume, starts the clock: the mover is charged nothing);
   * - an irregularity accepted that leaves the other side to move (an illegal move let stand,
   *   FMJD 5.4, 5.7): the mover's clock is pressed as for a move; a takeback accepted (5.4.4)
   *   hands the turn back with nothing credited; one that leaves the same side to move changes
   *   nothing;
   * - the game's result: the clock stops.
   */
  function clockOn(o: RefereeOutput): { entry: ClockRecord; comment: { kind: 'move' | 'setup'; text: string } | null } | null {
    if (!clock || clock.state === 'stopped') return null;
    if (o.type === 'move') {
      const t = clockAt(o.t);
      const r = moved(clock, o.side, t);
      if (!r.ok) return null;
      clock = r.clock;
      const entry = clockRecord(clock, t, 'move');
      // The mover's time left, after the move (PDN 3.0: the clock command is connected to the preceding move).
      return { entry, comment: { kind: 'move', text: clockComment(entry[o.side]) } };
    }
    if (o.type === 'accepted' && o.position.turn !== clock.toMove) {
      const t = clockAt(o.t);
      const takeback = o.code === 'takeback';
      const r = takeback ? handOver(clock, t) : moved(clock, clock.toMove, t);
      if (!r.ok) return null;
      clock = r.clock;
      const entry = clockRecord(clock, t, takeback ? 'takeback' : 'accepted');
      // The position that stands is no move of the scoresheet but a setup, whose comment goes
      // on the opponent's last move: both clocks, each named, so that neither is taken for the
      // opponent's (PDN 3.0's two-clock form, the running one in capitals).
      return { entry, comment: takeback ? null : { kind: 'setup', text: clocksText(entry.white, entry.black, entry.running) } };
    }
    if (o.type === 'result') {
      const t = clockAt(o.t);
      clock = stop(clock, t);
      return { entry: clockRecord(clock, t, 'stopped'), comment: null };
    }
    return null;
  }

  /** `text` added to the scoresheet's last item of `kind`: a move's comments, or a setup's comment. */
  function annotate(kind: 'move' | 'setup', text: string): void {
    const items = [...sheet.items];
    const at = items.map((x) => x.kind).lastIndexOf(kind);
    const item = items[at];
    if (item?.kind === 'move') items[at] = { ...item, comments: [...item.comments, text] };
    else if (item?.kind === 'setup') items[at] = { ...item, comment: `${item.comment} ${text}` };
    else return;
    sheet = { ...sheet, items };
  }

  function apply(event: RefereeEvent): void {
    if (!referee || result) return;
    const entries: JournalEntry[] = [{ k: 'ev', e: event }];
    if (event.type === 'press' && event.button === 'clock' && clock && (clock.state === 'ready' || clock.state === 'paused')) {
      // The first press of the clock, before any move (or after a resume): the side to move's
      // time starts running, as a player starts the opponent's clock.
      const t = clockAt(event.t);
      const started = startFor(clock, currentPosition(referee.game).turn, t);
      if (started.ok) {
        clock = started.clock;
        entries.push(clockRecord(clock, t, 'button'));
        log.push(`the clock is pressed: ${clock.toMove}'s time runs`);
      }
    }
    journal(entries); // on disk before it is acted on
    const r = step(referee, event);
    referee = r.state;
    handle(r.outputs);
  }

  function handle(outputs: readonly RefereeOutput[]): void {
    if (!referee) return;
    // What the referee said and what the clock did on it, on disk in one write.
    const entries: JournalEntry[] = [];
    const comments: { kind: 'move' | 'setup'; text: string }[] = [];
    for (const o of outputs) {
      const rec = outRecord(o);
      if (rec) entries.push({ k: 'out', o: rec });
      const pressed = clockOn(o);
      if (pressed) entries.push(pressed.entry);
      if (pressed?.comment) comments.push(pressed.comment);
    }
    journal(entries);
    sheet = record(sheet, outputs);
    for (const c of comments) annotate(c.kind, c.text);
    guidance = observe(guidance, outputs);
    for (const o of outputs) {
      if (o.type === 'move' && drawOffer && o.side !== drawOffer) {
        log.push(`${o.side} played on: the draw offered by ${drawOffer} is declined`);
        drawOffer = null;
      }
      if (o.type === 'irregularity') {
        irregularity = { code: o.code, article: o.article, message: o.message, decision: o.decision };
        // The buzzer: a longer tone when the opponent must decide, a short one for a note.
        options.link.beep(o.decision === 'decide' ? 880 : 1320, o.decision === 'decide' ? 400 : 120).catch(() => {});
      }
      if (o.type === 'accepted' || o.type === 'corrected' || o.type === 'move') irregularity = irregularity?.decision === 'note' && o.type !== 'move' ? irregularity : null;
      if (o.type === 'result') result = { result: o.result, reason: REASONS[o.reason] ?? o.reason, article: o.article };
      if (o.type !== 'move' || log.length < 200) log.push(outputText(v, o));
    }
    while (log.length > 200) log.shift();
    changed();
  }

  function changed(): void {
    if (referee || setup) {
      const frame = referee ? ledFrame(referee, guidance, { hints: options.hints }) : setupFrame();
      const key = frame.join(',');
      if (key !== lastFrame) {
        lastFrame = key;
        options.link.setLeds(frame as LedFrame).catch(() => {});
      }
    }
    const view = buildView();
    for (const l of listeners) l(view);
  }

  /** Starts the game once the board shows the start position; whether it did. */
  function startIfSetUp(t: number): boolean {
    if (!setup) return false;
    for (let sq = 0; sq < options.start.board.length; sq++) if ((options.start.board[sq] !== 0) !== setup.has(sq)) return false;
    setup = null;
    referee = createReferee(options.start, options.policy, t);
    // No clock runs yet: the first move or press of the clock starts it (FMJD 10; Latvian 10.3).
    log.push('the board shows the start position: play');
    changed();
    return true;
  }

  /** The LEDs while setting up: pieces to put down blink in turn with pieces to take off. */
  function setupFrame(): LedFrame {
    const frame: LedFrame = Array.from(options.start.board, (p, sq) => ((p !== 0) === setup!.has(sq) ? 'off' : p !== 0 ? 'alternate' : 'fast'));
    return frame;
  }

  function onBoard(e: BoardEvent): void {
    if (e.type === 'link' && e.state === 'connected' && e.hello.squares !== v.geometry.squares) {
      // A board of the wrong size for the variant: nothing it senses can be this game.
      linkState = 'wrong board';
      log.push(`the board has ${e.hello.squares} squares, but ${v.name} draughts is played on ${v.geometry.squares}: connect a ${v.geometry.size}x${v.geometry.size} board or choose a ${e.hello.squares === 50 ? '10x10' : '8x8'} variant`);
      changed();
      return;
    }
    if (linkState === 'wrong board') return;
    if (e.type === 'link') {
      linkState = e.state;
      if (e.state !== 'lost') firmware = e.hello.fw;
      log.push(`link ${e.state}${'reason' in e ? ` (${e.reason})` : ''}`);
      if (e.state === 'connected' || e.state === 'resynced') boardClock = { board: e.t, host: now() };
      if (e.state === 'connected' && !referee && options.resume) {
        referee = options.resume.state;
        offset = Math.max(0, options.resume.lastT + 1 - e.t);
        log.push(`resumed the game after ${referee.ply} plies`);
        // The board is checked against the game: every difference goes to the referee as hands.
        for (let sq = 0; sq < referee.sensed.length; sq++) {
          const want = referee.sensed[sq] !== 0;
          if (want !== e.occupancy.has(sq)) apply({ type: want ? 'lift' : 'place', square: sq, t: e.t + offset });
        }
      }
      if (e.state === 'connected' && !referee) {
        setup = new Set(e.occupancy);
        if (!startIfSetUp(e.t)) log.push('set up the position: the LEDs blink where pieces go (fill) and what to take off (clear)');
      }
      changed();
      return;
    }
    boardClock = { board: e.t, host: now() };
    if (setup && !referee) {
      if (e.type === 'lift') setup.delete(e.square);
      if (e.type === 'place') setup.add(e.square);
      if (!startIfSetUp(e.t)) changed();
      return;
    }
    if (e.type === 'button') {
      if (e.down) apply({ type: 'press', button: e.button, t: e.t + offset });
      return;
    }
    apply({ type: e.type, square: e.square, t: e.t + offset });
  }

  const done = (async () => {
    for await (const e of options.link.events()) onBoard(e);
  })();

  // Time passes on the board between events: a flag falls (the referee decides nothing on time).
  const timer = setInterval(() => {
    if (!referee || result) return;
    if (clockTick()) return;
  }, 100);
  timer.unref?.();

  /**
   * The clock between events: a flag falls (Latvian 7.1.2.5; never before the first move or
   * press, when no time runs), and while a clock runs the journal hears of it every
   * {@link CLOCK_HEARTBEAT_MS} of quiet. Whether the game ended.
   */
  function clockTick(): boolean {
    if (!clock) return false;
    const t = clockAt(boardNow());
    const flag = flagFall(clock, t);
    if (flag) {
      clock = stop(clock, t);
      const f = flagResult(flag, v);
      result = { result: f.result, reason: `${flag}'s time ran out`, article: f.article };
      log.push(`${flag} lost on time (article ${f.article})`);
      sheet = { ...sheet, result: f.result };
      journal([{ k: 'note', t, text: `flag fall: ${flag}` }, clockRecord(clock, t, 'flag')]);
      changed();
      return true;
    }
    if (clock.state === 'running' && t - journalT >= CLOCK_HEARTBEAT_MS) journal([clockRecord(clock, t, 'running')]);
    return false;
  }

  function buildView(): PlayView {
    const g = v.geometry;
    const pos = referee ? currentPosition(referee.game) : options.start;
    const frame = referee ? ledFrame(referee, guidance, { hints: options.hints }) : setup ? setupFrame() : [];
    const squares: SquareView[] = [];
    for (let i = 0; i < g.squares; i++) {
      const p = pos.board[i];
      squares.push({
        name: squareName(v, i),
        row: g.row[i],
        col: g.col[i],
        piece: p === 0 ? null : `${p & WHITE ? 'w' : 'b'}${p & KING ? 'k' : 'm'}` as SquareView['piece'],
        sensed: referee ? referee.sensed[i] !== 0 : setup ? setup.has(i) : p !== 0,
        led: frame[i] ?? 'off',
      });
    }
    const moves = sheet.items.flatMap((item, k) => (item.kind === 'move' ? [{ ply: k + 1, side: item.side, text: item.text }] : []));
    const mode = referee?.mode.kind;
    const viewT = Math.max(clockT, boardNow());
    const plan = referee && (mode === 'mismatch' || mode === 'correcting') ? difference(referee, mode === 'correcting' && referee.mode.kind === 'correcting' ? referee.mode.target : pos) : null;
    return {
      variant: v.name,
      size: g.size,
      squares,
      moves: moves.map((m, i) => ({ ...m, ply: i + 1 })),
      turn: pos.turn,
      players,
      clock: clock
        ? { white: remaining(clock, 'white', viewT), black: remaining(clock, 'black', viewT), running: clock.state === 'running' ? clock.toMove : null, control: timeControlTag(clock.tc) }
        : null,
      irregularity,
      guidance: setup ? setupGuidance() : plan ? { kind: mode === 'mismatch' ? 'mismatch' : 'correction', ...plan, message: `clear ${plan.clear.join(', ') || 'nothing'}; fill ${plan.fill.join(', ') || 'nothing'}` } : null,
      result,
      drawOffer,
      // The time used as of the journal's last entry: what a resume brings back, to the ms.
      pdn: scoresheetPdn({ ...sheet, tags: clock ? [...sheet.tags, ...timeTags(clock, Math.max(journalT, clock.since ?? journalT))] : sheet.tags, result: result?.result ?? sheet.result }),
      simulated: Boolean(options.hands),
      link: { state: linkState, health: options.link.health(), firmware },
      log: [...log],
    };
  }

  function setupGuidance(): PlayView['guidance'] {
    const clear: string[] = [];
    const fill: string[] = [];
    options.start.board.forEach((p, sq) => {
      if (p !== 0 && !setup!.has(sq)) fill.push(squareName(v, sq));
      if (p === 0 && setup!.has(sq)) clear.push(squareName(v, sq));
    });
    return { kind: 'setup', clear, fill, message: `set up the position: put pieces on ${fill.join(', ') || 'nothing'}; take off ${clear.join(', ') || 'nothing'}` };
  }

  /** The referee's plan from the sensed board to `target`, squares named. */
  function difference(s: RefereeState, target: Position): { clear: string[]; fill: string[] } {
    const plan = boardDifference(s.sensed, target);
    return { clear: plan.clear.map((sq) => squareName(v, sq)), fill: plan.fill.map((f) => squareName(v, f.square)) };
  }

  return {
    done,
    view: buildView,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async command(c: PlayCommand) {
      if (c.type === 'draw' && c.color && referee && !result) {
        // An offer stands until the opponent moves; the opponent's own offer accepts it.
        if (drawOffer && drawOffer !== c.color) {
          drawOffer = null;
          apply({ type: 'draw-agreed', t: boardNow() });
        } else {
          drawOffer = c.color;
          log.push(`${c.color} offers a draw`);
          journal([{ k: 'note', t: boardNow(), text: `${c.color} offers a draw` }]);
          changed();
        }
        return { ok: true };
      }
      if (c.type === 'resign' || c.type === 'draw') {
        if (!referee) return { ok: false, error: 'the board is not connected yet' };
        apply(c.type === 'resign' ? { type: 'resign', color: c.color as Color, t: boardNow() } : { type: 'draw-agreed', t: boardNow() });
        return { ok: true };
      }
      if (c.type === 'press' && (c.button === 'accept' || c.button === 'correct') && !options.hands) {
        apply({ type: 'press', button: c.button, t: boardNow() });
        return { ok: true };
      }
      const hands = options.hands;
      if (!hands) return { ok: false, error: 'this is a real board: move the pieces and press the buttons on the board itself' };
      if (c.type === 'press') {
        hands.press(c.button);
        setTimeout(() => hands.release(c.button), 60);
        return { ok: true };
      }
      const sq = parseSquare(v, c.square);
      if (sq < 0) return { ok: false, error: `"${c.square}" is not a square of the ${v.name} board` };
      const occupied = referee ? referee.sensed[sq] !== 0 : setup ? setup.has(sq) : options.start.board[sq] !== 0;
      if (c.type === 'lift' && !occupied) return { ok: false, error: `there is no piece on ${c.square} to lift` };
      if (c.type === 'place' && occupied) return { ok: false, error: `${c.square} already holds a piece` };
      hands.setSquare(sq + 1, c.type === 'place');
      return { ok: true };
    },
    async close() {
      clearInterval(timer);
      await options.link.close();
      await done.catch(() => {});
      options.journal?.close();
    },
  };
}

