// The duplicates rule: the same moves, players and date are one game; a short game must also
// share its event, round and site; other players or another date are another game.
import { describe, expect, it } from 'vitest';
import { readPdn } from '../../rules/index.ts';
import { SHORT_GAME, gameId, gameIdentity, sameDate, sameGame, sameLongMoves } from './identity.ts';
import { playerName } from './names.ts';

const LONG = '1. 34-29 17-22 2. 32-28 11-17 3. 37-32 6-11 4. 41-37 19-23 5. 28x19 14x34 6. 39x30 13-19';
const SHORT = '1. 34-29 17-22 2. 32-28 11-17';

function id(tags: Record<string, string>, moves: string) {
  const text = `${Object.entries(tags).map(([k, v]) => `[${k} "${v}"]\n`).join('')}\n${moves} *\n`;
  const g = readPdn(text).games[0];
  expect(g.error).toBeNull();
  return gameIdentity(g, playerName(tags.White).key, playerName(tags.Black).key);
}

const nk = { Event: 'NK', Site: 'Huissen', Date: '2009.04.08', Round: '1', White: 'Derkx,B.', Black: 'Meijer,Hein' };

describe('the duplicates rule', () => {
  it('counts the plies of the main line', () => {
    expect(id(nk, LONG).plies).toBe(12);
    expect(id(nk, SHORT).plies).toBeLessThan(SHORT_GAME);
  });

  it('takes the same moves and players, however written, for one game', () => {
    const other = { ...nk, Event: 'NK 2009', Site: '?', White: 'DERKX, B', Black: 'Meijer, Hein' };
    expect(sameGame(id(nk, LONG), id(other, LONG.replace('39x30', '40x29')))).toBe(false);
    expect(sameGame(id(nk, LONG), id(other, LONG))).toBe(true);
    expect(gameId(id(nk, LONG))).toBe(gameId(id(nk, LONG)));
  });

  it('gives the ids archives already hold: hashes of the moves and of the identity (SHA-256)', () => {
    const game = id({ ...nk, White: 'Блиндер Б.' }, LONG);
    expect(game.moves).toBe('d89922acaa79902e9601faf95a784de4');
    expect(gameId(game)).toBe('fcfcd60b380d');
  });

  it('tells other players, another date and other moves apart', () => {
    expect(sameGame(id(nk, LONG), id({ ...nk, White: 'Dirkx, B.' }, LONG))).toBe(false);
    expect(sameGame(id(nk, LONG), id({ ...nk, Date: '2009.04.09' }, LONG))).toBe(false);
    expect(sameGame(id(nk, LONG), id({ ...nk, Date: '2009.??.??' }, LONG))).toBe(true);
    expect(sameGame(id(nk, LONG), id(nk, `${LONG} 7. 44-39`))).toBe(false);
    expect(sameLongMoves(id(nk, LONG), id({ ...nk, White: 'Dirkx, B.' }, LONG))).toBe(true);
    expect(gameId(id(nk, LONG))).not.toBe(gameId(id({ ...nk, White: 'Dirkx, B.' }, LONG)));
  });

  it('takes a short game for the same only in the same event, round and site', () => {
    expect(sameGame(id(nk, SHORT), id({ ...nk, White: 'B. Derkx' }, SHORT))).toBe(true);
    expect(sameGame(id(nk, SHORT), id({ ...nk, Round: '2' }, SHORT))).toBe(false);
    expect(sameGame(id(nk, SHORT), id({ ...nk, Event: 'Open' }, SHORT))).toBe(false);
    expect(sameGame(id(nk, SHORT), id({ ...nk, Site: 'https://lidraughts.org/abc' }, SHORT))).toBe(false);
    expect(sameGame(id(nk, ''), id({ ...nk, Round: '2' }, ''))).toBe(false);
    expect(sameLongMoves(id(nk, SHORT), id({ ...nk, White: 'X' }, SHORT))).toBe(false);
  });

  it('compares the parts of dates known in both', () => {
    expect(sameDate('2009.04.08', '2009.04.08')).toBe(true);
    expect(sameDate('2009.??.??', '2009.04.08')).toBe(true);
    expect(sameDate('????.??.??', '1950.01.01')).toBe(true);
    expect(sameDate('2009.04.08', '2009.04.09')).toBe(false);
    expect(sameDate('1950.??.??', '1951.??.??')).toBe(false);
  });
});
