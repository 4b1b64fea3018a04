import { spawnSync } from 'node:child_process';
import { SquareSet, parseFen, readPdn, variants } from '../rules/index.ts';
import type { Move } from '../rules/index.ts';
import type { GameConfig, GameInput, GameState } from '../host/game/game.ts';
import { blind } from '../host/game/referee/policy.ts';
import type { RefereeEvent } from '../host/game/referee/types.ts';
import { inputOf } from '../host/game/replay.ts';
import { createGame, step } from '../host/game/step.ts';
import { announce, createAnnouncer } from '../host/speech/announce.ts';
import { espeak } from '../host/speech/espeak.ts';
import { LANGUAGES } from '../host/words/catalogue.ts';
import { VOICE } from '../host/speech/words.ts';
import type { Language } from '../host/words/catalogue.ts';
import { oracleTexts } from '../test/oracles.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * Issue 14: "from the board event to the first audio sample written by espeak-ng, the median
 * and p99 per language (goal: p99 under 300 ms on this machine) and the speech time per move at
 * the default rate."
 *
 * The first plies of a real international game (nk ronde 01, game 1), the same for every
 * language, made as hands do (lift `from`, place `to`, lift each captured piece) and given one
 * by one to the pure game (createGame/step, the blind policy) and its announcer (queries on, as
 * in the blind policy). The clock starts just before the `step` whose effects make the
 * announcer say the move (the place of a step, the last captured lift of a capture: whichever
 * step it is) and stops at the first 'data' chunk of espeak-ng's standard output (`--stdout`,
 * the text on stdin, as the speaker spawns it; default rate 175 wpm) that carries bytes past
 * the WAV header, i.e. the first samples. Each move is spoken to espeak-ng's exit before the
 * next event is given: one espeak-ng at a time, as the speaker does. Only the moves are spoken
 * (the start of the game is not). Speech time per move: the samples' bytes / (rate * channels
 * * bytes per sample) read from the WAV header, espeak-ng's trailing silence included (the
 * length up to the last audible sample is in the note).
 *
 * The full run plays the 40 plies 5 times over (rounds over every language in turn): 200
 * samples a language, so that the nearest-rank p99 (as the other benches take it) is not just
 * the max; `--quick`: 5 plies once. Baseline in the same run: espeak-ng started on an empty
 * text with the language's voice and the same options, to its exit (the floor a process start
 * costs), one run after each move. A move's first samples can come before that floor (a ratio
 * under 1): espeak-ng writes its first 4 KB block (the header and ~90 ms of samples, its stdio
 * buffer) before it has finished and exited, while the floor includes the exit.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const probe = spawnSync('espeak-ng', ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) {
    process.stderr.write(`speech bench: espeak-ng is not installed (${probe.error?.message ?? `exit ${probe.status}`}): apt-get install espeak-ng (npm run setup does it); no figures\n`);
    return [];
  }
  const plies = opts.quick ? 5 : 40;
  const goal = 300;

  const v = variants.international;
  const g = readPdn(oracleTexts('nk ronde 01.pdn')[0], { variant: v }).games[0];
  const moves: Move[] = g.line.flatMap((p) => (p.kind === 'ply' ? [p.move] : [])).slice(0, plies);
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error(start.error.reason);
  const config: GameConfig = { start: start.position, policy: blind, players: { white: 'White', black: 'Black' }, tags: [], timeControl: null, hints: false };
  const events = handEvents(moves);
  const occupancy = SquareSet.from([...start.position.board.keys()].filter((sq) => start.position.board[sq] !== 0));
  const connected: GameInput = {
    type: 'board',
    event: { type: 'link', state: 'connected', hello: { fw: 'bench', squares: v.geometry.squares, buttons: 4, caps: [], ring: 0, boot: 0, extra: {} }, occupancy, buttons: [], t: 0 },
  };
  const inputs: { input: GameInput; now: number }[] = [{ input: connected, now: 0 }, ...events.map((e, i) => ({ input: inputOf(e, i + 1), now: e.t }))];

  // Warm up: every voice once (its data files read into the page cache), not timed.
  for (const lang of LANGUAGES) await speak('1 2 3', lang, 0);

  // Rounds over every language in turn, so that a slow spell of the machine falls on all of them.
  const rounds = opts.quick ? 1 : 5;
  const samples = new Map<Language, Samples>(LANGUAGES.map((l) => [l, { latency: [], exit: [], audio: [], audible: [], floor: [], chars: [], failure: null }]));
  for (let round = 0; round < rounds; round++) {
    for (const lang of LANGUAGES) await pass(lang, inputs, config, samples.get(lang)!);
  }

  const rows: BenchResult[] = [];
  const floors: number[] = [];
  const summary: string[] = [];
  for (const lang of LANGUAGES) {
    const { latency, exit, audio, audible, floor, chars, failure } = samples.get(lang)!;
    if (latency.length === 0) {
      process.stderr.write(`speech bench: ${lang}: nothing measured${failure ? `: ${failure}` : ''}\n`);
      continue;
    }
    const med = median(latency);
    const p99 = percentile(latency, 0.99);
    const max = Math.max(...latency);
    const base = median(floor);
    floors.push(...floor);
    const voice = VOICE[lang];
    const n = `${latency.length} samples (${plies} moves x ${rounds})${failure ? `; stopped: ${failure}` : ''}; espeak-ng exit ${median(exit).toFixed(1)} ms median`;
    rows.push(
      {
        name: `speech ${lang}: event to first sample, median`, figure: med, unit: 'ms', better: 'lower',
        baseline: { name: `espeak-ng -v ${voice} on "" to exit`, figure: base }, ratio: med / base,
        note: n,
      },
      {
        name: `speech ${lang}: event to first sample, p99`, figure: p99, unit: 'ms', better: 'lower', baseline: null, ratio: null,
        target: { figure: goal, met: p99 < goal }, note: `max ${max.toFixed(1)} ms`,
      },
      {
        name: `speech ${lang}: speech time per move, median`, figure: median(audio), unit: 's', better: 'lower', baseline: null, ratio: null,
        note: `175 wpm; to the last audible sample ${median(audible).toFixed(2)} s; max ${Math.max(...audio).toFixed(2)} s; text ${median(chars)} chars median`,
      },
    );
    summary.push(`${lang} ${p99 < goal ? 'met' : 'NOT met'}`);
  }
  if (rows.length > 0) {
    const p99s = rows.filter((r) => r.name.endsWith('p99'));
    const worst = Math.max(...p99s.map((r) => r.figure));
    rows.push({
      name: 'speech: worst p99 over the languages', figure: worst, unit: 'ms', better: 'lower',
      baseline: { name: 'espeak-ng on "" to exit, every voice', figure: median(floors) }, ratio: worst / median(floors),
      target: { figure: goal, met: worst < goal }, note: `goal p99 < ${goal} ms: ${summary.join(', ')}`,
    });
  }
  return rows;
}

interface Samples {
  /** ms from the step that says the move to espeak-ng's first samples. */
  readonly latency: number[];
  /** ms from the same step to espeak-ng's exit. */
  readonly exit: number[];
  /** The WAV's length (s), and up to its last sample above 1% of full scale. */
  readonly audio: number[];
  readonly audible: number[];
  /** ms of espeak-ng on "" to its exit. */
  readonly floor: number[];
  readonly chars: number[];
  failure: string | null;
}

/**
 * The game played once in `lang`: every input through `step` and the announcer; each move said
 * is spoken at once, to espeak-ng's exit, before the next input, then one empty-text run.
 */
async function pass(lang: Language, inputs: readonly { input: GameInput; now: number }[], config: GameConfig, out: Samples): Promise<void> {
  let state: GameState = createGame(config);
  let announcer = createAnnouncer(lang, { queries: true });
  for (const { input, now } of inputs) {
    const t0 = performance.now();
    const r = step(state, input, now);
    const a = announce(announcer, { input, before: state, after: r.state, effects: r.effects, now });
    state = r.state;
    announcer = a.announcer;
    for (const said of a.said) {
      if (said.kind !== 'move' || out.failure) continue;
      try {
        const s = await speak(said.text, lang, t0);
        if (Number.isNaN(s.first)) throw new Error(`no samples for "${said.text}"`);
        out.latency.push(s.first);
        out.exit.push(s.exit);
        out.audio.push(s.seconds);
        out.audible.push(s.audible);
        out.chars.push(said.text.length);
        out.floor.push((await speak('', lang, performance.now())).exit);
      } catch (e) {
        out.failure = (e as Error).message;
      }
    }
  }
}

/** The plies made as hands do, 250 ms apart: lift `from`, place `to`, lift each captured piece. */
function handEvents(moves: readonly Move[]): RefereeEvent[] {
  const out: RefereeEvent[] = [];
  let t = 1000;
  for (const m of moves) {
    out.push({ type: 'lift', square: m.from, t: (t += 250) }, { type: 'place', square: m.to, t: (t += 250) });
    for (const c of m.captured) out.push({ type: 'lift', square: c, t: (t += 250) });
    t += 1000;
  }
  return out;
}

/**
 * `text` through espeak-ng in `lang`'s voice to its standard output, as the speaker spawns it.
 * `first`: ms from `t0` to the first chunk carrying bytes past the WAV header (NaN if none);
 * `exit`: ms from `t0` to the process's exit; `seconds`: the audio's length; `audible`: up to
 * its last sample above 1% of full scale (without the trailing silence).
 */
function speak(text: string, lang: Language, t0: number): Promise<{ first: number; exit: number; seconds: number; audible: number }> {
  return new Promise((resolve, reject) => {
    const child = espeak(text, { voice: VOICE[lang] }, ['--stdout'], 'pipe');
    const chunks: Buffer[] = [];
    let bytes = 0;
    let first = Number.NaN;
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      bytes += d.length;
      chunks.push(d);
      if (Number.isNaN(first) && bytes > 44) first = performance.now() - t0;
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const exit = performance.now() - t0;
      if (code !== 0) return reject(new Error(`espeak-ng -v ${VOICE[lang]} exited ${code}: ${err.trim() || 'no message'}`));
      resolve({ first, exit, ...wavSeconds(Buffer.concat(chunks)) });
    });
  });
}

/**
 * The length of a WAV stream's samples in seconds from its `fmt ` chunk, and up to the last
 * sample above 1% of full scale (16-bit samples; 0 for an empty stream).
 */
function wavSeconds(wav: Buffer): { seconds: number; audible: number } {
  const none = { seconds: 0, audible: 0 };
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF') return none;
  let at = 12;
  let perSecond = 0;
  let bits = 0;
  while (at + 8 <= wav.length) {
    const id = wav.toString('latin1', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      const channels = wav.readUInt16LE(at + 10);
      const rate = wav.readUInt32LE(at + 12);
      bits = wav.readUInt16LE(at + 22);
      perSecond = rate * channels * (bits / 8);
    } else if (id === 'data') {
      // espeak-ng streaming to a pipe cannot know the size (it writes 0x7ffff000): the rest of the stream is the samples.
      const from = at + 8;
      if (perSecond === 0) return none;
      let last = from;
      if (bits === 16) for (let i = from; i + 1 < wav.length; i += 2) if (Math.abs(wav.readInt16LE(i)) > 327) last = i + 2;
      return { seconds: (wav.length - from) / perSecond, audible: (last - from) / perSecond };
    }
    at += 8 + size;
  }
  return none;
}

function median(xs: readonly number[]): number {
  return percentile(xs, 0.5);
}

/** The nearest-rank percentile, as the other benches take it (sorted[floor(n * q)]). */
function percentile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
}
