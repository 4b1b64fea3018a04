/**
 * The recorded session of docs/protocol.md ("Transcript": the real output of the firmware core,
 * firmware/test/test_transcript.c), replayed against the host's codec and sequencer, and against
 * the TypeScript test peer to show that the peer words every line as the firmware does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BoardPeer } from './boardPeer.ts';
import { SquareSet } from '../../../rules/squareSet.ts';
import type { BoardEvent, LedFrame } from '../types.ts';
import { decodeBoardLine, decodeHostLine } from './decode.ts';
import { encodeCommand } from './encode.ts';
import { Sequencer } from './sequencer.ts';

const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');

/** `[direction, line]` for every protocol line of the transcript block, annotations dropped. */
function transcript(): [string, string, string][] {
  const section = doc.split(/^## Transcript$/m)[1] ?? '';
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => /^([<>]) (.*?\*[0-9A-F]{4})(?=\s|$)(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], m[2], m[3].trim()]);
}

const lines = transcript();
const START = SquareSet.from([...Array.from({ length: 20 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => 30 + i)]);

describe('docs/protocol.md transcript', () => {
  it('has the session (more than 20 lines)', () => {
    expect(lines.length).toBeGreaterThan(20);
  });

  it('every board line decodes; every host line decodes, but the one damaged on the wire and the bad BEEP', () => {
    for (const [dir, line] of lines) {
      if (dir === '<') expect(decodeBoardLine(line), line).toMatchObject({ ok: true });
      else if (line.startsWith('SNAQ')) expect(decodeHostLine(line, { squares: 50 })).toMatchObject({ ok: false, error: { kind: 'crc', reason: 'expected 18A2' } });
      else if (line.startsWith('BEEP 20000')) expect(decodeHostLine(line, { squares: 50 })).toMatchObject({ ok: false, error: { kind: 'arg', reason: 'BEEP HZ 100-8000 MS 1-2000' } });
      else expect(decodeHostLine(line, { squares: 50 }), line).toMatchObject({ ok: true });
    }
  });

  it('replayed into the sequencer: the lost EV 5 asks RESEND 5, the duplicate 6 is dropped, the snapshots agree', () => {
    const seq = new Sequencer({ config: { make: 5, break: 5, snap: 5000, hb: 1000 } });
    const events: BoardEvent[] = [];
    const sent: string[] = [];
    let now = 0;
    const step = (...args: Parameters<Sequencer['step']>) => {
      const out = seq.step(...args);
      events.push(...out.events);
      sent.push(...out.commands.map((c) => encodeCommand(c)));
      return out;
    };
    step({ type: 'open' }, now);
    sent.length = 0;
    let lostOnce = false;
    let id = 0;
    for (const [dir, line, note] of lines) {
      now += 10;
      if (dir === '>') {
        // The host's own commands: give the link the user's, check it sends the repairs itself.
        if (line.startsWith('LED ')) {
          const r = decodeHostLine(line, { squares: 50 });
          if (r.ok && r.message.type === 'led') step({ type: 'command', id: ++id, command: { type: 'led', frame: r.message.frame as LedFrame } }, now);
        } else if (line.startsWith('BEEP 880')) step({ type: 'command', id: ++id, command: { type: 'beep', hz: 880, ms: 120 } }, now);
        else if (line.startsWith('RESEND')) expect(sent.at(-1)).toBe(`${line}\n`);
        // The configuration follows the board's HELLO, as the transcript shows it.
        else if (line.startsWith('CFG')) expect(sent).toContain(`${line}\n`);
        continue;
      }
      if (note.includes('lost on the way') && !lostOnce) {
        lostOnce = true;
        continue;
      }
      step({ type: 'line', decoded: decodeBoardLine(line) }, now);
    }
    const moves = events.flatMap((e) => (e.type === 'lift' || e.type === 'place' ? [`${e.type} ${e.square + 1}`] : e.type === 'button' ? [`${e.button} ${e.down}`] : e.type === 'link' ? [e.state] : []));
    expect(moves).toEqual(['connected', 'lift 32', 'place 28', 'clock true', 'clock false', 'lift 19', 'place 23']);
    expect(events.filter((e) => e.type !== 'link').map((e) => e.t)).toEqual([1204, 1484, 2304, 2404, 3104, 3304]);
    // At open the host asks HELLO only (the board is starting); SNAP and CFG go once its HELLO is in.
    expect(sent.map((l) => l.split('*')[0])).toEqual(['SNAP', 'CFG make=5 break=5 snap=5000 hb=1000', 'LED 00000000000000000000000000010001000000000000000000', 'RESEND 5', 'LED 000000000000000000A000F0000S0000000000000000000000', 'BEEP 880 120']);
    const snap = seq.snapshot();
    expect(snap?.seq).toBe(6);
    expect(snap?.occupancy.equals(START.without(31).with(27).without(18).with(22))).toBe(true);
    expect(seq.health(now)).toMatchObject({
      state: 'connected',
      gaps: 1,
      gapsRepaired: 1,
      resends: 1,
      duplicatesDropped: 1,
      outOfOrder: 1,
      mismatches: 0,
      snapshotsUsed: 0,
      crcErrors: 0,
      // ERR CRC and ERR ARG answer commands this replay did not send (the damaged SNAP, BEEP 20000).
      errorReplies: 2,
      unexpectedReplies: 2,
    });
  });

  it('the test peer sends every board line of the session exactly as the firmware does', () => {
    const peer = new BoardPeer({ boot: 7, occupancy: START });
    const answers: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      const [dir, line] = lines[i];
      const expected = `${line}\n`;
      if (dir === '>') {
        // Answers carry the board time of the next board line.
        const next = lines.slice(i + 1).find(([d]) => d === '<');
        const m = next ? decodeBoardLine(next[1]) : null;
        if (m?.ok && 'ms' in m.message) peer.ms = m.message.ms;
        answers.push(...peer.handle(line));
        continue;
      }
      if (answers.length > 0) {
        expect(answers.shift(), 'answer').toBe(expected);
        continue;
      }
      const d = decodeBoardLine(line);
      if (!d.ok) throw new Error(line);
      const m = d.message;
      if (m.type === 'hello') expect(peer.helloLine()).toBe(expected);
      else if (m.type === 'snap') {
        peer.ms = m.ms;
        expect(peer.snapLine()).toBe(expected);
      } else if (m.type === 'hb') {
        peer.ms = m.ms;
        expect(peer.heartbeatLine()).toBe(expected);
      } else if (m.type === 'event') {
        peer.ms = m.ms;
        const sent = m.kind === 'lift' ? peer.lift(m.square) : m.kind === 'place' ? peer.place(m.square) : m.kind === 'down' ? peer.press(m.button) : peer.release(m.button);
        expect(sent).toBe(expected);
      } else throw new Error(`unexpected unsolicited ${line}`);
    }
    expect(answers).toEqual([]);
  });
});
