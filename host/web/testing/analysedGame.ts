// A real game for the analysis tests (host/web/analysisRoutes.test.ts, test/analysisPage.test.ts):
// an English game from lidraughts' successor playstrategy.org, game 21 of
// test/fixtures/oracles/games/american_random_pdns.json (provenance: test/fixtures/oracles/README.md,
// py-draughts' test data), and the view of the play page at its end.

import { readFileSync } from 'node:fs';
import { currentPosition, formatMove, newGame, playMove, readPdn } from '../../../rules/index.ts';
import { boardText } from '../../game/view.ts';
import type { MoveView, PlayView, SquareView } from '../../game/types.ts';
import { squares8, startView } from './playView.ts';

const FILE = new URL('../../../test/fixtures/oracles/games/american_random_pdns.json', import.meta.url);

/**
 * The game, as received: 1. a3-b4 d6-c5 2. b4xd6 e7xc5 ... 9. g3-f4 h4-g3 10. f2xh4 ... 16. d6-e7 1-0.
 * Its 18th move, 9... h4-g3, puts the man where 10. f2xh4 takes it and nothing takes back: a man lost.
 */
export const GAME_PDN: string = (JSON.parse(readFileSync(FILE, 'utf8')) as { games: string[] }).games[21];

/** The ply that loses a man (9... h4-g3), counted from 1. */
export const LOSING_PLY = 18;

/** The play page's view of the game once it is over (P1, who moves first and so has Black in English draughts, won), its policy `policy`. */
export function finishedView(policy: string): PlayView {
  const game = readPdn(GAME_PDN).games[0];
  let g = newGame(game.start);
  const moves: MoveView[] = [];
  for (const item of game.line) {
    if (item.kind !== 'ply') continue;
    const before = currentPosition(g);
    const r = playMove(g, item.move);
    if (!r.ok) throw new Error(`the fixture's move ${item.text} does not play`);
    g = r.game;
    moves.push({ ply: moves.length + 1, side: before.turn, text: formatMove(before, item.move), board: boardText(currentPosition(g)), squares: [], captured: [], irregular: null, notes: [], after: [] });
  }
  const board = boardText(currentPosition(g));
  const piece = (c: string): SquareView['piece'] => (c === 'w' ? 'wm' : c === 'W' ? 'wk' : c === 'b' ? 'bm' : c === 'B' ? 'bk' : null);
  const squares = squares8().map((s, i) => ({ ...s, piece: piece(board[i]), sensed: board[i] !== '.' }));
  return {
    ...startView(),
    squares,
    moves,
    turn: currentPosition(g).turn,
    clock: null,
    players: { white: 'CricketForJapan', black: 'PS-Greedy-Two-Move' },
    result: { result: '1-0', reason: 'White resigned', article: '' },
    pdn: GAME_PDN,
    pdnName: '2024.11.11 CricketForJapan - PS-Greedy-Two-Move.pdn',
    settings: { current: { policy }, next: null, fixed: true },
  };
}
