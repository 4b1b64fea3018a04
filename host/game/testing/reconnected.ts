// A game journaled, resumed and its board connected again showing some pieces: for the tests of
// a board that comes back not as the game left it (referee/reconnect.ts); and a game whose
// board the hands clear and set again. Run in a worker (reconnectedWorker.ts) by the tests, so
// that a game that never answers fails them.
import { SquareSet, parseFen, variants } from '../../../rules/index.ts';
import type { Position, VariantName } from '../../../rules/index.ts';
import type { GameState } from '../game.ts';
import { JOURNAL_FORMAT, parseJournal, writeJournal } from '../journal/record.ts';
import type { JournalEntry } from '../journal/record.ts';
import { recoverGame } from '../journal/recover.ts';
import { casual } from '../referee/policy.ts';
import { resumeGame } from '../resume.ts';
import { step } from '../step.ts';
import { gameView } from '../view.ts';
import type { PlayView } from '../types.ts';
import { journaledGame } from './journaled.ts';

/** A game to resume: `fen` of `variant`, `moves` made by hand (`19-23`, the squares' numbers), and the board as it connects again. */
export interface Reconnection {
  readonly variant: VariantName;
  readonly fen: string;
  readonly moves: readonly string[];
  /** `empty`: no piece on it; `left`: as the game left it; else the squares' numbers of the pieces taken off what the game left, and of those put on. */
  readonly board: 'empty' | 'left' | { readonly missing: readonly number[]; readonly added?: readonly number[] };
  /** Then the hands put back, in the squares' order, every piece the game left that the board lacks. */
  readonly setBack?: boolean;
}

/** What the resumed game says on the board connecting again. */
export interface Reconnected {
  readonly log: readonly string[];
  readonly guidance: PlayView['guidance'];
  readonly irregularity: string | null;
  readonly moves: number;
  /** Whether the journal, with what the connection wrote, resumes again as the game stands. */
  readonly journalResumes: boolean;
}

const occupied = (p: Position | Uint8Array) => {
  const board = p instanceof Uint8Array ? p : p.board;
  return SquareSet.from([...board.keys()].filter((i) => board[i] !== 0));
};

/** The game of `r` (its board aside) played by hand, journaled; `hand` lifts or places a piece on a square (by index). */
function played(r: Omit<Reconnection, 'board'>) {
  const v = variants[r.variant];
  const start = parseFen(v, r.fen);
  if (!start.ok) throw new Error(start.error.reason);
  const hello = { fw: '2.0.0', squares: v.geometry.squares, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
  const game = journaledGame({ start: start.position, policy: casual, players: { white: 'Anna', black: 'Bert' }, tags: [], timeControl: null, hints: false, lang: 'en' });
  game.input({ type: 'board', event: { type: 'link', state: 'connected', hello, occupancy: occupied(start.position), buttons: [], t: 0 } });
  let seq = 0;
  const hand = (type: 'lift' | 'place', square: number) => game.input({ type: 'board', event: { type, square, t: game.t + 500, seq: ++seq, source: 'board' } });
  for (const m of r.moves) {
    const [from, to] = m.split('-').map(Number);
    hand('lift', from - 1);
    hand('place', to - 1);
  }
  game.input({ type: 'tick' });
  return { game, hello, hand };
}

/** The game of `r`, its board cleared by hand piece by piece (in the squares' order) and every piece put back: what it says then, and its moves. */
export function clearedAndSetBack(r: Omit<Reconnection, 'board'>): Omit<Reconnected, 'guidance' | 'journalResumes'> {
  const { game, hand } = played(r);
  const pieces = [...occupied(game.state.referee!.sensed)];
  for (const sq of pieces) hand('lift', sq);
  for (const sq of pieces) hand('place', sq);
  const s = game.state;
  return { log: s.log, irregularity: s.irregularity?.message ?? null, moves: s.sheet.items.filter((x) => x.kind === 'move').length };
}

/** The game of `r`, journaled, resumed and its board connected again, and what it then says. */
export function reconnected(r: Reconnection): Reconnected {
  const { game, hello } = played(r);
  const left = occupied(game.state.referee!.sensed);
  const header = { format: JOURNAL_FORMAT, variant: r.variant, start: r.fen, policy: 'casual' as const, lang: 'en' as const, tags: [], timeControl: null, created: '2026-11-26T10:00:00.000Z', t0: 0 };
  const resumed = resumeGame(parseJournal(new TextEncoder().encode(writeJournal(header, game.entries))));
  if (!resumed.ok) throw new Error(resumed.reason);
  const board = r.board === 'empty' ? SquareSet.EMPTY : r.board === 'left' ? left : left.diff(SquareSet.from(r.board.missing.map((n) => n - 1))).union(SquareSet.from((r.board.added ?? []).map((n) => n - 1)));
  const t = game.t + 5000;
  let s: GameState = resumed.state;
  const entries: JournalEntry[] = [...game.entries];
  for (const e of resumed.effects) if (e.type === 'journal') entries.push(...e.entries);
  const steps = [...(r.setBack ? left.diff(board) : [])].map((square, i) => ({ type: 'board' as const, event: { type: 'place' as const, square, t: t + 500 * (i + 1), seq: i + 1, source: 'board' as const } }));
  for (const [i, input] of [{ type: 'board' as const, event: { type: 'link' as const, state: 'connected' as const, hello, occupancy: board, buttons: [], t } }, ...steps].entries()) {
    const next = step(s, input, t + 500 * i);
    s = next.state;
    for (const e of next.effects) if (e.type === 'journal') entries.push(...e.entries);
  }
  const again = recoverGame(parseJournal(new TextEncoder().encode(writeJournal(header, entries))));
  const shown = r.setBack ? board.union(left) : board;
  return {
    log: s.log,
    guidance: gameView(s, t, { health: null, simulated: true }).guidance,
    irregularity: s.irregularity?.message ?? null,
    moves: s.sheet.items.filter((x) => x.kind === 'move').length,
    journalResumes: again.ok && again.pending.length === 0 && again.state.mode.kind === s.referee?.mode.kind && occupied(again.state.sensed).equals(shown),
  };
}
