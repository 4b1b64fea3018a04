/**
 * Damaged event lines never become wrong moves (docs/protocol.md, "Lines" and "Repair").
 *
 * The real event lines are those of the transcript in docs/protocol.md, which is what the
 * firmware sends (firmware/firmware.test.ts checks it). Each line is damaged in every way one or
 * two characters can be substituted (the second character from the digits, the upper-case hex
 * letters and the space: the characters a number or a state is written in; and a fixed sample
 * of two substitutions by any byte), and the damaged line goes through the host's decoder and,
 * in the session, its sequencer: instead of the real line (which then only comes when the
 * sequencer asks RESEND) and before it (the real line right after, a duplicate). What the
 * sequencer delivers must be exactly what a clean session delivers: the same events, numbers
 * and times.
 *
 * A damaged line the decoder refuses changes nothing in the sequencer but the counter of its
 * kind: the session is played once for each kind of refusal at each line, not once per line.
 * Every damaged line the decoder accepts is played, both ways.
 *
 * Then the cross-check alone: every one-character substitution of a line's body with its CRC
 * made right again (the CRC-16 beaten, as it is once in 65536 damaged lines), played the same
 * way: none is delivered as another move. (Two characters changed together, the square and the
 * matching digit of the occupancy with the CRC made right, would be: see docs/protocol.md.)
 *
 * LINK_SUBST_REPORT=1 prints the figures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../rules/prng.ts';
import { framed } from '../testing/frame.ts';
import type { BoardEvent } from '../types.ts';
import { decodeBoardLine } from './decode.ts';
import type { Decoded } from './decode.ts';
import { encodeCommand } from './encode.ts';
import type { BoardMessage } from './messages.ts';
import { Sequencer } from './sequencer.ts';

const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');

/** The board's lines of the transcript, annotations dropped. */
function boardLines(): string[] {
  const section = doc.split(/^## Transcript$/m)[1] ?? '';
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => /^< (.*?\*[0-9A-F]{4})(?=\s|$)/.exec(l)?.[1])
    .filter((l): l is string => l !== undefined);
}

const ALL = boardLines();
const HELLO = ALL.find((l) => l.startsWith('HELLO '))!;
const SNAP0 = ALL.find((l) => l.startsWith('SNAP 0 '))!;
/** The events, each once, in order: EV 1 to EV 6. */
const EVENTS = ALL.filter((l, i) => l.startsWith('EV ') && ALL.findIndex((m) => m.split(' ')[1] === l.split(' ')[1] && m.startsWith('EV ')) === i);
/** What the board sends by itself, in order: heartbeats, events, the periodic snapshot. */
const STREAM = ALL.filter((l, i) => l.startsWith('HB ') || (l.startsWith('EV ') && EVENTS.includes(l) && ALL.indexOf(l) === i) || /^SNAP \d+ 5000 /.test(l));

/** The occupancy and buttons after event `seq` as the board writes them (`OCC BTNS`). */
function stateAfter(seq: number): string {
  if (seq === 0) return SNAP0.split('*')[0].split(' ').slice(3).join(' ');
  return EVENTS[seq - 1].split('*')[0].split(' ').slice(5).join(' ');
}

type Move = { seq: number; what: string; t: number; source: string };

function moves(events: readonly BoardEvent[]): Move[] {
  return events.flatMap((e) =>
    e.type === 'lift' || e.type === 'place'
      ? [{ seq: e.seq, what: `${e.type} ${e.square + 1}`, t: e.t, source: e.source }]
      : e.type === 'button'
        ? [{ seq: e.seq, what: `${e.button} ${e.down ? 'down' : 'up'}`, t: e.t, source: e.source }]
        : [],
  );
}

/**
 * The session of the transcript through a sequencer, the board answering its commands as the
 * firmware does; at event `at` the line `damaged` is heard instead of the real one
 * (`replace`), or before it (`before`). Returns the moves delivered and the sequencer.
 */
function session(damage?: { at: number; decoded: Decoded<BoardMessage>; mode: 'replace' | 'before' }): { moves: Move[]; seq: Sequencer } {
  const seq = new Sequencer({ config: { make: 5, break: 5, snap: 5000, hb: 1000 } });
  const delivered: BoardEvent[] = [];
  let now = 0;
  let issued = 0;
  let ms = 0;
  const hear = (decoded: Decoded<BoardMessage>) => run({ type: 'line', decoded });
  const answer = (line: string) => hear(decodeBoardLine(line));
  function run(input: Parameters<Sequencer['step']>[0]): void {
    const out = seq.step(input, now);
    delivered.push(...out.events);
    for (const c of out.commands) {
      const text = encodeCommand(c);
      const word = text.split(/[ *]/)[0];
      if (word === 'HELLO') answer(HELLO);
      else if (word === 'SNAP') answer(framed(`SNAP ${issued} ${ms} ${stateAfter(issued)}`));
      else if (word === 'RESEND') {
        const from = Number(text.split(/[ *]/)[1]);
        if (from > issued + 1) answer(framed(`ERR GONE oldest ${issued === 0 ? 0 : 1}`));
        else {
          for (let s = from; s <= issued; s++) answer(EVENTS[s - 1]);
          answer(framed('OK RESEND'));
        }
      } else answer(framed(`OK ${word}`));
    }
  }
  run({ type: 'open' });
  for (const line of STREAM) {
    now += 10;
    const m = decodeBoardLine(line);
    if (m.ok && 'ms' in m.message) ms = m.message.ms;
    if (line.startsWith('EV ')) {
      issued++;
      if (damage?.at === issued) {
        hear(damage.decoded);
        if (damage.mode === 'replace') continue;
      }
    }
    hear(m);
    run({ type: 'tick' });
  }
  // The board goes on beating; the link has time to repair what it must.
  for (let i = 1; i <= 3; i++) {
    now += 1000;
    ms += 1000;
    answer(framed(`HB ${issued} ${ms}`));
    run({ type: 'tick' });
  }
  return { moves: moves(delivered), seq };
}

const CLEAN = session();

/** Every substitution of one character of `line` by any byte but `\n` (which would end the line). */
function* oneChar(line: string): Generator<string> {
  for (let i = 0; i < line.length; i++) {
    for (let b = 0; b < 256; b++) {
      if (b === 0x0a || b === line.charCodeAt(i)) continue;
      yield line.slice(0, i) + String.fromCharCode(b) + line.slice(i + 1);
    }
  }
}

/** Every substitution of two characters of `line`, each by a character of `alphabet`. */
function* twoChars(line: string, alphabet: string): Generator<string> {
  for (let i = 0; i < line.length; i++) {
    for (let j = i + 1; j < line.length; j++) {
      for (const a of alphabet) {
        if (a === line[i]) continue;
        const head = line.slice(0, i) + a + line.slice(i + 1, j);
        const tail = line.slice(j + 1);
        for (const b of alphabet) if (b !== line[j]) yield head + b + tail;
      }
    }
  }
}

/** `n` two-character substitutions by any byte but `\n`, at random places (a fixed seed). */
function* sampled(line: string, n: number, seed: number): Generator<string> {
  const random = mulberry32(seed);
  const byte = (not: number) => {
    for (;;) {
      const b = Math.floor(random() * 256);
      if (b !== 0x0a && b !== not) return String.fromCharCode(b);
    }
  };
  for (let k = 0; k < n; k++) {
    const i = Math.floor(random() * line.length);
    let j = Math.floor(random() * (line.length - 1));
    if (j >= i) j++;
    const chars = line.split('');
    chars[i] = byte(line.charCodeAt(i));
    chars[j] = byte(line.charCodeAt(j));
    yield chars.join('');
  }
}

const NUMBERS = '0123456789ABCDEF ';
const SAMPLE = 20_000;

interface Tally {
  cases: number;
  refused: Map<string, number>;
  accepted: number;
  /** Accepted and meaning something else than the real line. */
  other: number;
  played: number;
}

/**
 * Plays the session with `damaged` at event `at`, both ways, and compares what it delivers with
 * the clean session's; returns whether the cross-check refused an event.
 */
function play(at: number, damaged: string, decoded: Decoded<BoardMessage>, compare: (got: Move[], want: Move[], why: string) => void): boolean {
  let refused = false;
  for (const mode of ['replace', 'before'] as const) {
    const r = session({ at, decoded, mode });
    compare(r.moves, CLEAN.moves, `${JSON.stringify(damaged)} ${mode} the real EV ${at}`);
    expect(r.seq.snapshot()?.occupancy.equals(CLEAN.seq.snapshot()!.occupancy), `${JSON.stringify(damaged)} ${mode}`).toBe(true);
    refused ||= r.seq.health(0).invalidEvents > 0;
  }
  return refused;
}

const report = process.env.LINK_SUBST_REPORT === '1';

describe('damaged event lines never become wrong moves', () => {
  it('the transcript has its six events, and the clean session delivers them with their times', () => {
    expect(EVENTS.map((l) => l.split(' ').slice(0, 5).join(' '))).toEqual(['EV 1 1204 L 32', 'EV 2 1484 P 28', 'EV 3 2304 D 2', 'EV 4 2404 U 2', 'EV 5 3104 L 19', 'EV 6 3304 P 23']);
    expect(CLEAN.moves.map((m) => `${m.seq} ${m.what} ${m.t} ${m.source}`)).toEqual([
      '1 lift 32 1204 board',
      '2 place 28 1484 board',
      '3 clock down 2304 board',
      '4 clock up 2404 board',
      '5 lift 19 3104 board',
      '6 place 23 3304 board',
    ]);
  });

  it('every one- and two-character substitution of every event line: the same moves, numbers and times as the clean session', () => {
    const started = performance.now();
    const tally: Tally = { cases: 0, refused: new Map(), accepted: 0, other: 0, played: 0 };
    EVENTS.forEach((real, k) => {
      const at = k + 1;
      const truth = decodeBoardLine(real);
      const kinds = new Map<string, { line: string; decoded: Decoded<BoardMessage> }>();
      const candidates = [oneChar(real), twoChars(real, NUMBERS), sampled(real, SAMPLE, 1000 + at)];
      for (const gen of candidates) {
        for (const damaged of gen) {
          tally.cases++;
          const decoded = decodeBoardLine(damaged);
          if (!decoded.ok) {
            tally.refused.set(decoded.error.kind, (tally.refused.get(decoded.error.kind) ?? 0) + 1);
            if (!kinds.has(decoded.error.kind)) kinds.set(decoded.error.kind, { line: damaged, decoded });
            continue;
          }
          tally.accepted++;
          if (JSON.stringify(decoded) !== JSON.stringify(truth)) tally.other++;
          tally.played++;
          play(at, damaged, decoded, (got, want, why) => expect(got, why).toEqual(want));
        }
      }
      for (const { line, decoded } of kinds.values()) {
        tally.played++;
        play(at, line, decoded, (got, want, why) => expect(got, why).toEqual(want));
      }
    });
    const ms = performance.now() - started;
    if (report) console.log(`substitutions: ${tally.cases} damaged lines in ${ms.toFixed(0)} ms; refused ${JSON.stringify(Object.fromEntries(tally.refused))}; accepted ${tally.accepted} (${tally.other} meaning something else); ${tally.played} sessions played`);
    expect(tally.cases).toBeGreaterThan(1_000_000);
    expect(tally.refused.get('crc')).toBeGreaterThan(900_000);
  });

  it('the cross-check alone: every one-character change of an event body with its CRC made right is never delivered as another move', () => {
    let changed = 0;
    let caught = 0;
    let wrongTime = 0;
    let fromSnapshot = 0;
    EVENTS.forEach((real, k) => {
      const at = k + 1;
      const body = real.split('*')[0];
      const truth = JSON.stringify(decodeBoardLine(real));
      for (const damagedBody of oneChar(body)) {
        if (damagedBody.includes('*')) continue;
        const damaged = framed(damagedBody);
        const decoded = decodeBoardLine(damaged);
        if (!decoded.ok || JSON.stringify(decoded) === truth) continue;
        changed++;
        const refused = play(at, damaged, decoded, (got, want, why) => {
          // The moves and their numbers: never another move. A time damaged within what the
          // link can check (not before the event it follows) is the one thing let through; when
          // it is later than the next event's, that event fails its check in turn and comes
          // from a snapshot, the same move.
          expect(got.map(({ seq, what }) => ({ seq, what })), why).toEqual(want.map(({ seq, what }) => ({ seq, what })));
          if (got.some((m, i) => m.t !== want[i].t)) wrongTime++;
          if (got.some((m) => m.source !== 'board')) fromSnapshot++;
        });
        if (refused) caught++;
      }
    });
    if (report) console.log(`cross-check: ${changed} damaged bodies with a right CRC that decode as another line; ${caught} caught by the cross-check; ${wrongTime / 2} delivered with another time (sessions with a move from a snapshot: ${fromSnapshot})`);
    expect(changed).toBeGreaterThan(500);
    expect(caught).toBeGreaterThan(changed / 2);
  });
});
