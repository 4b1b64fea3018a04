// `dambord pdn check --suggest` and `--json` on a real game (the first of "nk ronde 01.pdn", the
// Dutch championship 2009) with slips typed into its text, on a plain typed list of moves, and
// the JSON line contract of issue 16.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

const nk = readFileSync(new URL('../../test/fixtures/oracles/games/nk ronde 01.pdn', import.meta.url), 'latin1').replace(/\r\n/g, '\n');
/** The first game of the file, comments and variations taken out: tags, then `1. 34-29 17-22 2. ...`. */
const game = (() => {
  const first = nk.slice(0, nk.indexOf('[Event', 10));
  const tags = first.slice(0, first.indexOf('\n\n') + 1);
  let moves = first.slice(tags.length);
  while (/\([^()]*\)/.test(moves)) moves = moves.replace(/\([^()]*\)/g, ' ');
  return { tags, moves: moves.replace(/\{[^}]*\}/g, ' ').replace(/\s+/g, ' ').trim() };
})();

/** The moves as written, without numbers and the result (the last word). */
const plies = game.moves.split(' ').slice(0, -1).filter((t) => /^\d+[-x]\d+$/.test(t));

/** The game with the move at `ply` (from 1) written `text` (or left out, or written twice). */
function typed(ply: number, edit: (move: string) => string[]): string {
  const list = plies.flatMap((m, k) => (k === ply - 1 ? edit(m) : [m]));
  return `${game.tags}\n${list.join(' ')} 1-0\n`;
}

interface SlipLine {
  type: string;
  game: number;
  ply: number;
  written: string;
  candidates: ({ ply: number; why?: string } & ({ replace: string } | { insert: string } | { delete: true }))[];
}

async function json(text: string): Promise<SlipLine[]> {
  const r = await cli(['pdn', 'check', '--json', '-'], text);
  expect(r.stderr).toMatch(/games?: \d+ ok/);
  return r.stdout.trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as SlipLine);
}

describe('dambord pdn check --json: one line per game that cannot be replayed as written', () => {
  it('a digit swapped (ply 17, 32-28 written 23-28): the slip line names the ply, what was written, and the true move first', async () => {
    expect(plies[16]).toBe('32-28');
    const lines = await json(typed(17, () => ['23-28']));
    expect(lines).toHaveLength(1);
    const [l] = lines;
    expect(l).toMatchObject({ type: 'slip', game: 1, ply: 17, written: '23-28' });
    expect(l.candidates[0]).toMatchObject({ ply: 17, replace: '32-28' });
    expect(l.candidates.length).toBeGreaterThan(0);
    expect(l.candidates.length).toBeLessThanOrEqual(10);
    for (const c of l.candidates) expect(['replace' in c, 'insert' in c, 'delete' in c].filter(Boolean)).toHaveLength(1);
  });

  it('game counted from 1 in the file: the good game first gives no line, the second its slip', async () => {
    const good = `${game.tags}\n${plies.join(' ')} 1-0\n\n`;
    const lines = await json(good + typed(40, (m) => [m.split('-').reverse().join('-')]));
    expect(lines.map((l) => [l.type, l.game, l.ply])).toEqual([['slip', 2, 40]]);
    expect(lines[0].candidates[0]).toMatchObject({ ply: 40, replace: plies[39] });
  });

  it('a move left out (ply 30): the move to put in before the other side\'s', async () => {
    const [l] = await json(typed(30, () => []));
    expect(l.ply).toBe(30);
    expect(l.candidates.slice(0, 3)).toContainEqual(expect.objectContaining({ ply: 30, insert: plies[29] }));
  });

  it('a move written twice (ply 22): the second one is to go', async () => {
    const [l] = await json(typed(22, (m) => [m, m]));
    expect(l.ply).toBe(23);
    expect(l.candidates[0]).toMatchObject({ ply: 23, delete: true });
  });
});

describe('dambord pdn check --suggest, for people', () => {
  it('names the place, the ply and the candidates best first, and exits 1', async () => {
    const r = await cli(['pdn', 'check', '--suggest', '-'], typed(17, () => ['23-28']));
    expect(r.code).toBe(EXIT.checkFailed);
    expect(r.stdout).toMatch(/^<stdin>:\d+:\d+: game 1 \(Derkx,B\. - Meijer,Hein, nk\): ply 17 23-28 cannot be played \(international\); most likely meant:\n {2}1\. ply 17: 32-28 for 23-28 \(23 for 32, digits swapped\)\n/m);
  });

  it('a plain typed list with the forced captures left out reads as the game, and says which were put in', async () => {
    // 28x19 is white's only move; black then has two captures (14x23, 13x24), so the writer wrote black's.
    const list = '1. 32-28 19-23 2. 14x23 33-29\n';
    const r = await cli(['pdn', 'check', '--suggest', '-'], list);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toContain('forced captures left out, read as the writer meant them: 28x19 at ply 3');
    expect(r.stdout).toContain('OK as read, 5 plies, international');
    const lines = (await cli(['pdn', 'check', '--json', '-'], list)).stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(lines).toEqual([{ type: 'filled', game: 1, candidates: [{ ply: 3, insert: '28x19', why: 'a forced capture left out' }] }]);
  });

  it('a word that is not a move (1O-14, a letter O for a zero) is checked like any slip, and the moves after it too', async () => {
    const list = '1. 32-28 19-23 2. 28x19 14x23 3. 37-32 1O-14 4. 41-37 5-1O 5. 46-41\n';
    const r = await cli(['pdn', 'check', '--suggest', '-'], list);
    expect(r.stdout).toContain('<stdin>:1:40: game 1 (? - ?, ?): ply 6 1O-14 cannot be played (international); most likely meant:\n  1. ply 6: 10-14 for 1O-14 (1O for 10, a letter typed for a digit)\n');
    // The next slip, found with the first one's best candidate taken as right.
    expect(r.stdout).toContain('  then, if that is right: 1:55: ply 8 5-1O cannot be played; most likely:\n    1. ply 8: 5-10 for 5-1O (1O for 10, a letter typed for a digit)\n');
    const [l] = await json(list);
    expect(l).toMatchObject({ type: 'slip', game: 1, ply: 6, written: '1O-14' });
  });

  it('a sheet of a file whose other games are Czech is read as Czech where the moves do not tell (mrcd2006, game 1, ply 17 e3-f4 typed e3-f5)', async () => {
    const mrcd = readFileSync(new URL('../../test/fixtures/oracles/games/mrcd2006.pdn', import.meta.url), 'latin1');
    const slipped = mrcd.replace('9. e3-f4 e5-d4', '9. e3-f5 e5-d4');
    expect(slipped).not.toBe(mrcd);
    const inFile = await cli(['pdn', 'check', '--suggest', '-'], slipped);
    expect(inFile.stdout.split('\n').slice(0, 2)).toEqual([
      '<stdin>:14:55: game 1 (Baldangotov,B. - Bajusz,O., m-CR-q): ply 17 e3-f5 cannot be played (czech (guessed)); most likely meant:',
      '  1. ply 17: e3-f4 for e3-f5 (f5 for f4, a rank off)',
    ]);
    // Alone, its moves legal in Russian, Brazilian and Czech alike, it is read as the first of them.
    const alone = await cli(['pdn', 'check', '--suggest', '-'], slipped.slice(0, slipped.indexOf('[Event', 10)));
    expect(alone.stdout).toContain('cannot be played (russian (guessed))');
  });

  it('without --suggest, pdn check stops at the first illegal move as before', async () => {
    const r = await cli(['pdn', 'check', '-'], typed(17, () => ['23-28']));
    expect(r.stdout).toMatch(/ERROR move 23-28: "23-28" is not a legal move for white/);
  });
});
