// The round as a relay (or a one-host event) holds it: every board's last state, the changes
// numbered for viewers, kept for a reconnecting viewer's Last-Event-ID, held back by the
// broadcast delay, and the feeds made from what viewers may see.

import { randomBytes } from 'node:crypto';
import { squareName, variants } from '../../rules/index.ts';
import { stateKey } from './boardState.ts';
import { boardPdn, etagOf, roundJson, roundPdn } from './feeds.ts';
import type { BoardEvent, BoardState, RoundSnapshot, ViewerBoard } from './types.ts';

/** One change for viewers: its server-sent event id and the board's new state. */
export interface StoreEvent {
  readonly id: string;
  /** The board's new state; null when a new round starts (the frame is then the round's snapshot). */
  readonly board: BoardEvent | null;
  /** The event as sent on a stream, made once for every viewer. */
  readonly frame: string;
}

/** A feed's body and its ETag. */
export interface Feed {
  readonly body: string;
  readonly etag: string;
}

export interface RoundStoreOptions {
  readonly event: string;
  /** The broadcast delay (ms, default 0): a state is shown this long after it was made (its `t`). */
  readonly delayMs?: number;
  /** Changes kept for reconnecting viewers (default 20,000). */
  readonly keep?: number;
  /** Wall clock (default Date.now). */
  readonly now?: () => number;
}

export interface RoundStore {
  readonly event: string;
  readonly delayMs: number;
  /**
   * Takes a board's state from its host: a state of another event, one older than the board's
   * last (a late duplicate), or one that shows nothing new ({@link stateKey}) changes nothing.
   * Returns whether it was taken. With a delay it is shown once its time has come.
   */
  put(state: BoardState): boolean;
  /** The round as viewers see it now (the round of the board seen last to start a new round). */
  snapshot(): RoundSnapshot;
  /** The snapshot as a server-sent event, with the id of the last change in it. */
  snapshotFrame(): string;
  /** The changes after the event `lastEventId`, or null when they are not all kept (or the id is not this store's). */
  since(lastEventId: string): StoreEvent[] | null;
  /** Told every change viewers may see, in order. */
  subscribe(listener: (e: StoreEvent) => void): () => void;
  /** The feeds of the round viewers see: round.pdn, round.json, and one board's PDN. */
  roundPdn(): Feed;
  roundJson(): Feed;
  boardPdn(n: number): Feed | null;
  /** How many changes were shown; how many states were put and not taken (duplicates, stale). */
  counts(): { readonly shown: number; readonly ignored: number };
  /** Stops the delay's timer. */
  close(): void;
}

/** The dark squares of each variant's board, for viewers to draw. */
const LAYOUTS: RoundSnapshot['layouts'] = Object.fromEntries(
  Object.values(variants).map((v) => {
    const g = v.geometry;
    return [v.name, Array.from({ length: g.squares }, (_, i) => ({ name: squareName(v, i), row: g.row[i], col: g.col[i] }))];
  }),
);

/** A board's state as viewers receive it (types.ViewerBoard). */
function forViewers(b: BoardEvent): ViewerBoard {
  const { pdn: _pdn, ...rest } = b;
  return rest;
}

/** A store for one event's rounds. */
export function createRoundStore(options: RoundStoreOptions): RoundStore {
  const delayMs = options.delayMs ?? 0;
  const keep = options.keep ?? 20_000;
  const now = options.now ?? Date.now;
  // Each store has its own run: an id from another run (a restarted relay) is not looked up.
  const run = randomBytes(4).toString('hex');
  let n = 0;
  let ignored = 0;
  /** What hosts sent last, per round and board: what is taken or not (before any delay). */
  const latest = new Map<string, Map<number, { key: string; t: number }>>();
  /** What viewers see, per round and board. */
  const shown = new Map<string, Map<number, BoardEvent>>();
  let round = '';
  const kept: StoreEvent[] = [];
  const listeners = new Set<(e: StoreEvent) => void>();
  const waiting: BoardState[] = [];
  let timer: NodeJS.Timeout | null = null;
  let feeds: { n: number; round: Feed; json: Feed } | null = null;

  const boardsOf = (r: string): Map<number, BoardEvent> => {
    let m = shown.get(r);
    if (!m) shown.set(r, (m = new Map()));
    return m;
  };

  function emit(e: StoreEvent): void {
    kept.push(e);
    if (kept.length > keep) kept.shift();
    for (const l of listeners) l(e);
  }

  /** Shows a state: a board of a round not seen before starts that round, and viewers get its snapshot. */
  function show(s: BoardState): void {
    const fresh = !shown.has(s.round);
    const boards = boardsOf(s.round);
    const board: BoardEvent = { ...s, rev: (boards.get(s.board)?.rev ?? 0) + 1 };
    boards.set(s.board, board);
    if (fresh) {
      round = s.round;
      const id = `${run}.${++n}`;
      emit({ id, board: null, frame: snapshotFrame() });
    } else if (s.round === round) {
      const id = `${run}.${++n}`;
      emit({ id, board, frame: `id: ${id}\nevent: board\ndata: ${JSON.stringify(forViewers(board))}\n\n` });
    }
  }

  function release(): void {
    timer = null;
    const t = now();
    while (waiting.length > 0 && waiting[0].t + delayMs <= t) show(waiting.shift()!);
    if (waiting.length > 0) {
      timer = setTimeout(release, Math.max(1, waiting[0].t + delayMs - t));
      timer.unref?.();
    }
  }

  const current = (): BoardEvent[] => [...(shown.get(round)?.values() ?? [])].sort((a, b) => a.board - b.board);
  const snapshot = (): RoundSnapshot => ({ id: `${run}.${n}`, event: options.event, round, delayMs, boards: current().map(forViewers), layouts: LAYOUTS });
  const games = () => current().map((b) => ({ board: b.board, pdn: b.pdn }));
  const feed = (body: string): Feed => ({ body, etag: etagOf(body) });
  const snapshotFrame = (): string => `id: ${run}.${n}\nevent: round\ndata: ${JSON.stringify(snapshot())}\n\n`;

  return {
    event: options.event,
    delayMs,
    put(s) {
      if (s.event !== options.event) return false;
      let boards = latest.get(s.round);
      if (!boards) latest.set(s.round, (boards = new Map()));
      const last = boards.get(s.board);
      const key = stateKey(s);
      if (last && (s.t < last.t || key === last.key)) {
        ignored++;
        return false;
      }
      boards.set(s.board, { key, t: s.t });
      if (delayMs <= 0) show(s);
      else {
        // States arrive in the order of their times for a board; across boards the queue is kept in order of time.
        let i = waiting.length;
        while (i > 0 && waiting[i - 1].t > s.t) i--;
        waiting.splice(i, 0, s);
        // A state due before the one the timer waits for (another board's host a little behind) sets it again.
        if (i === 0 && timer !== null) {
          clearTimeout(timer);
          timer = null;
        }
        if (timer === null) release();
      }
      return true;
    },
    snapshot,
    snapshotFrame,
    since(lastEventId) {
      const m = /^([0-9a-f]+)\.(\d+)$/.exec(lastEventId.trim());
      if (!m || m[1] !== run) return null;
      const after = Number(m[2]);
      if (after > n) return null;
      if (after === n) return [];
      const first = kept.length > 0 ? Number(kept[0].id.split('.')[1]) : n + 1;
      if (after + 1 < first) return null;
      return kept.slice(after + 1 - first);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    roundPdn() {
      if (feeds?.n !== n) {
        const g = games();
        feeds = { n, round: feed(roundPdn(g)), json: feed(roundJson(g)) };
      }
      return feeds.round;
    },
    roundJson() {
      this.roundPdn();
      return feeds!.json;
    },
    boardPdn(b) {
      const body = boardPdn(games(), b);
      return body === null ? null : feed(body);
    },
    counts: () => ({ shown: n, ignored }),
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
