// The words of a move spoken by the real espeak-ng in every language the board has, each
// checked with sox (`sox FILE -n stat`): sound, not silence, and a length a person would take to
// say it, in each language's voice. Skipped, saying why, where espeak-ng or sox is not installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { legalMoves, parseFen, variants } from '../../rules/index.ts';
import { soundPlayer, speakToDevice, speakToWav } from './espeak.ts';
import { VOICE, moveWords, timeWords } from './words.ts';
import { LANGUAGES, listWords, say } from '../words/catalogue.ts';
import type { Language } from '../words/catalogue.ts';

const missing = ['espeak-ng', 'sox'].filter((tool) => spawnSync(tool, ['--version']).error !== undefined);
const skip = missing.length > 0 ? ` — SKIPPED: ${missing.join(' and ')} not installed (apt-get install espeak-ng sox)` : '';
const work = mkdtempSync(join(tmpdir(), 'dambord-speech-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Length (s) and largest amplitude (0-1) of a WAV file, as sox measures them. */
function stat(file: string): { seconds: number; peak: number } {
  // sox writes its statistics on standard error.
  const r = spawnSync('sox', [file, '-n', 'stat'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`sox cannot read ${file}: ${r.stderr}`);
  const text = r.stderr;
  const num = (label: string) => Number(new RegExp(`${label}:\\s+(-?[\\d.]+)`).exec(text)?.[1] ?? NaN);
  return { seconds: num('Length \\(seconds\\)'), peak: num('Maximum amplitude') };
}

const intl = variants.international;
const pos = parseFen(intl, 'W:W48:B42,31');
if (!pos.ok) throw new Error(pos.error.reason);
const capture = legalMoves(pos.position)[0];

describe(`speech through espeak-ng${skip}`, () => {
  it.skipIf(skip !== '').each(LANGUAGES)('%s: a double capture is sound of a sane length', async (lang) => {
    const file = join(work, `${lang}.wav`);
    await speakToWav(moveWords(lang, pos.position, capture), file, { voice: VOICE[lang] });
    const s = stat(file);
    console.log(`espeak.test.ts: ${lang}: ${s.seconds.toFixed(2)} s, peak ${s.peak.toFixed(2)}`);
    expect(s.peak, 'not silent').toBeGreaterThan(0.1);
    // "48 takes 37 takes 26": five words, between one and six seconds at 175 words a minute.
    expect(s.seconds).toBeGreaterThan(1);
    expect(s.seconds).toBeLessThan(6);
  });

  // Every kind of announcement (the transcript's kinds), in every language, through its voice.
  const kinds = (lang: Language): [string, string][] => [
    ['move', moveWords(lang, pos.position, capture)],
    ['irregularity', `${say(lang, 'irregularity.capture-missed', { side: 'white', move: say(lang, 'step.plain', { from: '31', to: '27' }) })} ${say(lang, 'decide', { article: '5.4.6', side: 'black' })}`],
    ['correction', say(lang, 'correction.fill', { piece: 'wm', square: '31' })],
    ['clock', say(lang, 'clock.low', { side: 'black', time: timeWords(lang, 30_000) })],
    ['result', say(lang, 'result', { winner: 'white', reason: 'resignation', article: '' })],
    ['query', say(lang, 'query.piece', { piece: say(lang, 'piece', { piece: 'wk' }), square: '46', count: 2, targets: listWords(lang, ['23', '28'], 'disjunction') })],
    ['link', say(lang, 'link.lost')],
  ];
  it.skipIf(skip !== '').each(LANGUAGES)('%s: every kind of announcement is sound of a sane length', async (lang) => {
    const lengths: string[] = [];
    await Promise.all(
      kinds(lang).map(async ([kind, text]) => {
        const file = join(work, `${lang}-${kind}.wav`);
        await speakToWav(text, file, { voice: VOICE[lang] });
        const s = stat(file);
        lengths.push(`${kind} ${s.seconds.toFixed(1)} s`);
        expect(s.peak, `${lang} ${kind}: not silent`).toBeGreaterThan(0.1);
        // At least a word; at most what a person would sit through for one announcement.
        expect(s.seconds, `${lang} ${kind}: "${text}"`).toBeGreaterThan(0.4);
        expect(s.seconds, `${lang} ${kind}: "${text}"`).toBeLessThan(kind === 'irregularity' ? 16 : 9);
      }),
    );
    console.log(`espeak.test.ts: ${lang}: ${lengths.sort().join(', ')}`);
  });

  it.skipIf(skip !== '')('a faster rate says the same in less time', async () => {
    const text = moveWords('en', pos.position, capture);
    await speakToWav(text, join(work, 'slow.wav'), { voice: 'en', rate: 120 });
    await speakToWav(text, join(work, 'fast.wav'), { voice: 'en', rate: 300 });
    expect(stat(join(work, 'fast.wav')).seconds).toBeLessThan(stat(join(work, 'slow.wav')).seconds * 0.7);
  });

  // The sound device: the real aplay (Debian alsa-utils) playing espeak-ng's stream. This machine
  // has no sound card, so aplay plays to ALSA's null device, which takes the samples as a card would.
  const aplay = soundPlayer('null');
  it.skipIf(skip !== '' || aplay?.name !== 'aplay')('spoken through aplay: the stream plays to the end, and stops at once when cut off', async () => {
    await speakToDevice(moveWords('hr', pos.position, capture), { voice: 'hr' }, aplay!);
    const cut = new AbortController();
    const long = speakToDevice('32 na 28. '.repeat(200), { voice: 'hr' }, aplay!, cut.signal);
    const t0 = performance.now();
    cut.abort();
    await long;
    // Said to the end, the text takes minutes; cut off, it ends within a second (a hang guard of
    // 30 s, so that a busy machine is slower, never red, and a voice played on still is caught).
    expect(performance.now() - t0).toBeLessThan(30_000);
  });

  it.skipIf(skip !== '' || aplay?.name !== 'aplay')('a sound device that cannot be opened is an error saying why, and leaves no espeak-ng behind', async () => {
    const before = spawnSync('pgrep', ['-c', '-f', 'espeak-ng -v hr -s 175 -a 100 --stdout']).stdout.toString().trim();
    await expect(speakToDevice('32 na 28. '.repeat(100), { voice: 'hr' }, { name: 'aplay', device: 'no-such-card' })).rejects.toThrow(/aplay exited 1: .*no-such-card|aplay exited 1/);
    // The espeak-ng it started is gone (a moment after; longer on a busy machine).
    await expect.poll(() => spawnSync('pgrep', ['-c', '-f', 'espeak-ng -v hr -s 175 -a 100 --stdout']).stdout.toString().trim()).toBe(before);
  });

  it('a voice espeak-ng does not have is an error that names it, not a crash', async () => {
    if (skip !== '') return;
    await expect(speakToWav('32 to 28', join(work, 'x.wav'), { voice: 'xx-nonexistent' })).rejects.toThrow(/voice xx-nonexistent/);
  });
});
