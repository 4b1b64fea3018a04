// The transcript contract (issue 14, item 7) as a user meets it: `dambord replay --speak LANG
// --transcript FILE SCRIPT` writes one JSON object per announcement, in the order spoken,
// without a sound device; `--wav DIR` keeps each as a WAV file; `dambord play --voice` speaks a
// real game on the simulated board. The scripts are written here by hand.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliBuffered } from '../../host/cli/testing.ts';
import { command, play, stop, view, waitFor } from '../playProcess.ts';

const work = mkdtempSync(join(tmpdir(), 'dambord-speak-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const espeak = spawnSync('espeak-ng', ['--version']).error === undefined;
const KINDS = ['move', 'irregularity', 'correction', 'clock', 'result', 'query', 'link'];

/** A short game with a missed capture corrected, and a resignation. */
const SCRIPT = ['lift 32', 'place 28', 'press clock', 'lift 19', 'place 23', 'press clock', 'lift 31', 'place 27', 'press clock', 'press correct', 'lift 27', 'place 31', 'lift 28', 'place 19', 'lift 23', 'press clock', 'resign black', ''].join('\n');

describe('dambord replay --speak: the transcript contract', () => {
  it('one JSON object per announcement: t, lang, kind, ply, text, in the order spoken (Croatian)', async () => {
    const script = join(work, 'game.script');
    const transcript = join(work, 'hr.jsonl');
    writeFileSync(script, SCRIPT);
    const r = await runCliBuffered(['replay', '--speak', 'hr', '--transcript', transcript, script]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = readFileSync(transcript, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const l of lines) {
      expect(Object.keys(l)).toEqual(['t', 'lang', 'kind', 'ply', 'text']);
      expect(l.lang).toBe('hr');
      expect(KINDS).toContain(l.kind);
      expect(typeof l.text === 'string' && l.text.length > 0).toBe(true);
    }
    // Board time never goes back along the transcript; the game's words come in its order.
    expect(lines.map((l) => l.t)).toEqual([...lines.map((l) => l.t as number)].sort((a, b) => a - b));
    expect(lines.map((l) => l.kind)).toEqual(['link', 'correction', 'move', 'move', 'irregularity', 'correction', 'correction', 'correction', 'correction', 'move', 'result']);
    expect(lines.filter((l) => l.kind === 'move').map((l) => [l.ply, l.text])).toEqual([[1, '32 na 28'], [2, '19 na 23'], [3, '28 uzima 19']]);
  });

  it.skipIf(!espeak)('--wav DIR keeps every announcement as a WAV file, numbered in order', async () => {
    const script = join(work, 'w.script');
    const dir = join(work, 'wav');
    writeFileSync(script, SCRIPT);
    const r = await runCliBuffered(['replay', '--speak', 'pl', '--wav', dir, '--transcript', join(work, 'pl.jsonl'), script]);
    expect(r.code).toBe(0);
    const lines = readFileSync(join(work, 'pl.jsonl'), 'utf8').trimEnd().split('\n');
    expect(readdirSync(dir).sort()).toHaveLength(lines.length);
    expect(readdirSync(dir).sort()[0]).toBe('00001-link.wav');
  });

  it('a language the board does not speak is a usage error that lists those it does', async () => {
    const r = await runCliBuffered(['replay', '--speak', 'xx', '--transcript', join(work, 'x.jsonl'), '-'], 'lift 32\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no voice for "xx": choose one of en, nl, fr, ru, pt, pl, hr, bs, cs, lv, it');
    expect(existsSync(join(work, 'x.jsonl'))).toBe(false);
    const rate = await runCliBuffered(['replay', '--speak', 'en', '--rate', '1e2', '-'], 'lift 32\n');
    expect(rate.code).toBe(2);
    expect(rate.stderr).toContain('--rate must be a whole number from 80 to 500, not "1e2"');
  });
});

describe.skipIf(!espeak)('dambord play --voice: a game on the simulated board spoken', () => {
  let child: Awaited<ReturnType<typeof play>>['child'] | null = null;
  afterAll(() => stop(child));
  it('the opponent\'s move is said and kept as a WAV file, the transcript written as it is spoken', async () => {
    const transcript = join(work, 'play.jsonl');
    const started = await play(work, ['--voice', 'nl', '--wav', join(work, 'play-wav'), '--transcript', transcript, '--policy', 'blind']);
    child = started.child;
    await waitFor('the board connected', async () => (await view(started.url)).link.state === 'connected');
    await command(started.url, { type: 'lift', square: '32' });
    await waitFor('the piece lifted', async () => (await view(started.url)).squares[31].sensed === false);
    await command(started.url, { type: 'place', square: '28' });
    await command(started.url, { type: 'press', button: 'clock' });
    await waitFor('the move said', async () => existsSync(transcript) && readFileSync(transcript, 'utf8').includes('"32 naar 28"'));
    await waitFor('its WAV file', async () => readdirSync(join(work, 'play-wav')).some((f) => f.endsWith('-move.wav')));
    // A question from the page: answered in the game's language, and said.
    const res = await fetch(`${started.url}/api/command`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'query', what: 'square', square: '28' }) });
    expect(await res.json()).toEqual({ ok: true, text: expect.stringContaining('28') });
    await waitFor('the answer said', async () => readFileSync(transcript, 'utf8').includes('"kind":"query"'));
    // Board time in whole milliseconds, though the host estimates it between the board's events.
    for (const line of readFileSync(transcript, 'utf8').trimEnd().split('\n')) expect(Number.isInteger((JSON.parse(line) as { t: number }).t), line).toBe(true);
    await stop(child);
    child = null;
  });
});
