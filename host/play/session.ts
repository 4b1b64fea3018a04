// A game at the board: the shell around the pure game (host/game/step.ts). It moves the board
// link's events, the players' commands and the passing of time into the game, with the board's
// time, and carries out what the game says: journal entries written (on disk before anything
// after them is done), LED frames and sounds sent to the board, and the view sent to whoever
// listens. On the simulator the page's hands move the simulated switches.

import type { Position } from '../../rules/index.ts';
import { parseSquare } from '../../rules/index.ts';
import type { TimedControl } from '../game/clock/clock.ts';
import type { GameEffect, GameInput, GameState, SeenStep } from '../game/game.ts';
import { draft, say } from '../game/draft.ts';
import { createGame, step } from '../game/step.ts';
import type { Guide } from '../game/guide.ts';
import type { ComputerConfig } from '../game/computerConfig.ts';
import type { Engine } from '../engine/engine.ts';
import { seatEngine } from './computerSeat.ts';
import { computerFor } from '../game/computerConfig.ts';
import { chooseComputer } from '../game/computerChoice.ts';
import { CLOSED, gestureStep } from '../game/computerGesture.ts';
import type { ComputerAsked } from '../game/computerChoice.ts';
import { NOT_OVER, nextGame, setAgain } from '../game/nextGame.ts';
import { chosenBy, settingsOf } from '../game/gameSettings.ts';
import type { Settings } from '../game/settings.ts';
import type { Policy } from '../game/referee/types.ts';
import type { PlayCommand, PlaySession, PlayView } from '../game/types.ts';
import { foresightView, gameView } from '../game/view.ts';
import { inTurn } from './inTurn.ts';
import type { Journal } from '../journal/journal.ts';
import { answer, queryOf } from '../speech/queries.ts';
import type { Query } from '../speech/queries.ts';
import type { BoardButton, BoardLink, Every } from '../link/types.ts';
import { wallEvery } from '../link/types.ts';
import type { Language } from '../words/catalogue.ts';
import { why } from '../files/read.ts';

export { CLOCK_HEARTBEAT_MS } from '../game/game.ts';

/** The hands of a simulated board: what the page may do in place of people. */
export interface SimulatedHands {
  setSquare(square: number /* 1-based */, occupied: boolean): void;
  press(button: BoardButton): void;
  release(button: BoardButton): void;
}

/** Everything a session is made of; the caller opens the link, the journal and the clock. */
export interface SessionOptions {
  /** A new game: the position the board must show (the LEDs guide it there if not), and how it is refereed. */
  readonly start: Position;
  readonly policy: Policy;
  readonly players?: { readonly white: string; readonly black: string };
  /** Scoresheet tags beside White and Black (Event...). */
  readonly tags?: readonly { readonly name: string; readonly value: string }[];
  readonly timeControl?: TimedControl | null;
  /** Light the legal destinations of a lifted piece (never in the tournament policy). */
  readonly hints?: boolean;
  /** The language of a new game's log, view sentences and journal messages (default English); a resumed game keeps its journal's. */
  readonly lang?: Language;
  /**
   * A game brought back from its journal (host/game/resume.ts), played instead of a new one:
   * its state, and the effects to carry out first (what the journal missed).
   */
  readonly resumed?: { readonly state: GameState; readonly effects: readonly GameEffect[] } | null;
  /** The command the session runs in (`play`, `digitise`), for what to run to go on with the game: `play` when absent. */
  readonly command?: string;
  /** A new game recorded from a sheet that guides it (`dambord digitise --guide`), begun at `start`. */
  readonly guide?: Guide | null;
  readonly link: BoardLink;
  readonly journal?: Journal | null;
  /** Present when the board is the simulator: the page then acts as the hands. */
  readonly hands?: SimulatedHands | null;
  /** Host clock in ms (default performance.now): the board's time between its events. */
  readonly now?: () => number;
  /** The session's look at the clock every 100 ms (a flag falls between the board's events): the wall clock by default; a simulated board passes its own. */
  readonly every?: Every;
  /**
   * Told every step of the game after its effects are carried out (speech, broadcast): it must
   * return at once, the game never waits for it.
   */
  readonly observe?: (seen: SeenStep) => void;
  /** Answers a question (and says it when the game speaks); absent: answered in English words, not said. */
  readonly ask?: (q: Query, state: GameState, now: number) => string;
  /**
   * Opens the journal of the next game (`new-game`, after a result), with the tags the shell
   * gives it (the day it starts), its header naming `computer` (the computer of that game, as
   * chosen last); absent, a new game is refused. Throws when it cannot.
   */
  readonly nextJournal?: (players: { readonly white: string; readonly black: string }, chosen?: NextChoice, computer?: ComputerConfig) => { readonly journal: Journal; readonly tags: readonly { readonly name: string; readonly value: string }[] };
  /** Lets go of the journal of a game set up again before its first move (the page's settings): it holds no game. */
  readonly dropJournal?: (journal: Journal) => void;
  /**
   * The computer seated at the board for one side (`dambord play --engine`): who it is (a new
   * game's; a resumed game keeps its journal's) and the engine, opened, that thinks for it. The
   * session closes the engine when it closes.
   */
  readonly computer?: { readonly config: ComputerConfig; readonly engine: Engine } | null;
  /**
   * Opens an engine from its spec (as `dambord match` names it): the computer's at a level
   * changed by the `computer` command, and the computer's again for a second try after it
   * crashed. Absent, the level is not changed and a crashed engine is asked again as it is.
   */
  readonly reopen?: (spec: string) => Promise<Engine>;
}

/** What the page's settings choose of a game's journal header: the settings, and the policy and language they give. */
export interface NextChoice {
  readonly settings: Settings;
  readonly policy: Policy;
  readonly lang: Language;
}

/** A running session: the PlaySession contract plus what the command line needs. */
export interface RunningSession extends PlaySession {
  /** Resolves when the link's event stream ends (the link closed). */
  readonly done: Promise<void>;
  /**
   * Resolves, with what to tell the user, if the session stops by itself because the journal
   * cannot be written (a full disk, an I/O error): the game does not go on unrecorded. Never
   * resolves otherwise.
   */
  readonly fault: Promise<string>;
  /** The game as it stands. */
  state(): GameState;
  /** The journal the game is written to now (a new game has its own). */
  journal(): Journal | null;
  /** Stops the timers and closes the link and the journal. */
  close(): Promise<void>;
}

/** What to tell the user when the journal at `path` cannot be written, by the file system's error. */
export function journalFault(path: string, error: unknown, command = 'play'): string {
  return `cannot write the journal ${path}: ${why(error, 'write')}. The game is stopped so that nothing goes unrecorded; everything written before is kept. Make room (or fix the disk), then go on with: dambord ${command} --resume ${path}`;
}

/** How often time is given to the game between events (ms): a flag falls within this. */
const TICK_MS = 100;

/** The most commands a session keeps waiting (a press takes 60 ms): more are refused, not queued without end. */
const COMMANDS_WAITING = 64;

/** Starts a game: a new one (the board is expected to show `options.start`) or a resumed one. */
export function startSession(options: SessionOptions): RunningSession {
  const now = options.now ?? (() => performance.now());
  const players = options.players ?? { white: '?', black: '?' };
  let state: GameState = options.resumed?.state ?? createGame({
    start: options.start,
    policy: options.policy,
    players,
    tags: [{ name: 'White', value: players.white }, { name: 'Black', value: players.black }, ...(options.tags ?? [])],
    timeControl: options.timeControl ?? null,
    hints: options.hints === true,
    lang: options.lang ?? 'en',
    ...(options.computer ? { computer: options.computer.config } : {}),
  }, options.guide ?? null);
  /** The board's clock as last heard, and the host's time then: the board's time between events. */
  let boardClock = { board: 0, host: now() };
  const boardNow = () => boardClock.board + (now() - boardClock.host);
  const listeners = new Set<(view: PlayView) => void>();
  let journal = options.journal ?? null;
  /** The settings asked for the next game (the page), null: none. */
  let next: Settings | null = null;
  /** Whether the journal now written holds a game the page's settings may set again: not a resumed one. */
  let fresh = !options.resumed;
  const view = () => {
    const v = gameView(state, boardNow(), { health: options.link.health(), simulated: Boolean(options.hands) });
    return options.nextJournal ? { ...v, settings: { current: settingsOf(state.config), next, fixed: fixed() } } : v;
  };
  /** This game's settings are fixed once a move is made or tried, the clock started, a result given, or when it was resumed. */
  const fixed = () => !fresh || state.result !== null || state.irregularity !== null || state.sheet.items.length > 0 || (state.clock !== null && state.clock.state !== 'ready');

  let faulted: string | null = null;
  let onFault: (message: string) => void = () => {};
  const fault = new Promise<string>((resolve) => (onFault = resolve));
  /** The journal cannot be written: nothing after the entries is done, the game stops, the user is told. */
  function stopOn(error: unknown): void {
    stopTicks();
    faulted = journalFault(journal?.path ?? 'the journal', error, options.command);
    const d = draft(state);
    say(d, faulted);
    state = d.s;
    notify();
    onFault(faulted);
  }

  /** Sends the view to whoever listens. */
  function notify(): void {
    if (listeners.size === 0) return;
    const v = view();
    for (const l of listeners) l(v);
  }

  /** Carries out the game's effects in order; the first refusal, if any. */
  function perform(effects: readonly GameEffect[]): string | null {
    let refused: string | null = null;
    let changed = false;
    for (const e of effects) {
      if (e.type === 'journal') {
        try {
          journal?.appendBatch(e.entries);
        } catch (error) {
          stopOn(error);
          return faulted;
        }
      } else if (e.type === 'leds') options.link.setLeds(e.frame).catch(() => {});
      else if (e.type === 'beep') options.link.beep(e.hz, e.ms).catch(() => {});
      else if (e.type === 'view') changed = true;
      else if (e.type === 'think') seat?.think(e.id, e.game, state, boardNow());
      else if (e.type === 'refused') refused ??= e.error;
    }
    if (changed) notify();
    return refused;
  }

  /** What play going on will judge (referee/foresee.ts) logged since the last move, and the referee last read for it. */
  let foreseen: { referee: GameState['referee']; ply: number; logged: readonly string[] } = { referee: null, ply: 0, logged: [] };
  /** Each thing play going on will judge goes in the log once in a ply, as it appears; the effects of saying so. */
  function logForesight(): GameEffect[] {
    const referee = state.result ? null : state.referee;
    if (referee === foreseen.referee) return [];
    const texts = referee ? foresightView(referee).map((f) => f.message) : [];
    const ply = referee?.ply ?? 0;
    const before = ply === foreseen.ply ? foreseen.logged : [];
    const fresh = texts.filter((text) => !before.includes(text));
    foreseen = { referee, ply, logged: [...before, ...fresh] };
    if (fresh.length === 0) return [];
    const d = draft(state);
    for (const text of fresh) say(d, text);
    state = d.s;
    return d.effects;
  }

  function run(input: GameInput): string | null {
    if (faulted) return faulted;
    if (input.type === 'board' && !(input.event.type === 'link' && input.event.state === 'lost')) boardClock = { board: input.event.t, host: now() };
    const before = state;
    const t = boardNow();
    const r = step(state, input, t);
    state = r.state;
    const effects = [...r.effects, ...logForesight()];
    const refused = perform(effects);
    options.observe?.({ input, before, after: state, effects, now: t });
    gestureOn(input, t);
    return refused;
  }

  /** The computer's level and colour chosen with the board's j'adoube button (host/game/computerGesture.ts). */
  let gesture = CLOSED;
  function gestureOn(input: GameInput, t: number): void {
    const c = state.config.computer;
    const allowed = Boolean(c && seat && options.nextJournal && state.referee && !fixed());
    const g = gestureStep(gesture, input, t, allowed, c?.side ?? 'white');
    gesture = g.gesture;
    const act = g.act;
    if (!act) return;
    if (act.kind === 'tell') tellComputer();
    else void turn(async () => {
      const r = await setComputer(act.asked);
      if (r.ok) tellComputer();
      else logLine(r.error);
      return r;
    });
  }

  /** The computer's level and colour said (spoken when the game speaks) and logged: "Level 3. The computer plays Black." */
  function tellComputer(): void {
    const q = { what: 'computer' } as const;
    logLine(options.ask ? options.ask(q, state, boardNow()) : answer('en', state, q, boardNow()));
  }

  function logLine(text: string): void {
    const d = draft(state);
    say(d, text);
    state = d.s;
    notify();
  }

  /** The next game at this board, on a journal of its own (host/game/nextGame.ts): the players named, or colours swapped. */
  function newGame(named: { white?: string; black?: string }): { ok: true } | { ok: false; error: string } {
    if (faulted) return { ok: false, error: faulted };
    if (!state.result) return { ok: false, error: NOT_OVER };
    if (!options.nextJournal) return { ok: false, error: 'this session plays one game' };
    const swapped = named.white === undefined && named.black === undefined;
    // The page's settings for the next game, else the players named, else colours swapped.
    const chosen = next && swapped ? chosenBy(next, state.config) : null;
    const players = chosen ? chosen.players : swapped ? { white: state.config.players.black, black: state.config.players.white } : { white: named.white ?? '?', black: named.black ?? '?' };
    let opened;
    try {
      const computer = state.config.computer ? computerFor(state.config.computer, players) : undefined;
      opened = options.nextJournal(players, next && chosen ? { settings: next, policy: chosen.policy, lang: chosen.lang ?? 'en' } : undefined, computer);
    } catch (e) {
      return { ok: false, error: `cannot start a new game: ${e instanceof Error ? e.message : String(e)}; this game is kept as it is` };
    }
    const r = nextGame(state, opened.tags, boardNow(), players, chosen ?? {});
    if ('refused' in r) {
      opened.journal.close();
      return { ok: false, error: r.refused };
    }
    journal?.close();
    journal = opened.journal;
    state = r.state;
    next = null;
    fresh = true;
    perform(r.effects);
    return { ok: true };
  }

  /**
   * The page's settings, checked for this game's variant (checkSettings): this game set up again
   * under them on a journal of its own while no move is made (the journal's header keeps them
   * for a resume), else kept for the next game.
   */
  function setSettings(settings: Settings): { ok: true } | { ok: false; error: string } {
    if (faulted) return { ok: false, error: faulted };
    if (!options.nextJournal) return { ok: false, error: "this game's settings are those it was started with (its command line)" };
    if (fixed()) {
      next = settings;
      notify();
      return { ok: true };
    }
    const chosen = chosenBy(settings, state.config);
    const opened = openAgain(options.nextJournal, chosen.players, { settings, policy: chosen.policy, lang: chosen.lang ?? 'en' }, state.config.computer);
    if (!opened.ok) return opened;
    next = null;
    setUpOn(opened.opened, chosen);
    return { ok: true };
  }

  /** The journal for this game set up again before its first move (`nextJournal`'s), or why it cannot be opened. */
  function openAgain(nextJournal: NonNullable<SessionOptions['nextJournal']>, ...args: Parameters<NonNullable<SessionOptions['nextJournal']>>) {
    try {
      return { ok: true as const, opened: nextJournal(...args) };
    } catch (e) {
      return { ok: false as const, error: `cannot set the game: ${e instanceof Error ? e.message : String(e)}; it is kept as it is` };
    }
  }

  /** This game set up again under `config` on `opened`, its journal given up for that one. */
  function setUpOn(opened: ReturnType<NonNullable<SessionOptions['nextJournal']>>, config: Parameters<typeof setAgain>[2]): void {
    const r = setAgain(state, opened.tags, config);
    if (journal) options.dropJournal?.(journal);
    journal = opened.journal;
    state = r.state;
    perform(r.effects);
  }

  /**
   * The computer's side and level (the `computer` command, host/game/computerChoice.ts): this
   * game set up again with them on a journal of its own while no move is made (the header names
   * the computer, for a resume), the engine opened again at a new level; refused otherwise.
   */
  async function setComputer(asked: ComputerAsked): Promise<{ ok: true } | { ok: false; error: string }> {
    if (faulted) return { ok: false, error: faulted };
    if (!options.nextJournal || !seat) return { ok: false, error: 'this game\'s computer is the one it was started with (its command line)' };
    if (fixed()) return { ok: false, error: 'the computer\'s level and colour are chosen before the first move: at the next game' };
    const chosen = chooseComputer(state.config.computer, state.config.players, asked);
    if (!chosen.ok) return chosen;
    const old = state.config.computer;
    const engine = old && chosen.config.spec !== old.spec ? options.reopen : null;
    if (engine === undefined) return { ok: false, error: 'this game\'s engine cannot be opened again here: its level stays' };
    const opened = openAgain(options.nextJournal, chosen.players, undefined, chosen.config);
    if (!opened.ok) return opened;
    if (engine) {
      try {
        await seat.replace(await engine(chosen.config.spec));
      } catch (e) {
        options.dropJournal?.(opened.opened.journal);
        return { ok: false, error: `cannot open the engine at that level: ${e instanceof Error ? e.message : String(e)}; the game is kept as it is` };
      }
    }
    setUpOn(opened.opened, { ...state.config, players: chosen.players, computer: chosen.config });
    return { ok: true };
  }

  /**
   * The engine thinking for the computer: its answers and its failures come back as the game's
   * input; after a crash it is opened again from the computer's spec as it is now.
   */
  const reopen = options.reopen;
  const seat = options.computer
    ? seatEngine(options.computer.engine, (input) => run(input), reopen && (() => reopen(state.config.computer?.spec ?? options.computer!.config.spec)))
    : null;

  const done = (async () => {
    for await (const e of options.link.events()) run({ type: 'board', event: e });
  })();

  // Time passes on the board between events: a flag falls (the referee decides nothing on time).
  const stopTicks = (options.every ?? wallEvery)(TICK_MS, () => run({ type: 'tick' }));
  if (options.resumed) perform(options.resumed.effects);

  const turn = inTurn(COMMANDS_WAITING);
  return {
    done,
    fault,
    view,
    state: () => state,
    journal: () => journal,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // One at a time: a press lasts until its release, and the next command waits for it; beyond
    // COMMANDS_WAITING waiting, a command is refused.
    command: (c: PlayCommand) => turn(async (): Promise<{ ok: true; text?: string } | { ok: false; error: string }> => {
      if (c.type === 'new-game') return newGame(c);
      if (c.type === 'settings') return setSettings(c.settings);
      if (c.type === 'computer') {
        const r = await setComputer(c);
        if (r.ok) tellComputer();
        return r;
      }
      if (c.type === 'takeback') {
        // A game being recorded (the digitise policy): the board's Correct, as the players' own command.
        if (!state.config.policy.recording) return { ok: false, error: 'a move is taken back only in a game being recorded (dambord digitise); at play, put its pieces back and the opponent decides (5.4.4)' };
        const refused = run({ type: 'player', command: { type: 'press', button: 'correct' } });
        return refused ? { ok: false, error: refused } : { ok: true };
      }
      if (c.type === 'query') {
        const q = queryOf(state.config.start.variant, c.what, c.square, c.count);
        if (typeof q === 'string') return { ok: false, error: q };
        return { ok: true, text: options.ask ? options.ask(q, state, boardNow()) : answer('en', state, q, boardNow()) };
      }
      const hands = options.hands;
      const player = c.type === 'resign' || c.type === 'draw' || c.type === 'decline-draw' || c.type === 'take-back' || c.type === 'hint' || (c.type === 'press' && (c.button === 'accept' || c.button === 'correct') && !hands);
      if (player) {
        const refused = run({ type: 'player', command: c.type === 'press' ? { type: 'press', button: c.button as 'accept' | 'correct' } : c });
        return refused ? { ok: false, error: refused } : { ok: true };
      }
      if (!hands) return { ok: false, error: 'this is a real board: move the pieces and press the buttons on the board itself' };
      if (c.type === 'press') {
        hands.press(c.button);
        await new Promise((r) => setTimeout(r, 60));
        hands.release(c.button);
        return { ok: true };
      }
      if (c.type !== 'lift' && c.type !== 'place') return { ok: false, error: 'not a command of the hands' };
      const v = state.config.start.variant;
      const sq = parseSquare(v, c.square);
      if (sq < 0) return { ok: false, error: `"${c.square}" is not a square of the ${v.name} board` };
      const occupied = state.referee ? state.referee.sensed[sq] !== 0 : state.setup ? state.setup.has(sq) : state.config.start.board[sq] !== 0;
      if (c.type === 'lift' && !occupied) return { ok: false, error: `there is no piece on ${c.square} to lift` };
      if (c.type === 'place' && occupied) return { ok: false, error: `${c.square} already holds a piece` };
      hands.setSquare(sq + 1, c.type === 'place');
      return { ok: true };
    }) ?? Promise.resolve({ ok: false, error: `${COMMANDS_WAITING} commands are waiting for this board; send this one again once they are done` }),
    async close() {
      stopTicks();
      await seat?.close();
      await options.link.close();
      await done.catch(() => {});
      journal?.close();
    },
  };
}
