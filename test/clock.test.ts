// The clock of `dambord play` at its command line (FMJD 10 leaves the clock to the arbiter):
// `--resume ... --clock W,B` sets the clocks of a resumed game, and bad input there is refused
// with exit 2 and a message that says what is wrong. The game itself runs as a real process
// on the simulated board, as in crash.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { command, play, view, waitFor } from './playProcess.ts';
import { runCliBuffered } from '../host/cli/testing.ts';
import { readJournal } from '../host/journal/journal.ts';
import { writeJournal } from '../host/game/journal/record.ts';
import type { JournalHeader } from '../host/game/journal/record.ts';
import { gameJournal } from '../host/journal/testing/game.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-clock-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A journal of a short game (four moves), with `tags` in its header. */
function journalFile(name: string, tags: JournalHeader['tags']): string {
  const game = gameJournal();
  const file = join(work, `${name}.journal`);
  writeFileSync(file, writeJournal({ ...game.header, tags }, game.entries));
  return file;
}

describe('dambord play --clock: the arbiter sets the clocks of a resumed game (FMJD 10)', () => {
  it('FMJD 10: bad --clock input is refused with exit 2 and what is wrong, before anything starts', async () => {
    const file = journalFile('timed', [{ name: 'TimeControl', value: '600+5' }]);
    const cases: [string[], RegExp][] = [
      [['--clock', '1:00:00,1:00:00'], /--clock sets the clocks of a game resumed with --resume/],
      [['--resume', file, '--clock', '1:00:00'], /--clock takes two times, White's and Black's, separated by a comma, not "1:00:00"/],
      [['--resume', file, '--clock', '1:00:00,1:00:00,5'], /--clock takes two times/],
      [['--resume', file, '--clock', '1:75:00,1:00:00'], /--clock: "1:75:00" \(White\) is not a time on a clock: H:MM:SS with minutes and seconds below 60, or seconds, up to 99:59:59/],
      [['--resume', file, '--clock', '3600,soon'], /--clock: "soon" \(Black\) is not a time on a clock/],
      [['--resume', file, '--clock', '100:00:00,0'], /"100:00:00" \(White\) is not a time on a clock/],
      [['--resume', file, '--clock'], /--clock needs a value/],
      [['--resume', journalFile('untimed', []), '--clock', '1:00:00,1:00:00'], /has no time control: there are no clocks to set/],
    ];
    for (const [args, message] of cases) {
      const r = await runCliBuffered(['play', '--games', join(work, 'games'), ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr).toContain("Run 'dambord play --help' for its usage.");
    }
  });

  it('FMJD 10: --help documents --clock', async () => {
    const r = await runCliBuffered(['play', '--help']);
    expect(r.stdout).toContain('[--resume FILE|last [--clock WHITE,BLACK]]');
    expect(r.stdout).toMatch(/--clock W,B +with --resume: the arbiter sets the clocks/);
    expect(r.stdout).toContain('dambord play --resume last --clock 1:23:45,1:10:00');
  });

  it('FMJD 10: the resumed game shows the clocks set, not running; the next move starts them', async () => {
    const file = journalFile('set', [{ name: 'TimeControl', value: '600+5' }, { name: 'White', value: 'Anna' }]);
    const { child, url } = await play(work, ['--resume', file, '--clock', '1:23:45,4200']);
    try {
      await waitFor('the board', async () => (await view(url)).link.state === 'connected');
      const back = await view(url);
      expect(back.clock).toEqual({ white: 5_025_000, black: 4_200_000, running: null, control: '600+5' });
      expect(back.log).toContain('the arbiter set the clocks: white 1:23:45, black 1:10:00; they start with the next move or press of the clock');
      await new Promise((r) => setTimeout(r, 1500));
      expect((await view(url)).clock).toMatchObject({ white: 5_025_000, black: 4_200_000, running: null });
      // White to move plays 37-32: charged nothing, the increment added, Black's time runs.
      for (const [type, square] of [['lift', '37'], ['place', '32']]) {
        await command(url, { type, square });
        await new Promise((r) => setTimeout(r, 300));
      }
      await waitFor('the move', async () => (await view(url)).moves.length === 5);
      expect((await view(url)).clock).toMatchObject({ white: 5_030_000, running: 'black' });
    } finally {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
    }
    const clocks = readJournal(file).entries.filter((e) => e.k === 'clock').slice(-2);
    expect(clocks).toMatchObject([{ on: 'set', white: 5_025_000, black: 4_200_000, running: null }, { on: 'move', white: 5_030_000, running: 'black' }]);
  });
});


describe('dambord play --time-control laws: the English laws\' time per move (Standard Laws 24, 25)', () => {
  it('laws 24, 25: refused with exit 2 in a variant other than English, which has no such time', async () => {
    for (const variant of ['international', 'russian']) {
      const r = await runCliBuffered(['play', '--games', join(work, 'games'), '--variant', variant, '--time-control', 'laws']);
      expect(r.code, variant).toBe(2);
      expect(r.stderr).toContain(`the time control "laws" is the time per move of the Standard Laws of Checkers (laws 24 and 25), played in the english variant only, not in ${variant}`);
    }
  });

  it('laws 24, 25: --help documents laws', async () => {
    const r = await runCliBuffered(['play', '--help']);
    expect(r.stdout).toMatch(/english variant also laws: the Standard Laws' time per move/);
  });
});
