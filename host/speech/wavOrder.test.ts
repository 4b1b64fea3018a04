// `replay --speak nl --wav DIR` says what `replay --speak nl` says, in the same order: the WAV
// files are a record of the words, not a voice that takes its time, so nothing is put first or
// dropped while espeak-ng writes them, and their numbers follow the transcript. espeak-ng runs
// for real (skipped where it is not installed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliBuffered } from '../cli/testing.ts';
import { speakToWav } from './espeak.ts';
import { VOICE } from './words.ts';

const espeak = spawnSync('espeak-ng', ['--version']).error === undefined;
const work = mkdtempSync(join(tmpdir(), 'dambord-wav-order-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// White's men on 28 and 32, Black's man on 23: 28x19 is compulsory (FMJD 4.2).
const FEN = 'W:W28,32:B23';
const SCRIPT = `lift 32
place 27      # 32-27 although 28x19 is compulsory (5.4.6)
press clock   # play goes on: the irregularity, Black to decide
press correct # Black's decision: correct it
lift 27
place 32      # the position put back, step by step
lift 28
place 19
lift 23       # 28x19: Black has no pieces left, White wins (7.2.3)
`;

/** The transcript's lines, as JSON. */
const lines = (file: string): { t: number; kind: string; ply: number; text: string }[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { t: number; kind: string; ply: number; text: string });

describe.skipIf(!espeak)('speech in one order, with or without --wav', () => {
  it('the --wav transcript equals the plain one, and the WAV files are numbered in its order', async () => {
    const script = join(work, 'game.script');
    writeFileSync(script, SCRIPT);
    const plain = join(work, 'plain.jsonl');
    const withWav = join(work, 'wav.jsonl');
    const dir = join(work, 'wav');
    const a = await runCliBuffered(['replay', '--variant', 'international', '--fen', FEN, '--speak', 'nl', '--transcript', plain, script]);
    const b = await runCliBuffered(['replay', '--variant', 'international', '--fen', FEN, '--speak', 'nl', '--wav', dir, '--transcript', withWav, script]);
    expect([a.code, a.stderr, b.code, b.stderr]).toEqual([0, '', 0, '']);
    const said = lines(plain);
    // The script's irregularity, the decision and the correction's steps, and the result are all said.
    for (const kind of ['irregularity', 'correction', 'move', 'result']) expect(said.map((l) => l.kind)).toContain(kind);
    expect(said.filter((l) => l.kind === 'correction').length).toBeGreaterThanOrEqual(4);
    expect(lines(withWav)).toEqual(said);

    const files = readdirSync(dir).sort();
    expect(files).toEqual(said.map((l, i) => `${String(i + 1).padStart(5, '0')}-${l.kind}.wav`));
    // Each file holds the words of its line of the transcript.
    for (const [i, l] of said.entries()) {
      const alone = join(work, `alone-${i}.wav`);
      await speakToWav(l.text, alone, { voice: VOICE.nl });
      expect(readFileSync(join(dir, files[i])).equals(readFileSync(alone)), `${files[i]}: ${l.text}`).toBe(true);
    }
  }, 60_000);
});
