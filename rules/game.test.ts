// How games end, by article: wins (FMJD 7.2; Czech cl. 7.2; Laws 23), automatic draws (FMJD
// 6.1-6.4; Czech cl. 6.1-6.4; the Russian rules of russian.ts), the claimed draw of Laws 22,
// resignation and agreement.
import { describe, expect, it } from 'vitest';
import { parseFen } from './fen.ts';
import type { Game, Outcome, OutcomeOptions } from './game.ts';
import { agreeDraw, currentPosition, giveNotice, newGame, outcome, playMove, resign, withdrawNotice } from './game.ts';
import type { Move } from './move.ts';
import { parseSquare } from './notation.ts';
import { isKing } from './piece.ts';
import type { Position } from './position.ts';
import { legalMoves, play, positionKey } from './position.ts';
import type { Variant } from './variant.ts';
import { brazilian, czech, english, international, russian } from './variants/index.ts';

function position(v: Variant, fen: string): Position {
  const r = parseFen(v, fen);
  if (!r.ok) throw new Error(`${fen}: ${r.error.reason} at ${r.error.offset}`);
  return r.position;
}

function game(v: Variant, fen: string): Game {
  return newGame(position(v, fen));
}

/** The legal move written `from-to` or `fromxto` in the variant's notation. */
function move(pos: Position, text: string): Move {
  const [a, b] = text.split(/[-x]/).map((s) => parseSquare(pos.variant, s));
  const found = legalMoves(pos).filter((m) => m.from === a && m.to === b && m.captured.length > 0 === text.includes('x'));
  if (found.length !== 1) throw new Error(`${text} is not one legal move in ${positionKey(pos)}`);
  return found[0];
}

/** Plays moves written as text; each must be legal. */
function moves(g: Game, ...texts: string[]): Game {
  for (const t of texts) {
    const r = playMove(g, move(currentPosition(g), t));
    if (!r.ok) throw new Error(`${t}: ${r.error}`);
    g = r.game;
  }
  return g;
}

interface WanderOptions {
  /** Which moves may be played (default: any). */
  readonly allow?: (m: Move, pos: Position) => boolean;
  /** Which positions may be reached (default: any). */
  readonly keep?: (pos: Position) => boolean;
}

/**
 * Plays `plies` quiet moves, the first that fit in generator order, depth first: no capture is
 * ever available, no position ever repeats, the side to move always has a move. So no rule
 * but the one under test can end the game on the way. Deterministic.
 */
function wander(g: Game, plies: number, opts: WanderOptions = {}): Game {
  const found = search(g, plies, opts);
  if (!found) throw new Error(`no quiet walk of ${plies} plies from ${positionKey(currentPosition(g))}`);
  return found;
}

function search(g: Game, plies: number, opts: WanderOptions): Game | null {
  if (plies === 0) return g;
  const pos = currentPosition(g);
  for (const m of legalMoves(pos)) {
    if (m.captured.length > 0 || (opts.allow && !opts.allow(m, pos))) continue;
    const next = play(pos, m);
    if (g.repetitions.has(positionKey(next)) || (opts.keep && !opts.keep(next))) continue;
    const replies = legalMoves(next);
    if (replies.length === 0 || replies.some((r) => r.captured.length > 0)) continue;
    const r = playMove(g, m);
    if (!r.ok) throw new Error(r.error);
    const done = search(r.game, plies - 1, opts);
    if (done) return done;
  }
  return null;
}

const kingsOnly = { allow: (m: Move, pos: Position) => isKing(pos.board[m.from]) };

/**
 * Walks `plies` quiet plies, checks that the game went on until the last of them, and returns
 * the outcome after it.
 */
function outcomeAfter(g: Game, plies: number, opts: WanderOptions = {}, outcomeOpts: OutcomeOptions = {}): Outcome | null {
  const walked = wander(g, plies, opts);
  let before = g;
  for (const m of walked.moves.slice(g.moves.length, -1)) {
    expect(outcome(before, outcomeOpts), `after ${before.moves.length - g.moves.length} plies`).toBeNull();
    const r = playMove(before, m);
    if (!r.ok) throw new Error(r.error);
    before = r.game;
  }
  expect(outcome(before, outcomeOpts), `after ${plies - 1} plies`).toBeNull();
  return outcome(walked, outcomeOpts);
}

const draw = (reason: Outcome['reason'], article: string): Outcome => ({ result: 'draw', reason, article });

describe('FMJD (international): results, article 7', () => {
  it('7.2.3 the opponent has no pieces left: W:W28:B23, 28x19', () => {
    const g = game(international, 'W:W28:B23');
    expect(outcome(g)).toBeNull();
    expect(outcome(moves(g, '28x19'))).toEqual({ result: 'white', reason: 'no-pieces', article: '7.2.3' });
  });
  it('7.2.3 in a setup where the side not to move has no pieces: W:W28', () => {
    expect(outcome(game(international, 'W:W28'))).toEqual({ result: 'white', reason: 'no-pieces', article: '7.2.3' });
  });
  it('7.2.2 the side to move has pieces but every one is blocked: W:W46,47:B36, 46-41', () => {
    const g = moves(game(international, 'W:W46,47:B36'), '46-41');
    expect(legalMoves(currentPosition(g))).toEqual([]);
    expect(outcome(g)).toEqual({ result: 'white', reason: 'no-moves', article: '7.2.2' });
  });
  it('7.2.1 resignation; moves are refused after it', () => {
    const g = resign(game(international, international.startFen), 'black');
    expect(outcome(g)).toEqual({ result: 'white', reason: 'resignation', article: '7.2.1' });
    expect(playMove(g, legalMoves(currentPosition(g))[0])).toEqual({ ok: false, error: 'game-over' });
    expect(resign(g, 'white')).toBe(g);
    expect(agreeDraw(g)).toBe(g);
  });
  it('7.3.1 a draw by agreement', () => {
    const g = agreeDraw(moves(game(international, international.startFen), '32-28'));
    expect(outcome(g)).toEqual(draw('agreement', '7.3.1'));
  });
  it('7.2.3 comes before 6.4 when the move that ends the count takes the last piece', () => {
    const pos = position(international, 'W:WK46,K50:BK41');
    const g = newGame({ ...pos, endgame: { article: '6.4', plies: 9 } });
    expect(outcome(moves(g, '46x37'))).toEqual({ result: 'white', reason: 'no-pieces', article: '7.2.3' });
  });
});

describe('FMJD (international): draws, article 6', () => {
  const kings = 'W:WK46,K50:BK1,K5';
  it('6.1 the same position a third time with the same side to move', () => {
    const g = game(international, kings);
    const twice = moves(g, '50-44', '1-7', '44-50', '7-1');
    expect(outcome(twice)).toBeNull();
    expect(outcome(moves(twice, '50-44', '1-7', '44-50'))).toBeNull();
    expect(outcome(moves(twice, '50-44', '1-7', '44-50', '7-1'))).toEqual(draw('repetition', '6.1'));
  });
  it('6.1 counts a position only with the same side to move', () => {
    // White loses a tempo on the triangle 50-44-39-50: the pieces stand as at the start, but
    // with Black to move; twice more makes three times the same pieces, not the same position.
    let g = moves(game(international, kings), '50-44', '1-7', '44-39', '7-1', '39-50');
    g = moves(g, '1-7', '50-44', '7-1', '44-50');
    expect(outcome(g)).toBeNull();
    expect(outcome(moves(g, '1-7', '50-44', '7-1', '44-50'))).toEqual(draw('repetition', '6.1'));
  });
  it('6.2 25 moves each with only kings moved and nothing captured (50 plies)', () => {
    expect(outcomeAfter(game(international, kings), 50)).toEqual(draw('king-moves', '6.2'));
  });
  it('6.2 a man move or a capture starts the count again', () => {
    const pos = { ...position(international, 'W:WK47,36:BK4,15'), kingMovePlies: 49 };
    expect(outcome(moves(newGame(pos), '47-42'))).toEqual(draw('king-moves', '6.2'));
    const man = moves(newGame(pos), '36-31');
    expect(currentPosition(man).kingMovePlies).toBe(0);
    expect(outcome(man)).toBeNull();
    const capture = moves(newGame({ ...position(international, 'W:WK50:B39,K5'), kingMovePlies: 49 }), '50x33');
    expect(currentPosition(capture).kingMovePlies).toBe(0);
    expect(outcome(capture)).toBeNull();
  });
  it('6.3 three kings against one king: 16 further moves each (32 plies)', () => {
    expect(outcomeAfter(game(international, 'W:WK47,K48,K49:BK4'), 32)).toEqual(draw('endgame', '6.3'));
  });
  it('6.3 a king and two men against one king', () => {
    expect(outcomeAfter(game(international, 'W:WK47,31,32:BK4'), 32)).toEqual(draw('endgame', '6.3'));
  });
  it('6.4 one king against one king: 5 further moves each (10 plies)', () => {
    expect(outcomeAfter(game(international, 'W:WK47:BK4'), 10)).toEqual(draw('endgame', '6.4'));
  });
  it('6.4 two kings against one king, and a king and a man against one king', () => {
    expect(outcomeAfter(game(international, 'W:WK47,K49:BK4'), 10)).toEqual(draw('endgame', '6.4'));
    expect(outcomeAfter(game(international, 'B:WK47,35:BK4'), 10)).toEqual(draw('endgame', '6.4'));
  });
  it('6.3 then 6.4 (Latvian 6.4): fewer than 5 of the 16 moves left, the count goes on to 16', () => {
    // Black's lone king takes one of three kings at ply 29 of the 16-move count: 3 plies left,
    // fewer than the 10 of 6.4, so the draw comes 3 plies later, not 10.
    const pos = { ...position(international, 'B:WK7,K46,K50:BK1'), endgame: { article: '6.3', plies: 28 } };
    const g = moves(newGame(pos), '1x18');
    expect(currentPosition(g).endgame).toEqual({ article: '6.4', plies: 7 });
    expect(outcomeAfter(g, 3)).toEqual(draw('endgame', '6.4'));
  });
  it('6.3 then 6.4 with more than 5 moves left: a new count of 5 moves each', () => {
    const pos = { ...position(international, 'B:WK7,K46,K50:BK1'), endgame: { article: '6.3', plies: 4 } };
    const g = moves(newGame(pos), '1x18');
    expect(currentPosition(g).endgame).toEqual({ article: '6.4', plies: 0 });
    expect(outcomeAfter(g, 10)).toEqual(draw('endgame', '6.4'));
  });
  it('no draw rule applies with more material: 2 kings against 2 kings is counted by 6.2 only', () => {
    expect(currentPosition(game(international, kings)).endgame).toBeNull();
  });
  it('a caller may leave draw rules out on purpose', () => {
    const g = moves(game(international, 'W:WK47:BK4'), '47-42', '4-10', '42-47', '10-4', '47-42', '4-10', '42-47', '10-4');
    expect(outcome(g)).toEqual(draw('repetition', '6.1'));
    expect(outcome(g, { ignore: ['repetition'] })).toBeNull();
    expect(outcome(moves(g, '47-42', '4-10'), { ignore: ['repetition'] })).toEqual(draw('endgame', '6.4'));
    expect(outcome(moves(g, '47-42', '4-10'), { ignore: ['repetition', 'endgame'] })).toBeNull();
  });
});

describe('Game values', () => {
  it('playMove refuses a move that is not legal, and changes nothing', () => {
    const g = game(international, international.startFen);
    const illegal = move(position(international, 'W:W28'), '28-22');
    expect(playMove(g, illegal)).toEqual({ ok: false, error: 'illegal-move' });
    expect(g.moves).toEqual([]);
  });
  it('playMove returns a new game and leaves the old one as it was', () => {
    const g = game(international, international.startFen);
    const r = playMove(g, move(currentPosition(g), '32-28'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(g.moves).toHaveLength(0);
    expect(g.positions).toHaveLength(1);
    expect(g.repetitions.size).toBe(1);
    expect(r.game.moves).toHaveLength(1);
    expect(r.game.positions).toHaveLength(2);
    expect(r.game.start).toBe(g.start);
  });
  it('a man move or capture forgets the positions before it: they cannot come back', () => {
    const g = moves(game(international, 'W:WK47,36:BK4,15'), '47-42', '4-10', '36-31');
    expect([...g.repetitions.values()]).toEqual([1]);
  });
});

describe('Czech rules (seed 001): results, cl. 7', () => {
  it('cl. 7.2.3 the opponent has no pieces: W:Wc3:Bd4, c3xe5', () => {
    expect(outcome(moves(game(czech, 'W:Wc3:Bd4'), 'c3xe5'))).toEqual({ result: 'white', reason: 'no-pieces', article: '7.2.3' });
  });
  it('cl. 7.2.2 the side to move is blocked: W:Wa3,c3:Ba5, a3-b4', () => {
    expect(outcome(moves(game(czech, 'W:Wa3,c3:Ba5'), 'a3-b4'))).toEqual({ result: 'white', reason: 'no-moves', article: '7.2.2' });
  });
  it('cl. 7.2.1 resignation and cl. 7.3.1 agreement', () => {
    expect(outcome(resign(game(czech, czech.startFen), 'white'))).toEqual({ result: 'black', reason: 'resignation', article: '7.2.1' });
    expect(outcome(agreeDraw(game(czech, czech.startFen)))).toEqual(draw('agreement', '7.3.1'));
  });
});

describe('Czech rules (seed 001): draws, cl. 6', () => {
  const kings = 'W:WKa1,Kc1:BKh8,Kf8';
  const onMain = (pos: Position, color: 'white' | 'black'): boolean => {
    const sq = pos.board.findIndex((p) => p !== 0 && (p & (color === 'white' ? 1 : 2)) !== 0);
    return ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'].map((s) => parseSquare(czech, s)).includes(sq);
  };
  it('cl. 6.1 the same position a third time with the same side to move', () => {
    const cycle = ['c1-b2', 'f8-e7', 'b2-c1', 'e7-f8'];
    const g = moves(game(czech, kings), ...cycle, 'c1-b2', 'f8-e7', 'b2-c1');
    expect(outcome(g)).toBeNull();
    expect(outcome(moves(g, 'e7-f8'))).toEqual(draw('repetition', '6.1'));
  });
  it('cl. 6.2 15 moves without a man move or a capture (read as 15 each, 30 plies)', () => {
    expect(outcomeAfter(game(czech, kings), 30)).toEqual(draw('king-moves', '6.2'));
  });
  it('cl. 6.3 up to three kings against a king off the main diagonal: 15 further moves each', () => {
    const g = game(czech, 'W:WKa3,Kc1,Ke1:BKh4');
    expect(outcomeAfter(g, 30, { keep: (p) => !onMain(p, 'black') }, { ignore: ['king-moves'] })).toEqual(draw('endgame', '6.3'));
  });
  it('cl. 6.4 three kings against a king on the main diagonal: 5 further moves each', () => {
    const g = game(czech, 'W:WKa3,Kc1,Ke1:BKf6');
    expect(currentPosition(g).endgame).toEqual({ article: '6.4', plies: 0 });
    expect(outcomeAfter(g, 10, { keep: (p) => onMain(p, 'black') })).toEqual(draw('endgame', '6.4'));
  });
  it('cl. 6.4 two kings, or a king and a man, against a king: 5 further moves each', () => {
    expect(outcomeAfter(game(czech, 'W:WKa3,Kc1:BKh4'), 10)).toEqual(draw('endgame', '6.4'));
    expect(outcomeAfter(game(czech, 'W:WKa3,c3:BKh6'), 10)).toEqual(draw('endgame', '6.4'));
  });
  it('cl. 6.3 then 6.4: the lone king reaching the main diagonal does not lengthen the count', () => {
    const late = { ...position(czech, 'B:WKa3,Kc1,Ke1:BKh4'), endgame: { article: '6.3', plies: 26 } };
    const g = moves(newGame(late), 'h4-f6');
    expect(currentPosition(g).endgame).toEqual({ article: '6.4', plies: 7 });
    expect(outcomeAfter(g, 3, { keep: (p) => onMain(p, 'black') })).toEqual(draw('endgame', '6.4'));
    const early = { ...position(czech, 'B:WKa3,Kc1,Ke1:BKh4'), endgame: { article: '6.3', plies: 2 } };
    expect(currentPosition(moves(newGame(early), 'h4-f6')).endgame).toEqual({ article: '6.4', plies: 0 });
  });
});

describe('Standard Laws of Checkers (seed 004)', () => {
  const kings = 'B:WK29,K30:BK1,K2';
  it('law 23 a game is won when all the opponent\'s men are captured: B:W18:B14, 14x23', () => {
    expect(outcome(moves(game(english, 'B:W18:B14'), '14x23'))).toEqual({ result: 'black', reason: 'no-pieces', article: '23' });
  });
  it('law 23 ... or the opponent is rendered unable to move: W:W13,14:B5, 13-9', () => {
    expect(outcome(moves(game(english, 'W:W13,14:B5'), '13-9'))).toEqual({ result: 'white', reason: 'no-moves', article: '23' });
  });
  it('no automatic draw: repetition, king moves and endgames are not in the laws', () => {
    const cycle = ['1-5', '29-25', '5-1', '25-29'];
    expect(outcome(moves(game(english, kings), ...cycle, ...cycle, ...cycle))).toBeNull();
    expect(outcome(wander(game(english, 'B:WK29:BK1'), 120))).toBeNull();
  });
  it('law 22 the draw is claimed: without notice the game goes on', () => {
    expect(outcome(wander(game(english, kings), 100))).toBeNull();
  });
  it('law 22 after notice, 40 moves each without a win: a draw', () => {
    const g = giveNotice(game(english, kings));
    expect(g.notice).toEqual({ ply: 0, stronger: null });
    expect(outcomeAfter(g, 80)).toEqual(draw('forty-moves', '22'));
  });
  it('law 22 "within 40 of his own moves": the stronger side\'s 40th move ends it', () => {
    // Black is to move when notice is given: Black's 40th move is ply 79, White's ply 80.
    expect(outcomeAfter(giveNotice(game(english, kings), 'black'), 79)).toEqual(draw('forty-moves', '22'));
    expect(outcomeAfter(giveNotice(game(english, kings), 'white'), 80)).toEqual(draw('forty-moves', '22'));
  });
  it('law 22 a capture or a man move after notice does not start the count again', () => {
    const g = moves(giveNotice(game(english, 'B:WK29,K30,19:BK1,K2,15')), '15x24');
    expect(outcomeAfter(g, 79)).toEqual(draw('forty-moves', '22'));
  });
  it('law 22 a withdrawn notice (the umpire satisfied of "a decided advantage") ends the count', () => {
    const g = withdrawNotice(wander(giveNotice(game(english, kings)), 50));
    expect(g.notice).toBeNull();
    const renewed = giveNotice(g);
    expect(renewed.notice).toEqual({ ply: 50, stronger: null });
    expect(giveNotice(renewed, 'white')).toBe(renewed); // a second notice changes nothing
    expect(outcomeAfter(renewed, 80)).toEqual(draw('forty-moves', '22'));
  });
  it('law 22 notice has no effect under rules without a claimed draw (FMJD)', () => {
    const g = game(international, international.startFen);
    expect(giveNotice(g)).toBe(g);
  });
  it('resignation and agreement cite the articles of the variant\'s record', () => {
    expect(outcome(resign(game(english, english.startFen), 'black'))).toEqual({ result: 'white', reason: 'resignation', article: english.endings.resign });
    expect(outcome(agreeDraw(game(english, english.startFen)))).toEqual(draw('agreement', english.endings.drawAgreed));
  });
});

describe('Russian rules (russian.ts)', () => {
  const kings = 'W:WKa1,Kc1:BKh8,Kf8';
  it('wins and resignation cite the FMJD numbers (7.2.1-7.2.3)', () => {
    expect(outcome(moves(game(russian, 'W:Wc3:Bd4'), 'c3xe5'))).toEqual({ result: 'white', reason: 'no-pieces', article: '7.2.3' });
    expect(outcome(moves(game(russian, 'W:Wa3,c3:Ba5'), 'a3-b4'))).toEqual({ result: 'white', reason: 'no-moves', article: '7.2.2' });
    expect(outcome(resign(game(russian, russian.startFen), 'white'))).toEqual({ result: 'black', reason: 'resignation', article: '7.2.1' });
  });
  it('threefold repetition', () => {
    const cycle = ['c1-b2', 'f8-e7', 'b2-c1', 'e7-f8'];
    expect(outcome(moves(game(russian, kings), ...cycle, ...cycle))).toEqual(draw('repetition', 'FSR threefold repetition'));
  });
  it('15 moves each with only kings moved and no capture', () => {
    expect(outcomeAfter(game(russian, kings), 30)).toEqual(draw('king-moves', 'FSR 15 king moves'));
  });
  it('three kings against one king: 15 moves each (met at the same ply as the king-move count)', () => {
    const g = game(russian, 'W:WKa3,Kc1,Ke1:BKh4');
    expect(outcomeAfter(g, 30, {}, { ignore: ['king-moves'] })).toEqual(draw('endgame', 'FSR three kings against one'));
    expect(outcome(wander(g, 30))).toEqual(draw('king-moves', 'FSR 15 king moves'));
  });
  it('two kings against one king has no endgame rule', () => {
    expect(currentPosition(game(russian, 'W:WKa3,Kc1:BKh4')).endgame).toBeNull();
  });
});

describe('Brazilian rules (the FMJD rules on 8x8)', () => {
  const kings = 'W:WKa1,Kc1:BKh8,Kf8';
  it('7.2.3 and 7.2.2', () => {
    expect(outcome(moves(game(brazilian, 'W:Wc3:Bd4'), 'c3xe5'))).toEqual({ result: 'white', reason: 'no-pieces', article: '7.2.3' });
    expect(outcome(moves(game(brazilian, 'W:Wa3,c3:Ba5'), 'a3-b4'))).toEqual({ result: 'white', reason: 'no-moves', article: '7.2.2' });
  });
  it('6.1 threefold repetition', () => {
    const cycle = ['c1-b2', 'f8-e7', 'b2-c1', 'e7-f8'];
    expect(outcome(moves(game(brazilian, kings), ...cycle, ...cycle))).toEqual(draw('repetition', '6.1'));
  });
  it('6.2 25 king moves each', () => {
    expect(outcomeAfter(game(brazilian, kings), 50)).toEqual(draw('king-moves', '6.2'));
  });
  it('6.3 three kings against one: 16 moves each; 6.4 two kings against one: 5 moves each', () => {
    expect(outcomeAfter(game(brazilian, 'W:WKa3,Kc1,Ke1:BKh4'), 32)).toEqual(draw('endgame', '6.3'));
    expect(outcomeAfter(game(brazilian, 'W:WKa3,Kc1:BKh4'), 10)).toEqual(draw('endgame', '6.4'));
  });
});

describe('the wander helper itself', () => {
  it('plays only quiet, new positions', () => {
    const g = wander(game(international, 'W:WK46,K50:BK1,K5'), 20, kingsOnly);
    expect(g.moves.every((m) => m.captured.length === 0)).toBe(true);
    expect(new Set(g.positions.map(positionKey)).size).toBe(21);
  });
});
