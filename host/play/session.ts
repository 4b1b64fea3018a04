// A game at the board: the board link's events go to the journal (on disk first), then to the
// referee; its outputs go to the journal, the scoresheet, the clock and the LED guidance, and
// the view that the page and the command line show is built from all of them.

import type { Color, Position } from '../../rules/index.ts';
import { KING, WHITE, currentPosition, parseSquare, squareName } from '../../rules/index.ts';
import { clockComment, createClock, flagFall, flagResult, press, remaining, resume, start, timeControlTag, timeTags } from '../clock/clock.ts';
import type { Clock, TimedControl } from '../clock/clock.ts';
import type { Journal } from '../journal/journal.ts';
import { outRecord } from '../journal/record.ts';
import type { JournalEntry } from '../journal/record.ts';
import { NO_GUIDANCE, ledFrame, observe } from '../leds/guidance.ts';
import type { Guidance } from '../leds/guidance.ts';
import type { BoardEvent, BoardLink, LedFrame } from '../link/types.ts';
import { outputText } from '../referee/json.ts';
import { createReferee, difference as boardDifference, step } from '../referee/referee.ts';
import type { RefereeState } from '../referee/referee.ts';
import { newScoresheet, record, scoresheetPdn } from '../referee/record.ts';
import type { Scoresheet } from '../referee/record.ts';
import type { Policy, RefereeEvent, RefereeOutput } from '../referee/types.ts';
import type { PlayCommand, PlaySession, PlayView, SquareView } from './types.ts';

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
   * referee state, its board time `lastT` continuing; when the board connects, what it senses
   * is checked against the game and every difference is given to the referee as hands would.
   */
  readonly resume?: {
    readonly state: RefereeState;
    readonly lastT: number;
    readonly outputs: readonly RefereeOutput[];
    /** Time left per side at the last clock entry of the journal (ms). */
    readonly clock?: { readonly white: number; readonly black: number } | null;
    /** The mover's time left after each move, in order, for the scoresheet's [%clock] comments. */
    readonly moveClocks?: readonly number[];
  } | null;
}

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
  let clock: Clock | null = options.timeControl ? createClock(options.timeControl, v.firstToMove) : null;
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
  if (options.resume) {
    // The scoresheet, the guidance and the messages of the game so far, as the referee said them.
    sheet = record(sheet, options.resume.outputs);
    const clocks = options.resume.moveClocks ?? [];
    let k = 0;
    sheet = { ...sheet, items: sheet.items.map((item) => (item.kind === 'move' && k < clocks.length ? { ...item, comments: [...item.comments, clockComment(clocks[k++])] } : item)) };
    guidance = observe(guidance, options.resume.outputs);
    for (const o of options.resume.outputs) {
      if (o.type === 'result') result = { result: o.result, reason: o.reason, article: o.article };
      if (o.type === 'irregularity' && o.decision === 'decide') irregularity = { code: o.code, article: o.article, message: o.message, decision: o.decision };
      if (o.type === 'accepted' || o.type === 'corrected' || o.type === 'move') irregularity = null;
    }
  }

  const boardNow = () => boardClock.board + offset + (now() - boardClock.host);
  const journal = (entries: JournalEntry[]) => {
    if (options.journal && entries.length > 0) options.journal.appendBatch(entries);
  };

  function apply(event: RefereeEvent): void {
    if (!referee || result) return;
    journal([{ k: 'ev', e: event }]); // on disk before it is acted on
    const r = step(referee, event);
    referee = r.state;
    handle(r.outputs, event.t);
  }

  function handle(outputs: readonly RefereeOutput[], t: number): void {
    if (!referee) return;
    journal(outputs.flatMap((o) => {
      const rec = outRecord(o);
      return rec ? [{ k: 'out', o: rec } as JournalEntry] : [];
    }));
    sheet = record(sheet, outputs);
    guidance = observe(guidance, outputs);
    for (const o of outputs) {
      if (o.type === 'move' && drawOffer && o.side !== drawOffer) {
        log.push(`${o.side} played on: the draw offered by ${drawOffer} is declined`);
        drawOffer = null;
      }
      if (o.type === 'move' && clock) {
        const pressed = press(clock, o.side, now()); // the mover's clock stops, the other's runs
        if (pressed.ok) clock = pressed.clock;
        // The mover's time left goes on the scoresheet after the move (PDN 3.0 [%clock]).
        const items = [...sheet.items];
        const at = items.map((x) => x.kind).lastIndexOf('move');
        const item = items[at];
        if (item && item.kind === 'move') items[at] = { ...item, comments: [...item.comments, clockComment(remaining(clock, o.side, now()))] };
        sheet = { ...sheet, items };
        journal([{ k: 'clock', t, white: remaining(clock, 'white', now()), black: remaining(clock, 'black', now()), running: clock.state === 'running' ? clock.toMove : null }]);
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
    if (clock) {
      const started = start(clock, now()); // the first player's clock runs from the start of the game
      if (started.ok) clock = started.clock;
    }
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
        const left = options.resume.clock;
        if (clock && left) {
          // The clocks go on from the time each side had left; the side to move's clock runs.
          const turn = currentPosition(referee.game).turn;
          const paused: Clock = { ...clock, state: 'paused', since: null, toMove: turn, white: { ...clock.white, remaining: left.white }, black: { ...clock.black, remaining: left.black } };
          const resumed = resume(paused, now());
          if (resumed.ok) clock = resumed.clock;
        }
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
    if (clock) {
      const flag = flagFall(clock, now());
      if (flag) {
        const f = flagResult(flag, v);
        result = { result: f.result, reason: `${flag}'s time ran out`, article: f.article };
        log.push(`${flag} lost on time (article ${f.article})`);
        sheet = { ...sheet, result: f.result };
        journal([{ k: 'note', t: boardNow(), text: `flag fall: ${flag}` }]);
        changed();
        return;
      }
    }
  }, 100);
  timer.unref?.();

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
    const plan = referee && (mode === 'mismatch' || mode === 'correcting') ? difference(referee, mode === 'correcting' && referee.mode.kind === 'correcting' ? referee.mode.target : pos) : null;
    return {
      variant: v.name,
      size: g.size,
      squares,
      moves: moves.map((m, i) => ({ ...m, ply: i + 1 })),
      turn: pos.turn,
      players,
      clock: clock
        ? { white: remaining(clock, 'white', now()), black: remaining(clock, 'black', now()), running: clock.state === 'running' ? clock.toMove : null, control: timeControlTag(clock.tc) }
        : null,
      irregularity,
      guidance: setup ? setupGuidance() : plan ? { kind: mode === 'mismatch' ? 'mismatch' : 'correction', ...plan, message: `clear ${plan.clear.join(', ') || 'nothing'}; fill ${plan.fill.join(', ') || 'nothing'}` } : null,
      result,
      drawOffer,
      pdn: scoresheetPdn({ ...sheet, tags: clock ? [...sheet.tags, ...timeTags(clock, now())] : sheet.tags, result: result?.result ?? sheet.result }),
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

