// The evaluation, tested by what it encodes: positions are written from the rulebooks' articles
// and the draughts literature's ideas (FENs by hand), and random games of the rules core (moves
// picked by a seeded generator, not by our engine) for the symmetry.
import { describe, expect, it } from 'vitest';
import { BLACK, KING, WHITE, brazilian, czech, english, international, parseFen, russian, variants } from '../rules/index.ts';
import type { Position, Variant } from '../rules/index.ts';
import { evaluator } from './evaluate.ts';
import { randomPositions } from './testing/randomPositions.ts';

/** The position of `fen`, which must be valid. */
function at(v: Variant, fen: string): Position {
  const r = parseFen(v, fen);
  if (!r.ok) throw new Error(`${fen}: ${r.error.reason}`);
  return r.position;
}

/** The evaluation of `fen` for the side to move. */
function score(v: Variant, fen: string): number {
  const pos = at(v, fen);
  return evaluator(v)(pos.board, pos.turn === 'white' ? WHITE : BLACK);
}

/** The board turned half a turn with the colours swapped: square i becomes squares-1-i. */
function mirror(board: Uint8Array): Uint8Array {
  const out = new Uint8Array(board.length);
  for (let i = 0; i < board.length; i++) {
    const p = board[i];
    out[board.length - 1 - i] = p === 0 ? 0 : (p & KING) | (p & WHITE ? BLACK : WHITE);
  }
  return out;
}

describe('symmetry', () => {
  for (const v of Object.values(variants)) {
    it(`${v.name}: a position and its mirror with the colours and the turn swapped score the same for the side to move`, () => {
      const evaluate = evaluator(v);
      let checked = 0;
      for (const pos of randomPositions(v, 12, 30 + v.gameType)) {
        const turn = pos.turn === 'white' ? WHITE : BLACK;
        const a = evaluate(pos.board, turn);
        const b = evaluate(mirror(pos.board), turn === WHITE ? BLACK : WHITE);
        if (a !== b) expect({ board: Array.from(pos.board), a }).toEqual({ board: Array.from(pos.board), a: b });
        // The same side to move in both: the mirror scores the opposite (issue 30).
        const c = evaluate(mirror(pos.board), turn);
        if (c !== 0 - a) expect({ board: Array.from(pos.board), mirrored: c }).toEqual({ board: Array.from(pos.board), mirrored: 0 - a });
        checked++;
      }
      expect(checked).toBeGreaterThan(500);
    });
  }
});

describe('material dominates', () => {
  for (const v of Object.values(variants)) {
    it(`${v.name}: taking away one of the opponent's men in the middle game gains at least half a man`, () => {
      const evaluate = evaluator(v);
      for (const pos of randomPositions(v, 6, 7 + v.gameType)) {
        const own = pos.turn === 'white' ? WHITE : BLACK;
        const foe = own === WHITE ? BLACK : WHITE;
        let ownCount = 0;
        let foeCount = 0;
        for (const p of pos.board) if (p & own) ownCount++;
        else if (p & foe) foeCount++;
        if (ownCount < 7 || foeCount < 7) continue;
        const before = evaluate(pos.board, own);
        for (let i = 0; i < pos.board.length; i++) {
          if (pos.board[i] !== foe) continue;
          const board = pos.board.slice();
          board[i] = 0;
          expect(evaluate(board, own) - before).toBeGreaterThanOrEqual(50);
        }
      }
    });
  }
});

describe('runaway men', () => {
  it('international: a man on 8 with the crown free and no black piece able to reach its path scores more than one blocked by men on 2 and 3', () => {
    // White's men on 12 and 13 cover 8 from behind, so neither black man can take it (FMJD 4.1).
    const free = score(international, 'W:W8,12,13:B16,20');
    const blocked = score(international, 'W:W8,12,13:B2,3');
    expect(free - blocked).toBeGreaterThan(100);
  });

  it('FMJD 4.1 / Czech cl. 4.1: where men capture backwards, a man level with a runner two files away stops it; where they capture forward only, it does not', () => {
    // White's man on 10 (d6) and Black's on 11 (f6), the same row: after 10-7 (e7) Black takes
    // it backwards, 11x2, where men capture backwards.
    const fen = 'W:W10,29:B11,4';
    const forwardOnly: Variant = { ...brazilian, menCaptureBackwards: false };
    expect(score(forwardOnly, fen)).toBeGreaterThan(score(brazilian, fen) + 40);
  });
});

describe('dead draws score 0', () => {
  const cases: [Variant, string, string][] = [
    [international, 'W:WK46:BK5', 'one king against one king'],
    [international, 'W:WK46,K47:BK5', 'FMJD 6.4: two kings against one king'],
    [international, 'B:WK46,36:BK5', 'FMJD 6.4: a king and a man against one king'],
    [international, 'W:WK46,K47,K48:BK5', 'FMJD 6.3: three kings against one king'],
    [international, 'W:WK46,36,37:BK5', 'FMJD 6.3: a king and two men against one king'],
    [russian, 'W:WK29,K30:BK4', 'two kings against one king on 8x8'],
    [czech, 'W:WK1,K2:BK21', 'Czech cl. 6.4: two kings against a king'],
    [russian, 'W:WK1,K2,K3:BK22', 'three kings against a king holding the long diagonal (Czech cl. 6.4)'],
    [czech, 'B:WK1,K2,K3:BK15', 'Czech cl. 6.4: up to three kings against a king on the main diagonal'],
    [english, 'W:WK18:BK1', 'one short king against one'],
  ];
  for (const [v, fen, what] of cases) {
    it(`${v.name} ${fen}: ${what}`, () => {
      expect(score(v, fen)).toBe(0);
    });
  }
});

describe('endings the stronger side cannot win by material', () => {
  it('international: three kings against two kings (a king more, but FMJD 6.3 would draw the ending with one of them gone) count well under half a king', () => {
    const value = score(international, 'W:WK46,K47,K48:BK5,K1');
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThan(150);
  });

  it('international: two kings against three men are ahead, and not scaled as if the men held them', () => {
    expect(score(international, 'B:W36,37,38:BK5,K1')).toBeGreaterThan(300);
  });
});

describe('trading down when ahead', () => {
  it('English: the same man more (on 31) counts more with fewer pieces left, so the side ahead exchanges', () => {
    // The men added to the fuller board stand in mirrored pairs (21-24 against 9-12), which cancel.
    const few = score(english, 'W:W26,27,31:B6,7');
    const many = score(english, 'W:W21,22,23,24,26,27,31:B6,7,9,10,11,12');
    expect(few - many).toBeGreaterThanOrEqual(10);
  });
});

describe('won endings are not scored as draws', () => {
  it('Standard Laws 14: two short kings beat one, so English 2 kings against 1 is not 0', () => {
    expect(score(english, 'W:WK18,K19:BK1')).toBeGreaterThan(100);
    expect(score(english, 'B:WK18,K19:BK1')).toBeLessThan(-100);
  });

  it('English: the lone king is harder to catch in the double corner (32) than in the single corner (29)', () => {
    expect(score(english, 'W:WK18,K19:BK29')).toBeGreaterThan(score(english, 'W:WK18,K19:BK32'));
  });

  it('Russian: three kings against a king off the long diagonal win (Petrov\'s triangle): scored for White, more than on it', () => {
    expect(score(russian, 'W:WK1,K2,K3:BK21')).toBeGreaterThan(score(russian, 'W:WK1,K2,K3:BK22') + 300);
  });
});

describe('each family\'s own terms', () => {
  it('Standard Laws 14 against FMJD 3.9: a short king is worth less than a flying king', () => {
    const fen = 'W:WK14,30,31:B2,3,4';
    const flying: Variant = { ...english, flyingKings: true };
    expect(score(flying, fen) - score(english, fen)).toBeGreaterThan(60);
  });

  it('international: a king is worth about three men', () => {
    const kingUp = score(international, 'W:WK28,46,47,48:B1,2,3,4,5');
    expect(kingUp).toBeGreaterThan(120);
    expect(kingUp).toBeLessThan(320);
  });

  it('Czech cl. 4.14: a king whose capture has priority counts more than under free choice', () => {
    const fen = 'W:WK18,29,30:B1,2,3';
    const free: Variant = { ...czech, captureChoice: 'free' };
    expect(score(czech, fen)).toBeGreaterThan(score(free, fen) + 20);
  });

  it('Russian (continue-as-king) against Standard Laws 13 (stop): a man one row from the crown is a greater threat where it crowns mid-capture', () => {
    const fen = 'W:W6,29:BK32,1';
    const stop: Variant = { ...russian, promotionInCapture: 'stop' };
    const passThrough: Variant = { ...russian, promotionInCapture: 'pass-through' };
    expect(score(russian, fen)).toBeGreaterThan(score(passThrough, fen));
    expect(score(passThrough, fen)).toBeGreaterThan(score(stop, fen));
  });

  it('English: the bridge (White\'s men on 30 and 32) counts while Black has men', () => {
    expect(score(english, 'W:W30,32,21:B1,3,12')).toBe(0);
    expect(score(english, 'W:W30,32,21:B1,2,12')).toBeGreaterThan(score(english, 'W:W29,32,21:B1,2,12'));
  });

  it('international: the outpost on 24 held by 29 and 30 scores more than the same man unsupported', () => {
    expect(score(international, 'W:W24,29,30:B1,2,3')).toBeGreaterThan(score(international, 'W:W24,33,34:B1,2,3'));
  });

  it('flying kings: a king with open diagonals scores more than one shut in a corner (mobility)', () => {
    expect(score(international, 'W:WK28,47:B1,2')).toBeGreaterThan(score(international, 'W:WK46,47:B1,2'));
  });
});
