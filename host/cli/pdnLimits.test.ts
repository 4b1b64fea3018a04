// `dambord pdn check`, `dambord pdn convert` and `dambord script` on hostile PDN (hardening
// issue): variations nested 100,000 deep and a comment of a million words are read and
// written, not a stack overflow; time grows linearly with the input, and pdn check holds one
// game at a time, not the whole file's games.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPdn } from '../../rules/index.ts';
import { longComment, nestedVariations } from '../../rules/pdn/testing/hostile.ts';
import { growth } from '../../test/growth.ts';
import { largePdnFile, pdnCheckPeak } from '../../test/pdnMemory.ts';
import { EXIT } from './command.ts';
import { readInput } from './input.ts';
import { runCliBuffered as cli } from './testing.ts';

describe('variations nested deep', () => {
  it.each([2_000, 100_000])('%i levels: pdn check, pdn convert and script read the game', async (depth) => {
    const text = nestedVariations(depth, '19-23');
    const check = await cli(['pdn', 'check', '-'], text);
    expect(check).toEqual({ code: EXIT.ok, stdout: '<stdin>:1: game 1 (? - ?, deep): OK, 1 move (2 plies), international\n1 game: 1 ok, 0 with errors\n', stderr: '' });
    const convert = await cli(['pdn', 'convert', '-'], text);
    expect({ code: convert.code, stderr: convert.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
    expect(convert.stdout.split('(').length - 1).toBe(depth);
    expect(readPdn(convert.stdout).games.map((g) => [g.error, g.line.length])).toEqual([[null, 2]]);
    const script = await cli(['script', '-'], text);
    expect({ code: script.code, stderr: script.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
    expect(script.stdout).toContain('lift 19');
  });
});

describe('huge comments', () => {
  it('a comment of a million words is converted whole', async () => {
    const comment = longComment(1_000_000);
    const r = await cli(['pdn', 'convert', '-'], `1. 32-28 {${comment}} *\n`);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: EXIT.ok, stderr: '' });
    const ply = readPdn(r.stdout).games[0].line[0];
    expect(ply.kind === 'ply' && ply.comments).toEqual([comment]);
  });
});

describe('time linear in the input', () => {
  // pdn convert compared each tag with every tag written (40,000 tags took 5.9 s): four times
  // the tags must take about four times as long, not sixteen.
  it('pdn convert of a game with many tags', async () => {
    const game = (n: number) => `${Array.from({ length: n }, (_, k) => `[Tag${k} "value ${k}"]\n`).join('')}1. 32-28 *\n`;
    const g = await growth(game, async (text) => expect((await cli(['pdn', 'convert', '-'], text)).code).toBe(EXIT.ok), 5_000);
    expect(g.ratio, JSON.stringify(g)).toBeLessThan(10);
  });
});

describe('memory', () => {
  // pdn check held every game of the file replayed, about 65 times the file (a 20 MB file took
  // 1.3 GB); it holds one game at a time and what it prints.
  it('pdn check of a 20 MB file peaks under 400 MB', () => {
    const { file, games, remove } = largePdnFile(20e6);
    let r: ReturnType<typeof pdnCheckPeak>;
    try {
      r = pdnCheckPeak(file);
    } finally {
      remove();
    }
    expect(r.stdout.trimEnd().split('\n').pop()).toBe(`${games} games: ${games} ok, 0 with errors`);
    expect(r.code).toBe(EXIT.ok);
    expect(r.maxRss / 1e6).toBeLessThan(400);
  });
});

describe('input it cannot hold (issue 26, finding 10)', () => {
  it('a file larger than the longest text Node holds is refused by its size, unread: exit 3, the file and the limit named', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dambord-pdn-huge-'));
    const file = path.join(dir, 'huge.pdn');
    try {
      // 560 MB without a byte on disk: a sparse file.
      writeFileSync(file, '');
      truncateSync(file, 560 * 2 ** 20);
      const r = await cli(['pdn', 'check', file]);
      expect(r).toEqual({ code: EXIT.io, stdout: '0 games: 0 ok, 0 with errors; 1 file could not be read\n', stderr: `dambord pdn check: cannot read ${file}: it has 560 MB, more than the 512 MB a text file may have\n` });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync('/dev/zero'))('a device (/dev/zero) is refused unread: exit 3', async () => {
    const r = await cli(['pdn', 'check', '/dev/zero']);
    expect(r.code).toBe(EXIT.io);
    expect(r.stderr).toBe('dambord pdn check: cannot read /dev/zero: it is a character device, not a file\n');
  });

  it('standard input and a FIFO are read up to the limit, then refused', async () => {
    expect(await readInput('-', { stdin: Readable.from([Buffer.alloc(700), Buffer.alloc(700)]), stdout: process.stdout, stderr: process.stderr }, 1000)).toEqual({ ok: false, error: 'cannot read standard input: it has more than the 1000 bytes a text file may have' });
    const dir = mkdtempSync(path.join(tmpdir(), 'dambord-pdn-fifo-'));
    const fifo = path.join(dir, 'fifo');
    try {
      execFileSync('mkfifo', [fifo]);
      const writer = spawn('sh', ['-c', `head -c 5000 /dev/zero > '${fifo}'`]);
      await expect(readInput(fifo, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }, 1000)).resolves.toEqual({ ok: false, error: `cannot read ${fifo}: it has more than the 1000 bytes a text file may have` });
      writer.kill();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('text files in UTF-16', () => {
  /** `text` as UTF-16 bytes with a byte order mark, or little-endian without one. */
  const utf16 = (text: string, as: 'utf-16le' | 'utf-16be' | 'utf-16le, no BOM') => {
    const le = Buffer.from(as === 'utf-16le, no BOM' ? text : `\ufeff${text}`, 'utf16le');
    return as === 'utf-16be' ? Buffer.from(le).swap16() : le;
  };
  const ILLEGAL = '[Event "x"]\r\n1. 32-28 19-23 2. 28x19 14x24 *\r\n';

  it.each(['utf-16le', 'utf-16be', 'utf-16le, no BOM'] as const)('pdn check, convert and script read a PDN file in %s, errors at the line and column of its characters', async (as) => {
    const check = await cli(['pdn', 'check', '-'], utf16(ILLEGAL, as));
    expect(check.stdout).toMatch(/^<stdin>:2:25: game 1 \(\? - \?, x\): ERROR move 14x24: "14x24" is not a legal move for black: .*\n1 game: 0 ok, 1 with errors\n$/);
    const convert = await cli(['pdn', 'convert', '-'], utf16('[White "Zoë"]\r\n1. 32-28 *\r\n', as));
    expect(convert).toMatchObject({ code: EXIT.ok, stderr: '', stdout: expect.stringContaining('[White "Zoë"]') });
    const script = await cli(['script', '-'], utf16('1. 32-28 19-23 *\r\n', as));
    expect(script).toMatchObject({ code: EXIT.ok, stdout: expect.stringContaining('lift 32\n') });
  });

  it.each(['utf-16le', 'utf-16be', 'utf-16le, no BOM'] as const)('replay reads an action script in %s, a bad line named by its number', async (as) => {
    const r = await cli(['replay', '--json', '-'], utf16('lift 32\r\nplace 28\r\n', as));
    expect(r).toMatchObject({ code: EXIT.ok, stderr: '', stdout: expect.stringContaining('"move":"32-28"') });
    const bad = await cli(['replay', '-'], utf16('lift 32\r\nplace 28\r\nhop 3\r\n', as));
    expect(bad).toMatchObject({ code: EXIT.usage, stderr: 'dambord replay: standard input, line 3: "hop" is not an action: use lift, place, press, wait, resign or draw\n' });
  });

  it('a UTF-8 byte order mark is skipped silently', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect((await cli(['pdn', 'check', '-'], Buffer.concat([bom, Buffer.from('1. 32-28 *\n')]))).code).toBe(EXIT.ok);
    expect((await cli(['replay', '-'], Buffer.concat([bom, Buffer.from('lift 32\nplace 28\n')]))).code).toBe(EXIT.ok);
  });
});
