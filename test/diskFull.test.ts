// A full disk under a game (issue 12, item 5): `dambord play` as a real process on the simulated
// board, its games folder on a real tmpfs of a few pages (mounted for the test; root only, so
// skipped, saying why, where mounting is refused), moves played until the journal cannot be
// written. The game stops with the disk named as the cause and what to do; nothing crashes; the
// journal keeps every line it wrote, and once there is room the game resumes from it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { legalMoves, parseFen, play as after, squareName, variants } from '../rules/index.ts';
import { recoverGame } from '../host/game/journal/recover.ts';
import { readJournal } from '../host/journal/journal.ts';
import { play, view, waitFor } from './playProcess.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-full-'));
const disk = join(work, 'disk');
mkdirSync(disk);
const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', disk], { encoding: 'utf8' });
const mounted = mount.status === 0;
const children: { kill(signal: NodeJS.Signals): boolean }[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  if (mounted) spawnSync('umount', [disk]);
  rmSync(work, { recursive: true, force: true });
});

describe(`a full disk under a game${mounted ? '' : ` — SKIPPED: cannot mount a tmpfs here (${(mount.stderr || mount.error?.message || '').trim()})`}`, () => {
  it.skipIf(!mounted)('the game stops saying the disk is full and how to go on; the journal keeps what it wrote; it resumes once there is room', async () => {
    // 16 KB: a filler leaves the lock and the journal a page each, and nothing for the PDN.
    writeFileSync(join(disk, 'filler'), Buffer.alloc(8192));
    const games = join(disk, 'games');
    const { child, url } = await play(disk, []);
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    await waitFor('the board', async () => (await view(url)).link.state === 'connected');
    // Moves, each the first the rules allow (a capture: the piece moved, then the captured ones taken off), until the journal's page is full.
    const v = variants.international;
    const start = parseFen(v, v.startFen);
    if (!start.ok) throw new Error(start.error.reason);
    let pos = start.position;
    let played = 0;
    let stopped = false;
    for (let ply = 0; ply < 40 && !stopped; ply++) {
      const move = legalMoves(pos)[0];
      const hands = [['lift', move.from], ['place', move.to], ...move.captured.map((c) => ['lift', c] as const)] as const;
      for (const [type, sq] of hands) {
        const r = await fetch(`${url}/api/command`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type, square: squareName(v, sq) }) }).catch(() => null);
        if (!r) stopped = true;
        await new Promise((res) => setTimeout(res, 30));
      }
      if (!stopped) {
        await waitFor(`ply ${ply + 1} or the stop`, async () => (await view(url).catch(() => null))?.moves.length !== played || child.exitCode !== null);
        if (child.exitCode !== null) stopped = true;
        else played++;
      }
      pos = after(pos, move);
    }
    expect(await exit).toBe(3);
    expect(stderr).toMatch(/cannot write the journal .*: the disk is full \(ENOSPC\)\. The game is stopped so that nothing goes unrecorded; everything written before is kept\. Make room \(or fix the disk\), then go on with: dambord play --resume /);
    expect(stderr).not.toMatch(/internal error|This is a bug|^\s+at /m);
    expect(played).toBeGreaterThan(2);
    // What was written stays, up to the torn line the full disk left.
    const [file] = readdirSync(games).filter((f) => f.endsWith('.journal'));
    const read = readJournal(join(games, file));
    const recovered = recoverGame(read);
    expect(recovered.ok).toBe(true);
    // Room again: the game goes on from its journal.
    rmSync(join(disk, 'filler'));
    const back = await play(disk, ['--resume', 'last']);
    children.push(back.child);
    await waitFor('the resumed board', async () => (await view(back.url)).link.state === 'connected');
    expect((await view(back.url)).moves.length).toBeGreaterThanOrEqual(played - 1);
    back.child.kill('SIGINT');
    await new Promise((r) => back.child.once('exit', r));
    expect(existsSync(join(games, `${file}.lock`))).toBe(false);
  });
});

