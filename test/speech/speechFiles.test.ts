// Speech's files under attack (issue 26, finding 9): a transcript that cannot be written
// (/dev/full), a bad transcript path, and a FIFO or a symlink in the --wav folder. A failing
// write is said once, naming the file; the game goes on, and `play` still stops on Ctrl-C; a
// special file in the WAV folder is refused and left alone, never written through nor waited on.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliBuffered } from '../../host/cli/testing.ts';
import { command, play, stop, view, waitFor } from '../playProcess.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-speech-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const espeak = spawnSync('espeak-ng', ['--version']).error === undefined;
const full = existsSync('/dev/full');
const SCRIPT = 'lift 32\nplace 28\npress clock\nlift 19\nplace 23\npress clock\n';

describe('a transcript that cannot be written', () => {
  it.skipIf(!full)('replay --transcript /dev/full: said once, naming the file; the game is replayed whole, exit 0', async () => {
    const script = join(work, 'full.script');
    writeFileSync(script, SCRIPT);
    const r = await runCliBuffered(['replay', '--speak', 'en', '--transcript', '/dev/full', script]);
    expect(r.stdout).toBe('White played 32-28.\nBlack played 19-23.\n');
    expect(r.stderr.match(/\/dev\/full/g)).toHaveLength(1);
    expect(r.stderr).toContain('the transcript /dev/full cannot be written: the disk is full (ENOSPC)');
    expect(r.code).toBe(0);
  });

  it('a transcript path that cannot be opened is named', async () => {
    const r = await runCliBuffered(['replay', '--speak', 'en', '--transcript', join(work, 'no-such-folder', 't.jsonl'), '-'], SCRIPT);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`dambord replay: cannot write the transcript ${join(work, 'no-such-folder', 't.jsonl')}: no such folder\n`);
  });

  it('a transcript that is a FIFO nobody reads is refused at once, named, not waited on', async () => {
    const fifo = join(work, 'transcript.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const r = await runCliBuffered(['replay', '--speak', 'en', '--transcript', fifo, '-'], SCRIPT);
    expect(r).toEqual({ code: 3, stdout: '', stderr: `dambord replay: cannot write the transcript ${fifo}: a FIFO that nobody reads\n` });
  });

  it.skipIf(!espeak || !full)('play --voice en --wav DIR --transcript /dev/full: the game goes on (moves recorded, journal kept), said once, Ctrl-C stops it', async () => {
    const started = await play(work, ['--voice', 'en', '--wav', join(work, 'play-wav'), '--transcript', '/dev/full']);
    try {
      await waitFor('the board connected', async () => (await view(started.url)).link.state === 'connected');
      await command(started.url, { type: 'lift', square: '32' });
      await waitFor('the piece lifted', async () => (await view(started.url)).squares[31].sensed === false);
      await command(started.url, { type: 'place', square: '28' });
      await command(started.url, { type: 'press', button: 'clock' });
      await waitFor('the move recorded', async () => (await view(started.url)).moves.length === 1);
      await waitFor('its WAV file', async () => readdirSync(join(work, 'play-wav')).some((f) => f.endsWith('-move.wav')));
    } finally {
      // Ctrl-C must end it; a process that ignores it is killed, and the test fails below.
      await Promise.race([stop(started.child), new Promise((r) => setTimeout(r, 15_000))]);
      if (started.child.exitCode === null) started.child.kill('SIGKILL');
    }
    expect(started.child.exitCode).toBe(0);
    expect(started.out()).not.toContain('internal error');
    expect(started.out().match(/the transcript \/dev\/full cannot be written/g)).toHaveLength(1);
    expect(readdirSync(join(work, 'games')).filter((f) => f.endsWith('.journal'))).toHaveLength(1);
  });
});

describe.skipIf(!espeak)('special files in the --wav folder', () => {
  it('a FIFO and a symlink are refused, named and left alone; the other sentences are written', async () => {
    const dir = join(work, 'wav-special');
    mkdirSync(dir);
    expect(spawnSync('mkfifo', [join(dir, '00001-link.wav')]).status).toBe(0);
    const target = join(work, 'precious.txt');
    writeFileSync(target, 'precious');
    symlinkSync(target, join(dir, '00002-correction.wav'));
    const script = join(work, 'wav.script');
    writeFileSync(script, SCRIPT);
    const r = await runCliBuffered(['replay', '--speak', 'en', '--wav', dir, script]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${join(dir, '00001-link.wav')} is a FIFO, not a WAV file written here`);
    expect(r.stderr).toContain(`${join(dir, '00002-correction.wav')} is a symbolic link, not a WAV file written here`);
    expect(readFileSync(target, 'utf8')).toBe('precious');
    const moves = readdirSync(dir).filter((f) => f.endsWith('-move.wav'));
    expect(moves).toHaveLength(2);
    // Each a whole WAV file: its RIFF size is its length less 8 bytes.
    const wav = readFileSync(join(dir, moves[0]));
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  });
});

describe.skipIf(!espeak)('a full disk under the --wav folder', () => {
  const disk = join(work, 'disk');
  mkdirSync(disk);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]).status === 0;
  afterAll(() => {
    if (mounted) spawnSync('umount', [disk]);
  });
  it.skipIf(!mounted)('the failing WAV writes are reported once (ENOSPC), no half-written file is kept, the replay goes on and the transcript is whole', async () => {
    const script = join(work, 'disk.script');
    writeFileSync(script, SCRIPT);
    const transcript = join(work, 'disk.jsonl');
    const r = await runCliBuffered(['replay', '--speak', 'en', '--wav', join(disk, 'wav'), '--transcript', transcript, script]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('White played 32-28.\nBlack played 19-23.\n');
    expect(r.stderr.match(/ENOSPC/g)).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`cannot write ${join(disk, 'wav')}/\\d{5}-\\w+\\.wav: ENOSPC`));
    const lines = readFileSync(transcript, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(2);
    // Every WAV file kept is whole: its RIFF size is its length less 8 bytes (the ones that failed are empty).
    for (const f of readdirSync(join(disk, 'wav'))) {
      const wav = readFileSync(join(disk, 'wav', f));
      if (wav.length > 0) expect(wav.readUInt32LE(4), f).toBe(wav.length - 8);
    }
  });
});
