// The draw rules inside the search, by article: positions where the rule, and only the rule,
// makes the result a draw (the material says otherwise), and where holding it takes the right move.
import { describe, expect, it } from 'vitest';
import { currentPosition, giveNotice, legalMoves, newGame, play, playMove, variants } from '../rules/index.ts';
import type { Game } from '../rules/index.ts';
import { game, move, numbers, position, think } from './testing/games.ts';

const { international, english } = variants;

describe('FMJD 6.1: repetition', () => {
  // White, a king and a blocked man against two kings and two men, has shuffled 46-41 1-6 41-46
  // 6-1; playing 46-41 again brings back a position that occurred before (the side behind takes
  // the repetition), any other move leaves White two pieces down.
  const shuffled = () => game(international, 'W:WK46,36:BK1,K2,31,27', '46-41', '1-6', '41-46', '6-1');

  it('the side behind repeats the position: 46-41, a draw', () => {
    const r = think(shuffled(), { depth: 4 });
    expect(numbers(r.best)).toBe('46-41');
    expect(r.score).toEqual({ kind: 'men', value: 0 });
  });

  it('without the history the same position is no draw', () => {
    const r = think(game(international, 'W:WK46,36:BK1,K2,31,27'), { depth: 4 });
    expect(r.score.kind === 'men' && r.score.value < -0.5).toBe(true);
  });
});

describe('FMJD 6.2: king moves', () => {
  // Two white kings against five black kings, kings only for 49 plies: any move of White's ends
  // the 50th ply, and the game is drawn before Black can take anything.
  const kings = (plies: number): Game => newGame({ ...position(international, 'W:WK46,K45:BK1,K2,K3,K4,K5'), kingMovePlies: plies });

  it('at 49 plies, a draw whatever White plays', () => {
    expect(think(kings(49), { depth: 4 }).score).toEqual({ kind: 'men', value: 0 });
  });

  it('at 0 plies, White is lost on material', () => {
    const r = think(kings(0), { depth: 4 });
    expect(r.score.kind === 'loss' || (r.score.kind === 'men' && r.score.value < -1)).toBe(true);
  });
});

describe('FMJD 6.3: sixteen moves for three kings against one', () => {
  // Three black kings against the white king on 28, 30 of the 32 plies gone: White must keep its
  // king for one more move. Only 28-6 and 28-46 leave it where no black king can take it
  // (every other square lies on a black king's line with a free square behind).
  const late = newGame({ ...position(international, 'W:WK28:BK1,K5,K50'), endgame: { article: '6.3', plies: 30 } });

  it('the lone king holds the last move: a safe square, and a draw', () => {
    const r = think(late, { depth: 5 });
    expect(['28-6', '28-46']).toContain(numbers(r.best));
    expect(r.score).toEqual({ kind: 'men', value: 0 });
    const after = play(currentPosition(late), r.best!);
    expect(legalMoves(after).every((m) => m.captured.length === 0)).toBe(true);
  });
});

describe('Standard Laws 22: forty moves after notice', () => {
  // Two white kings against one black king; notice given, then kings shuffled for 78 plies: White
  // has one move left of its forty and cannot take the black king with it.
  function shuffledAfterNotice(): Game {
    let g = giveNotice(newGame(position(english, 'W:WK29,K32:BK1')), null);
    const cycle = ['29-25', '1-5', '25-29', '5-1'];
    for (let ply = 0; ply < 78; ply++) {
      const r = playMove(g, move(currentPosition(g), cycle[ply % 4]));
      if (!r.ok) throw new Error(r.error);
      g = r.game;
    }
    return g;
  }

  it('with the count nearly run out, two kings against one are a draw', () => {
    expect(think(shuffledAfterNotice(), { depth: 6 }).score).toEqual({ kind: 'men', value: 0 });
  });

  it('without notice the same kings are ahead', () => {
    const r = think(game(english, 'W:WK25,K32:BK5'), { depth: 6 });
    expect(r.score.kind === 'win' || (r.score.kind === 'men' && r.score.value > 1)).toBe(true);
  });
});
