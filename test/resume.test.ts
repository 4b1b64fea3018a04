// Resume is recovery of the game from its journal, in one place (host/game/resume.ts). These run
// `dambord play` as a real process on the simulated board, driven through its page's API:
// - killed between writing a board event and writing what the referee said about it (the
//   journal's fault injection, host/journal/testing/killedAfterEvent.ts), resumed twice: the same game both times,
//   the missing output journaled once;
// - a start that never reaches a move leaves no journal, and `--resume last` takes the newest
//   journal that holds a game;
// - one writer per journal: a second `dambord play --resume last` while the game runs is
//   refused, and a lock left by a killed process is taken over;
// - a bad byte in the journal's header: the game is rebuilt from its events and goes on.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recoverGame } from '../host/game/journal/recover.ts';
import { readJournal } from '../host/journal/journal.ts';
import { command, play, playKilledAfterEvent, view, waitFor } from './playProcess.ts';
import { WAIT_LIMIT_MS } from './limits.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-resume-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bin = new URL('../host/cli/bin.js', import.meta.url).pathname;
/**
 * `dambord play ARGS` run to its end, with a hang guard. Run beside the test, not blocking it: a
 * page server of another process that closes an idle connection meanwhile (after 5 s; a start
 * takes that long on a busy machine) is heard, and the next request opens a new one.
 */
const playToEnd = (dir: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> => {
  const child = spawn(process.execPath, [bin, 'play', '--http-port', '0', '--games', join(dir, 'games'), '--archive', join(dir, 'archive'), ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout: WAIT_LIMIT_MS });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
};
const journals = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.journal')).sort() : []);
const exited = (child: { once(e: 'exit', f: (code: number | null, signal: string | null) => void): void }) => new Promise<{ code: number | null; signal: string | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));

describe('resume from the journal', () => {
  it('killed between a journaled event and what the referee said about it, resumed twice: the same game, the move journaled once', async () => {
    const dir = join(work, 'kill');
    const games = join(dir, 'games');
    // The 6th board event of the run is the place of White's second move (32-28, 18-23, 37-32).
    const first = await playKilledAfterEvent(6, dir, ['--time-control', '600+5']);
    await waitFor('the board', async () => (await view(first.url)).link.state === 'connected');
    const gone = exited(first.child);
    const hands = [['lift', '32'], ['place', '28'], ['lift', '18'], ['place', '23'], ['lift', '37']];
    for (const [what, sq] of hands) {
      await command(first.url, { type: what, square: sq });
      await waitFor(`${what} ${sq}`, async () => (await view(first.url)).squares.find((q) => q.name === sq)!.sensed === (what === 'place'));
    }
    await command(first.url, { type: 'place', square: '32' }).catch(() => {});
    expect((await gone).signal).toBe('SIGKILL');
    const [file] = journals(games);
    const killed = readJournal(join(games, file));
    // On disk: the event, and nothing the referee said about it.
    expect(killed.entries.at(-1)).toMatchObject({ k: 'ev', e: { type: 'place', square: 31 } });
    const lost = recoverGame(killed);
    expect(lost.ok && lost.pending.map((o) => o.type)).toEqual(['move']);

    const runs = [];
    for (let i = 0; i < 2; i++) {
      const { child, url } = await play(dir, ['--resume', 'last']);
      await waitFor('the resumed board', async () => (await view(url)).link.state === 'connected');
      const back = await view(url);
      runs.push(back);
      child.kill('SIGINT');
      await exited(child);
    }
    expect(runs[0].moves.map((m) => m.text)).toEqual(['32-28', '18-23', '37-32']);
    expect(runs[1].moves).toEqual(runs[0].moves);
    expect(runs[1].pdn).toBe(runs[0].pdn);
    expect(runs[1].squares).toEqual(runs[0].squares);
    expect(runs[1].clock).toMatchObject({ white: runs[0].clock!.white, black: runs[0].clock!.black, running: null });
    // The journal now holds the move once, after its event, and replays with nothing missing.
    const after = readJournal(join(games, file));
    const outs = after.entries.flatMap((e) => (e.k === 'out' && e.o.type === 'move' ? [e.o.text] : []));
    expect(outs).toEqual(['32-28', '18-23', '37-32']);
    const again = recoverGame(after);
    expect(again.ok && again.pending).toEqual([]);
  });

  it('a start that never reaches a move leaves no journal; --resume last takes the newest journal that holds a game', async () => {
    const dir = join(work, 'last');
    const games = join(dir, 'games');
    // A game of one move, stopped.
    const one = await play(dir, ['--white', 'Anna']);
    await waitFor('the board', async () => (await view(one.url)).link.state === 'connected');
    await command(one.url, { type: 'lift', square: '32' });
    await command(one.url, { type: 'place', square: '28' });
    await waitFor('the move', async () => (await view(one.url)).moves.length === 1);
    one.child.kill('SIGINT');
    await exited(one.child);
    expect(journals(games)).toHaveLength(1);
    // A start killed before any move: nothing written.
    const none = await play(dir, []);
    await waitFor('the board', async () => (await view(none.url)).link.state === 'connected');
    none.child.kill('SIGKILL');
    await exited(none.child);
    expect(journals(games)).toHaveLength(1);
    expect(readdirSync(games).filter((f) => f.endsWith('.pdn'))).toHaveLength(1);
    // A newer journal with a header only (a version that wrote it at the start) is passed over.
    const [kept] = journals(games);
    const header = readFileSync(join(games, kept), 'utf8').split('\n')[0];
    writeFileSync(join(games, '9999-header-only.journal'), `${header}\n`);
    const back = await play(dir, ['--resume', 'last']);
    await waitFor('the resumed board', async () => (await view(back.url)).link.state === 'connected');
    const v = await view(back.url);
    expect(v.moves.map((m) => m.text)).toEqual(['32-28']);
    expect(v.players.white).toBe('Anna');
    back.child.kill('SIGINT');
    await exited(back.child);
    // Black resigns: the game is over and its scoresheet saved, so there is nothing to resume.
    const again = await play(dir, ['--resume', 'last']);
    await waitFor('the resumed board', async () => (await view(again.url)).link.state === 'connected');
    await command(again.url, { type: 'resign', color: 'black' });
    await waitFor('the result', async () => (await view(again.url)).result?.result === '2-0');
    again.child.kill('SIGINT');
    await exited(again.child);
    const over = await playToEnd(dir, ['--resume', 'last']);
    expect(over.stderr).toMatch(/^dambord play: the game of .*\.journal is over \(2-0, resignation\) and its scoresheet is saved in .*\.pdn: there is nothing to resume\n$/);
    expect(over.code).toBe(2);
    // No lock is left, the one of the start killed before its first move neither.
    expect(readdirSync(games).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });

  it('one writer per journal: --resume while the game runs is refused, the running game goes on; a killed writer\'s lock is taken over', async () => {
    const dir = join(work, 'lock');
    const games = join(dir, 'games');
    const first = await play(dir, []);
    await waitFor('the board', async () => (await view(first.url)).link.state === 'connected');
    await command(first.url, { type: 'lift', square: '32' });
    await command(first.url, { type: 'place', square: '28' });
    await waitFor('the move', async () => (await view(first.url)).moves.length === 1);
    const [file] = journals(games);
    expect(existsSync(join(games, `${file}.lock`))).toBe(true);
    const before = readFileSync(join(games, file));
    const second = await playToEnd(dir, ['--resume', 'last']);
    expect(second.code).toBe(3);
    expect(second.stderr).toMatch(new RegExp(`cannot resume: the journal .*${file} is being written by dambord \\(process ${first.child.pid} on .*\\): one game, one writer`));
    // The second process touched nothing; the first plays on and writes on.
    expect(readFileSync(join(games, file))).toEqual(before);
    await command(first.url, { type: 'lift', square: '19' });
    await command(first.url, { type: 'place', square: '23' });
    await waitFor('the reply', async () => (await view(first.url)).moves.length === 2);
    first.child.kill('SIGKILL');
    await exited(first.child);
    // Killed: its lock stays behind, names a process that is gone, and is taken over.
    expect(existsSync(join(games, `${file}.lock`))).toBe(true);
    const back = await play(dir, ['--resume', 'last']);
    await waitFor('the resumed board', async () => (await view(back.url)).link.state === 'connected');
    expect((await view(back.url)).moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
    back.child.kill('SIGINT');
    await exited(back.child);
    expect(existsSync(join(games, `${file}.lock`))).toBe(false);
  });

  it('a bad byte in the journal header: the game is rebuilt from its events, checked, and goes on; the damaged journal is kept', async () => {
    const dir = join(work, 'header');
    const games = join(dir, 'games');
    const one = await play(dir, ['--white', 'Anna', '--black', 'Bert', '--policy', 'casual']);
    await waitFor('the board', async () => (await view(one.url)).link.state === 'connected');
    // Each hand's action seen by the board before the next, as hands at a board are.
    for (const [type, square] of [['lift', '32'], ['place', '28'], ['lift', '19'], ['place', '23']]) {
      await command(one.url, { type, square });
      await waitFor(`${type} ${square} sensed`, async () => (await view(one.url)).squares[Number(square) - 1].sensed === (type === 'place'));
    }
    await waitFor('the moves', async () => (await view(one.url)).moves.length === 2);
    one.child.kill('SIGINT');
    await exited(one.child);
    const [file] = journals(games);
    const path = join(games, file);
    const bytes = readFileSync(path);
    // One byte of the policy's name changed on the disk.
    const at = bytes.indexOf('"policy":"casual"') + 12;
    bytes[at] = 0x78;
    writeFileSync(path, bytes);
    const back = await play(dir, ['--resume', 'last']);
    await waitFor('the resumed board', async () => (await view(back.url)).link.state === 'connected');
    const v = await view(back.url);
    expect(v.moves.map((m) => m.text)).toEqual(['32-28', '19-23']);
    expect(v.players).toMatchObject({ white: 'Anna', black: 'Bert' });
    expect(v.log.join('\n')).toContain("the journal's header was damaged");
    back.child.kill('SIGINT');
    await exited(back.child);
    // The journal has its header back, and the file as it was is kept beside it.
    const again = readJournal(path);
    expect(again.header).toMatchObject({ variant: 'international', policy: 'casual' });
    expect(again.entries.some((e) => e.k === 'note' && e.text.startsWith('header rebuilt: line 1: checksum mismatch'))).toBe(true);
    expect(readFileSync(`${path}.damaged-1`)).toEqual(bytes);
  });
});
