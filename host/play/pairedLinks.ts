// Two board links seen as one (host/play/pair.ts says which board's hands the game follows): the
// session plays on the link this returns as on a single board, and feeds it the game after every
// step (`follow`). Each board's LEDs show the game or, while it is being copied, its next copy
// step; each change of a copy step is told to whoever listens (speech).

import type { Color, Position } from '../../rules/index.ts';
import type { GameState } from '../game/game.ts';
import type { BoardEvent, BoardLink, LedFrame, LinkConfig, LinkHealth, Snapshot } from '../link/types.ts';
import { LinkError } from '../link/types.ts';
import type { SimulatedHands } from './session.ts';
import { boardFrame, copyStep, createPair, occupancySet, pairEvent, pairGame, pairGameOf, swapBoards } from './pair.ts';
import type { CopyStep, PairState, PairStep } from './pair.ts';

/** The two boards as one link, with what the game and speech need of the pair. */
export interface PairedLinks extends BoardLink {
  /** Feeds the game after every step (the session's `observe`: `follow(seen.after)`). */
  follow(state: GameState): void;
  /** Each board's next copy step (null: it shows the game, or the game follows its hands). */
  copySteps(): Readonly<Record<Color, CopyStep | null>>;
  /** Told each change of a board's copy step (null: the board now shows the game); returns the way to stop. */
  onCopy(listener: (board: Color, step: CopyStep | null) => void): () => void;
  /** The board of the side to move: where the simulator's hands act ({@link pairedHands}). */
  activeBoard(): Color;
  /** Which of the two links (0: the first given, 1: the second) is `board`'s: they change sides at each new game. */
  seatOf(board: Color): 0 | 1;
  /** Whether `board` is being copied (the game does not follow its hands and it does not show the game). */
  copying(board: Color): boolean;
}

/** Options of {@link pairLinks}. */
export interface PairOptions {
  /** The position the boards are to show when they connect: the start position, or a resumed game's. */
  readonly position: Position;
  /** Host clock in ms (default performance.now), to put both boards' times on one timeline. */
  readonly now?: () => number;
}

interface Reader {
  readonly items: BoardEvent[];
  done: boolean;
}

const SIDES: readonly Color[] = ['white', 'black'];

/**
 * White's player's board and Black's, as one link for the session: the events the game is to
 * see (one `connected` once both boards are; `lost` when either is, naming it), the game's LED
 * frame on the board it follows and copy guidance on the other, beeps to both. At each new game
 * (colours swapped, host/game/nextGame.ts) each player keeps their board: the boards change sides.
 */
export function pairLinks(white: BoardLink, black: BoardLink, options: PairOptions): PairedLinks {
  const now = options.now ?? (() => performance.now());
  const seats = [white, black] as const;
  /** The side each link's board is now: the first given is White's in the first game. */
  let sideOf: [Color, Color] = ['white', 'black'];
  const link = (side: Color) => seats[sideOf.indexOf(side)];
  let config: GameState['config'] | null = null;
  let state: PairState = createPair({ position: options.position, pending: null, playing: true, marks: [] });
  let gameFrame: LedFrame | null = null;
  const sent: Record<Color, string> = { white: '', black: '' };
  const told: Record<Color, string> = { white: '', black: '' };
  const copyListeners = new Set<(board: Color, step: CopyStep | null) => void>();
  const raw: { seat: 0 | 1; e: BoardEvent; host: number }[] = [];
  const readers: Reader[] = [];
  /** Forwarded before the first reader came: it gets them (so `connected` is not missed). */
  let backlog: BoardEvent[] | null = [];
  let sources = 2;
  let closed = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };

  for (const seat of [0, 1] as const) {
    void (async () => {
      try {
        for await (const e of seats[seat].events()) {
          raw.push({ seat, e, host: now() });
          poke();
        }
      } catch {
        // a link's events end with its close
      }
      sources--;
      poke();
    })();
  }

  /** A step of the pair carried out: its events to the readers, the LEDs and copy steps brought up to date. */
  function apply(r: PairStep): void {
    state = r.state;
    for (const e of r.forward) {
      if (backlog) backlog.push(e);
      for (const q of readers) q.items.push(e);
    }
    for (const side of SIDES) {
      const frame = boardFrame(state, side, gameFrame);
      const key = frame ? frame.join(',') : '';
      if (frame && key !== sent[side]) {
        sent[side] = key;
        link(side).setLeds(frame).catch(() => {});
      }
      const step = copyStep(state, side);
      const said = step ? `${step.kind} ${step.square} ${step.piece}` : '';
      if (said !== told[side]) {
        told[side] = said;
        for (const l of copyListeners) l(side, step);
      }
    }
    if (r.forward.length > 0) poke();
  }

  /** The next event for reader `q`: raw events are read into the pair only as the game asks, so that each is judged after the game took the one before. */
  async function next(q: Reader): Promise<IteratorResult<BoardEvent>> {
    for (;;) {
      if (q.items.length > 0) return { value: q.items.shift()!, done: false };
      if (closed || q.done) return { value: undefined, done: true };
      const r = raw.shift();
      if (r) {
        apply(pairEvent(state, sideOf[r.seat], r.e, r.host));
        continue;
      }
      if (sources === 0) return { value: undefined, done: true };
      await new Promise<void>((resolve) => {
        const before = wake;
        wake = () => {
          before?.();
          resolve();
        };
      });
    }
  }

  return {
    events() {
      const q: Reader = { items: backlog ?? [], done: false };
      backlog = null;
      readers.push(q);
      const it: AsyncIterableIterator<BoardEvent> = {
        next: () => next(q),
        async return() {
          q.done = true;
          readers.splice(readers.indexOf(q), 1);
          return { value: undefined, done: true };
        },
        [Symbol.asyncIterator]: () => it,
      };
      return it;
    },
    async snapshot(): Promise<Snapshot> {
      if (!state.connected) return link(state.game.position.turn).snapshot();
      return { squares: state.told.length, occupancy: occupancySet(state.told), buttons: [], seq: 0, t: state.last?.t ?? 0 };
    },
    async setLeds(frame: LedFrame) {
      if (closed) throw new LinkError('closed', 'the boards are closed');
      gameFrame = frame;
      apply({ state, forward: [] });
    },
    async beep(hz: number, ms: number) {
      await Promise.all(seats.map((l) => l.beep(hz, ms)));
    },
    async configure(c: Partial<LinkConfig>) {
      await Promise.all(seats.map((l) => l.configure(c)));
    },
    health: () => mergedHealth(white.health(), black.health()),
    async close() {
      closed = true;
      poke();
      await Promise.all(seats.map((l) => l.close()));
    },
    follow(game: GameState) {
      if (config && game.config !== config) {
        // The next game, colours swapped: each player keeps their board.
        sideOf = [sideOf[1], sideOf[0]];
        state = swapBoards(state);
        [told.white, told.black] = [told.black, told.white];
        sent.white = sent.black = '';
      }
      config = game.config;
      apply(pairGame(state, pairGameOf(game), now()));
    },
    copySteps: () => ({ white: copyStep(state, 'white'), black: copyStep(state, 'black') }),
    onCopy(listener) {
      copyListeners.add(listener);
      return () => copyListeners.delete(listener);
    },
    activeBoard: () => state.game.position.turn,
    seatOf: (board) => sideOf.indexOf(board) as 0 | 1,
    copying: (board) => state.forwarder !== board && copyStep(state, board) !== null,
  };
}

/**
 * The simulator's hands for two simulated boards: the page's lifts, places and presses act on the
 * board of the side to move. The page shows the game, not that board: while it is being copied, a
 * click on a square where it differs from the game (a piece the page shows lifted, or put down)
 * does the copy step there, whatever the page asked.
 */
export function pairedHands(paired: PairedLinks, boards: readonly [BoardHands, BoardHands]): SimulatedHands {
  const at = () => boards[paired.seatOf(paired.activeBoard())];
  return {
    setSquare(square, occupied) {
      const board = at();
      board.setSquare(square, paired.copying(paired.activeBoard()) ? !board.occupied(square) : occupied);
    },
    press: (button) => at().press(button),
    release: (button) => at().release(button),
  };
}

/** A simulated board's hands, and what its switches hold. */
export type BoardHands = SimulatedHands & { occupied(square: number): boolean };

const STATE_RANK: readonly LinkHealth['state'][] = ['incompatible', 'lost', 'repairing', 'connecting', 'closed', 'connected'];

/** Two links' health as one: the worse state, the counters added, the longer silences. */
function mergedHealth(a: LinkHealth, b: LinkHealth): LinkHealth {
  const state = STATE_RANK.find((s) => a.state === s || b.state === s) ?? a.state;
  const out: Record<string, unknown> = { state };
  // A counter one link has and the other has not (a Firmata board beside a dambord board) is the one's.
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof LinkHealth>) {
    if (key === 'state') continue;
    const x = a[key];
    const y = b[key];
    if (key === 'msSinceLastLine' || key === 'msSinceLastValidLine') out[key] = x === null || y === null ? null : Math.max(x as number, y as number);
    else out[key] = ((x as number | undefined) ?? 0) + ((y as number | undefined) ?? 0);
  }
  return out as unknown as LinkHealth;
}
