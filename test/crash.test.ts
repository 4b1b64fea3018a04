// The issue: "A test that kills the host process mid-game at random points (several times),
// restarts it and gets back the identical game and PDN." dambord play runs on the simulated
// board as a real process; the moves are made through its page's API; kill -9 comes at random
// moments, and `dambord play --resume last` brings the game back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { command, play, view, waitFor } from './playProcess.ts';
import { formatMove, readPdn, variants } from '../rules/index.ts';
import { mulberry32 } from '../rules/prng.ts';
import { oracleTexts } from './oracles.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-crash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));


describe('dambord play survives kill -9', () => {
  it('killed at random points mid-game, restarted with --resume, gives back the identical game and PDN', async () => {
    const v = variants.international;
    const g = readPdn(oracleTexts('nk ronde 01.pdn')[0], { variant: v }).games[0];
    // The first 24 plies of a real game, made as hands do (lift, place, captured pieces lifted).
    const line = g.line.flatMap((p) => (p.kind === 'ply' ? [p] : [])).slice(0, 24);
    const expected = line.map((p) => formatMove(p.before, p.move));
    const random = mulberry32(20261121);
    // Three kills: at a random ply, after a random number of that ply's hand actions (0: before
    // the piece is lifted; all: after the move was recognised), so some land mid-move.
    const kills = new Map<number, number>();
    while (kills.size < 3) kills.set(2 + Math.floor(random() * 20), Math.floor(random() * 3));

    let { child, url } = await play(work, ['--white', 'Anna', '--black', 'Bert', '--time-control', '600+5']);
    await waitFor('the board', async () => (await view(url)).link.state === 'connected');
    const sensedAt = async (square: string) => (await view(url)).squares.find((q) => q.name === square)!.sensed;
    // When the hands began the last move the game has: its clocks were as at that move from then on.
    let lastMoveBegun = Date.now();
    const crash = async () => {
      const before = await view(url);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      ({ child, url } = await play(work, ['--resume', 'last']));
      await waitFor('the resumed board', async () => (await view(url)).link.state === 'connected');
      const after = await view(url);
      expect(after.moves).toEqual(before.moves);
      expect(after.pdn).toBe(before.pdn);
      expect(after.squares.map((q) => q.sensed)).toEqual(before.squares.map((q) => q.sensed));
      expect(after.irregularity).toBeNull();
      // The players and the clocks come back: each side's time as at its last move (ms). The
      // running clock counted down from there before the kill, and again since the restart: by
      // no more, either way, than the time since that move began (seconds; a busy machine's
      // restart takes longer, and the bound with it). Clocks begun again would be 5 s off a move.
      const since = Date.now() - lastMoveBegun;
      expect(after.players).toEqual({ white: 'Anna', black: 'Bert' });
      expect(after.clock?.control).toBe('600+5');
      for (const side of ['white', 'black'] as const) expect(Math.abs(after.clock![side] - before.clock![side])).toBeLessThanOrEqual(since);
    };
    let pdn = '';
    for (let i = 0; i < line.length; i++) {
      const begun = Date.now();
      const m = line[i].move;
      const hands = [{ type: 'lift', square: String(m.from + 1) }, { type: 'place', square: String(m.to + 1) }, ...m.captured.map((c) => ({ type: 'lift', square: String(c + 1) }))];
      for (let k = 0; k < hands.length; k++) {
        if (kills.get(i + 1) === k) await crash();
        await command(url, hands[k]);
        await waitFor(`${hands[k].type} ${hands[k].square}`, async () => (await sensedAt(hands[k].square)) === (hands[k].type === 'place'));
      }
      await waitFor(`ply ${i + 1}`, async () => (await view(url)).moves.length === i + 1);
      lastMoveBegun = begun;
      if (kills.get(i + 1) !== undefined && kills.get(i + 1)! >= hands.length) await crash();
      pdn = (await view(url)).pdn;
    }
    expect((await view(url)).moves.map((m) => m.text)).toEqual(expected);
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
    const read = readPdn(pdn, { variant: v }).games[0];
    expect(read.error).toBeNull();
    expect(read.line.flatMap((p) => (p.kind === 'ply' ? [formatMove(p.before, p.move)] : []))).toEqual(expected);
  });
});
