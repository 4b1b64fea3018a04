// `dambord play --engine black` as a user runs it, on the simulated board, driven through its
// page's API (the page standing in for the hands): the built-in engine at level 1 plays Black,
// its move printed, shown and made by the hands; the scoresheet names it; killed (SIGKILL, as a
// power cut) while its move is shown, `--resume last` brings the game back with the same engine
// and shows the move again; the level and colour changed from the page before the first move
// are the resumed game's too. The computer playing White on the Firmata board under the blind
// policy, and on the dambord board under the tournament policy. And the options refused as the
// others are.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlayView } from '../host/game/types.ts';
import { runCliBuffered } from '../host/cli/testing.ts';
import { command, play, stop, view, waitFor } from './playProcess.ts';
import { WAIT_LIMIT_MS } from './limits.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-engine-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The hands make `squares`' lifts and places one by one, each seen by the board before the next. */
async function hands(url: string, moves: readonly (readonly ['lift' | 'place', string])[]): Promise<void> {
  for (const [type, square] of moves) {
    await command(url, { type, square });
    await waitFor(`${type} ${square}`, async () => (await view(url)).squares.find((q) => q.name === square)!.sensed === (type === 'place'));
  }
}

/** The hands that make a move as a person reads it off the board: from lifted, put on `to`, the captured pieces taken off one by one. */
const making = (m: NonNullable<NonNullable<PlayView['engine']>['move']>) => [['lift', m.from], ['place', m.to], ...m.captured.map((sq) => ['lift', sq] as const)] as const;

/** Kills `p` as a power cut does (SIGKILL) and waits until it is gone. */
async function powerCut(p: Awaited<ReturnType<typeof play>>): Promise<void> {
  p.child.kill('SIGKILL');
  await new Promise((r) => p.child.once('exit', r));
}

/** `dambord play --resume last` in `dir`, once its board is connected and the computer's move is shown again: the process and its view. */
async function resumedShowing(dir: string) {
  const again = await play(dir, ['--resume', 'last']);
  await waitFor('the board', async () => (await view(again.url)).link.state === 'connected');
  await waitFor('the computer\'s move again', async () => (await view(again.url)).engine?.state === 'showing');
  return { again, v: await view(again.url) };
}

describe('dambord play --engine', () => {
  it('black: the built-in engine plays Black, named on the scoresheet; killed while its move is shown, it resumes showing it again', async () => {
    const dir = join(work, 'game');
    const first = await play(dir, ['--engine', 'black', '--level', '1', '--policy', 'casual']);
    let shown: NonNullable<PlayView['engine']>['move'] = null;
    try {
      await waitFor('the board', async () => (await view(first.url)).link.state === 'connected');
      expect((await view(first.url)).engine).toMatchObject({ side: 'black', name: 'dambord, level 1', level: 1, state: 'idle' });
      await hands(first.url, [['lift', '32'], ['place', '28']]);
      await waitFor('the computer\'s move', async () => (await view(first.url)).engine?.state === 'showing');
      const v = await view(first.url);
      shown = v.engine!.move;
      expect(v.pdn).toContain('[Black "dambord, level 1"]');
      await waitFor('the move printed', async () => first.out().includes(`The computer plays ${shown!.text}.`));
      await powerCut(first);
    } finally {
      await stop(first.child);
    }
    const { again, v } = await resumedShowing(dir);
    try {
      expect(v.engine).toMatchObject({ side: 'black', name: 'dambord, level 1', level: 1, move: shown });
      await hands(again.url, making(v.engine!.move!));
      await waitFor('the game on', async () => (await view(again.url)).moves.length === 2);
      expect((await view(again.url)).engine?.state).toBe('idle');
    } finally {
      await stop(again.child);
    }
  }, 4 * WAIT_LIMIT_MS);

  it('the level and colour changed from the page before the first move are the resumed game\'s: killed while its move is shown, it resumes at level 2 playing White', async () => {
    const dir = join(work, 'changed');
    const first = await play(dir, ['--engine', 'black', '--level', '1', '--policy', 'casual']);
    let shown: NonNullable<PlayView['engine']>['move'] | undefined;
    try {
      await waitFor('the board', async () => (await view(first.url)).link.state === 'connected');
      await command(first.url, { type: 'computer', level: 2, side: 'white' });
      await waitFor('the computer\'s move', async () => (await view(first.url)).engine?.state === 'showing');
      const v = await view(first.url);
      shown = v.engine!.move;
      expect(v.engine).toMatchObject({ side: 'white', name: 'dambord, level 2', level: 2 });
      expect(v.pdn).toContain('[White "dambord, level 2"]');
      await powerCut(first);
    } finally {
      await stop(first.child);
    }
    const { again, v } = await resumedShowing(dir);
    try {
      expect(v.engine).toMatchObject({ side: 'white', name: 'dambord, level 2', level: 2, move: shown });
      expect(v.pdn).toContain('[White "dambord, level 2"]');
    } finally {
      await stop(again.child);
    }
  }, 4 * WAIT_LIMIT_MS);

  it.each([
    ['the Firmata board (StandardFirmata under johnny-five), the blind policy', ['--firmata', '--policy', 'blind']],
    ['the dambord board, the tournament policy', ['--policy', 'tournament']],
  ])('white on %s: the computer opens, its move made by the hands, then the player\'s, and it answers', async (_, args) => {
    const dir = join(work, `white-${args.join('')}`);
    const p = await play(dir, ['--engine', 'white', '--level', '1', ...args]);
    try {
      await waitFor('the board', async () => (await view(p.url)).link.state === 'connected');
      await waitFor('the computer\'s first move', async () => (await view(p.url)).engine?.state === 'showing');
      const first = (await view(p.url)).engine!;
      expect(first).toMatchObject({ side: 'white', name: 'dambord, level 1', level: 1 });
      // Under the tournament policy the view keeps the engine's judgement to itself.
      if (args.includes('tournament')) expect([first.score, first.pv]).toEqual([null, null]);
      await hands(p.url, making(first.move!));
      await waitFor('its move on the scoresheet', async () => (await view(p.url)).moves.length === 1);
      // The player answers 19-23, legal after any first move of White (which lands on 26 to 30).
      await hands(p.url, [['lift', '19'], ['place', '23']]);
      await waitFor('the computer\'s second move', async () => (await view(p.url)).engine?.state === 'showing' && (await view(p.url)).moves.length === 2);
      expect((await view(p.url)).pdn).toContain('[White "dambord, level 1"]');
    } finally {
      await stop(p.child);
    }
  }, 4 * WAIT_LIMIT_MS);

  it.each([
    [['--engine', 'red'], '--engine takes the side the computer plays, white or black'],
    [['--engine', 'black', '--level', '11'], '--level must be a whole number from 1 to 10'],
    [['--level', '3'], '--level is for a game against the computer'],
    [['--no-hints'], '--no-hints is for a game against the computer'],
    [['--training'], '--training is for a game against the computer'],
    [['--engine', 'white', '--level', '3', '--engine-spec', 'builtin'], "--level is the built-in engine's"],
    [['--engine', 'white', '--engine-spec', 'uci:stockfish'], '"uci" is not a kind of engine'],
  ])('%j is refused with exit 2 and the reason', async (args, reason) => {
    const r = await runCliBuffered(['play', ...args, '--http-port', '0', '--games', join(work, 'refused')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(reason);
  }, WAIT_LIMIT_MS);

  it('is listed in the usage line and among the options', async () => {
    const r = await runCliBuffered(['play', '--help']);
    expect(r.stdout.split('\n\n')[0]).toContain('[--engine white|black [--level N | --engine-spec SPEC] [--alt-move] [--no-hints] [--training]]');
    expect(r.stdout).toMatch(/--engine SIDE +the computer plays SIDE/);
    expect(r.stdout).toMatch(/--alt-move +another legal move made for the computer is taken as its move/);
  }, WAIT_LIMIT_MS);

  it('is read from a club\'s configuration file too, and checked there as on the command line', async () => {
    const file = join(work, 'club.toml');
    writeFileSync(file, '[play]\nengine = "black"\nlevel = "12"\n');
    const r = await runCliBuffered(['play', '--config', file, '--http-port', '0', '--games', join(work, 'refused')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--level must be a whole number from 1 to 10, not "12"');
  }, WAIT_LIMIT_MS);
});
