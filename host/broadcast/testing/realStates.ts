// For the broadcast's tests: boards' states made by hand from real games (the first games of
// test/fixtures/oracles/games/nk ronde 01.pdn, the Dutch championship of 2009), as a host
// would publish them after so many moves: the position, the moves as written in the file, the
// last move's squares and a scoresheet written here (tags and numbered moves), never by the
// code under test.

import { KING, WHITE, readPdn, squareName, variants } from '../../../rules/index.ts';
import type { PdnGame, PdnPly } from '../../../rules/index.ts';
import { ORACLE_FILES, oracleTexts } from '../../../test/oracles.ts';
import type { BoardState, BroadcastMove } from '../types.ts';

const v = variants.international;

/** The first games of nk ronde 01.pdn, replayed by the rules core's PDN reader. */
export const NK_GAMES: readonly PdnGame[] = (() => {
  const file = ORACLE_FILES.find((f) => f.file === 'nk ronde 01.pdn')!;
  const read = readPdn(oracleTexts(file.file)[0], { variant: v });
  return read.games.slice(0, 6);
})();

/** The main line's moves of game `g` (0-based). */
export function pliesOf(g: number): PdnPly[] {
  return NK_GAMES[g].line.flatMap((item) => (item.kind === 'ply' ? [item] : []));
}

const tag = (g: PdnGame, name: string): string => g.tags.find((t) => t.name === name)?.value ?? '?';

/** One character per dark square, as BoardState.position writes it: `w` `W` `b` `B` `.`. */
function positionText(board: ArrayLike<number>): string {
  return Array.from(board, (p) => (p === 0 ? '.' : (p & WHITE) !== 0 ? ((p & KING) !== 0 ? 'W' : 'w') : (p & KING) !== 0 ? 'B' : 'b')).join('');
}

/** The scoresheet of `plies` moves: the seven tags, GameType 20, and the moves numbered as a person writes them. */
export function sheet(g: number, plies: number, event: string, round: string, result = '*'): string {
  const game = NK_GAMES[g];
  const moves = pliesOf(g).slice(0, plies).map((p, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${p.text}` : p.text));
  return [
    `[Event "${event}"]`,
    '[Site "Wageningen"]',
    `[Date "${tag(game, 'Date')}"]`,
    `[Round "${round}"]`,
    `[White "${tag(game, 'White')}"]`,
    `[Black "${tag(game, 'Black')}"]`,
    `[Result "${result}"]`,
    '[GameType "20"]',
    '',
    `${[...moves, result].join(' ')}`,
    '',
  ].join('\n');
}

/** What a state may override. */
export type StateChange = Partial<Omit<BoardState, 'event' | 'round' | 'board' | 't'>>;

/**
 * Board `board`'s state at `t` with game `g` after `plies` moves: no clock unless given, the
 * link connected, no result.
 */
export function realState(o: { event: string; round: string; board: number; game: number; plies: number; t: number }, change: StateChange = {}): BoardState {
  const game = NK_GAMES[o.game];
  const plies = pliesOf(o.game).slice(0, o.plies);
  if (plies.length < o.plies) throw new Error(`game ${o.game + 1} has only ${plies.length} moves`);
  const after = plies.at(-1)?.after ?? game.start;
  const moves: BroadcastMove[] = plies.map((p, i) => ({ ply: i + 1, side: p.before.turn, text: p.text, irregular: null }));
  const last = plies.at(-1);
  return {
    event: o.event,
    round: o.round,
    board: o.board,
    variant: 'international',
    size: 10,
    players: { white: tag(game, 'White'), black: tag(game, 'Black') },
    position: positionText(after.board),
    turn: after.turn,
    moves,
    lastMove: last ? { squares: [last.move.from, ...last.move.path].map((sq) => squareName(v, sq)), captured: last.move.captured.map((sq) => squareName(v, sq)) } : null,
    clock: null,
    result: null,
    irregularity: null,
    link: 'connected',
    pdn: sheet(o.game, o.plies, o.event, o.round),
    t: o.t,
    ...change,
  };
}
