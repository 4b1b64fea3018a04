// `dambord pdn compare`: white's and black's sheets of a real game (the first of "nk ronde
// 01.pdn"), one with a digit swapped and a move left out; and a typed sheet against the journal
// the real referee writes for a game played on the board.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJournal } from '../journal/journal.ts';
import { gameJournal } from '../journal/testing/game.ts';
import { EXIT } from './command.ts';
import { runCliBuffered as cli } from './testing.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'dambord-compare-'));
const nk = readFileSync(new URL('../../test/fixtures/oracles/games/nk ronde 01.pdn', import.meta.url), 'latin1').replace(/\r\n/g, '\n');
const first = nk.slice(0, nk.indexOf('[Event', 10));
const tags = first.slice(0, first.indexOf('\n\n') + 1);
let text = first.slice(tags.length);
while (/\([^()]*\)/.test(text)) text = text.replace(/\([^()]*\)/g, ' ');
const moves = text.replace(/\{[^}]*\}/g, ' ').trim().split(/\s+/).slice(0, -1).filter((t) => /^\d+[-x]\d+$/.test(t));

function sheet(name: string, list: readonly string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${tags}\n${list.join(' ')} 1-0\n`);
  return file;
}

describe('dambord pdn compare', () => {
  const white = sheet('white.pdn', moves);
  // Black's sheet: ply 21 (31-26) written 31-62, ply 61 (48-42) left out.
  expect(moves[20]).toBe('31-26');
  const black = sheet('black.pdn', moves.flatMap((m, k) => (k === 20 ? ['31-62'] : k === 60 ? [] : [m])));

  it('names the first divergence and each difference once, a move left out as one', async () => {
    const r = await cli(['pdn', 'compare', white, black]);
    expect(r.code).toBe(EXIT.checkFailed);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`first divergence: ply 21: ${white} has 31-26, ${black} has 31-62`);
    expect(lines[1]).toBe('2 differences:');
    expect(lines[3]).toBe(`  ply 61: 48-42 only in ${white}`);
    expect(r.stdout).toContain(`${white}: reads as a legal game, 117 plies`);
    expect(r.stdout).toContain(`${black}: breaks at ply 21, 31-62 cannot be played; most likely meant:\n  1. ply 21: 31-26 for 31-62 (62 for 26, digits swapped)`);
  });

  it('--json gives the same as one object', async () => {
    const r = await cli(['pdn', 'compare', '--json', white, black]);
    const j = JSON.parse(r.stdout) as { first: unknown; differences: unknown[]; a: unknown; b: unknown };
    expect(j.first).toEqual({ kind: 'differ', plyA: 21, plyB: 21, a: '31-26', b: '31-62' });
    expect(j.differences).toHaveLength(2);
    expect(j.a).toEqual({ reads: true, plies: 117 });
    expect(j.b).toEqual({ reads: false, ply: 21, written: '31-62' });
  });

  it('a sheet and the board\'s journal: agree when the moves are the same however written', async () => {
    const g = gameJournal();
    const file = path.join(dir, 'board.journal');
    const j = openJournal(file, g.header);
    j.appendBatch(g.entries);
    j.close();
    const typed = path.join(dir, 'typed.pdn');
    writeFileSync(typed, '1. 32-28 19-23 2. 28-19 14-23 *\n');
    const same = await cli(['pdn', 'compare', typed, file]);
    expect(same.stdout).toContain('agree: 4 plies');
    expect(same.code).toBe(EXIT.ok);
    writeFileSync(typed, '1. 32-28 19-23 2. 28x19 13x24 *\n');
    const other = await cli(['pdn', 'compare', typed, file]);
    expect(other.stdout).toContain(`first divergence: ply 4: ${typed} has 13x24, ${file} has 14x23`);
  });

  it('a game that is not in the file, and a file that is not there: said, exit 2 and 3', async () => {
    const absent = await cli(['pdn', 'compare', white, `${black}#3`]);
    expect(absent.stderr).toContain(`${black} has only 1 game: there is no game 3`);
    expect(absent.code).toBe(EXIT.usage);
    const missing = await cli(['pdn', 'compare', white, path.join(dir, 'nothing.pdn')]);
    expect(missing.code).toBe(EXIT.io);
  });
});
