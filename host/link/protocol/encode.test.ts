import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SquareSet } from '../../../rules/squareSet.ts';
import type { LedPattern } from '../types.ts';
import { framed } from '../testing/frame.ts';
import { decodeBoardLine, decodeHostLine } from './decode.ts';
import { commandProblem, encodeBoardMessage, encodeCommand } from './encode.ts';
import type { BoardMessage, HostCommand } from './messages.ts';

/** A body framed with its CRC (computed here from the specification), no line end. */
const f = framed;

const START = SquareSet.from([...Array.from({ length: 20 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => 30 + i)]);

describe('encode: the strict writer', () => {
  it('writes the transcript lines of docs/protocol.md', () => {
    expect(encodeCommand({ type: 'snap' })).toBe(`${f('SNAP')}\n`);
    expect(encodeCommand({ type: 'resend', seq: 3 })).toBe(`${f('RESEND 3')}\n`);
    const led: LedPattern[] = Array.from({ length: 50 }, (_, i) => (i === 27 || i === 31 ? 'on' : 'off'));
    expect(encodeCommand({ type: 'led', frame: led })).toBe(`${f('LED 00000000000000000000000000010001000000000000000000')}\n`);
    expect(encodeCommand({ type: 'cfg', config: { hb: 500, make: 20 } })).toBe(`${f('CFG make=20 hb=500')}\n`);
    expect(encodeBoardMessage({ type: 'snap', seq: 0, ms: 1203, occupancy: START, buttons: [] }, 50)).toBe(`${f('SNAP 0 1203 3FFFFC00FFFFF 0')}\n`);
    expect(encodeBoardMessage({ type: 'snap', seq: 0, ms: 1, occupancy: SquareSet.of(0, 31), buttons: ['accept'] }, 32)).toBe(`${f('SNAP 0 1 80000001 4')}\n`);
    expect(encodeBoardMessage({ type: 'event', seq: 1, ms: 5120, kind: 'lift', square: 31, occupancy: START.without(31), buttons: [] }, 50)).toBe(`${f('EV 1 5120 L 32 3FFFF400FFFFF 0')}\n`);
    expect(encodeBoardMessage({ type: 'event', seq: 2, ms: 1, kind: 'down', button: 'clock', occupancy: SquareSet.of(0, 31), buttons: ['clock'] }, 32)).toBe(`${f('EV 2 1 D 2 80000001 2')}\n`);
    expect(encodeCommand({ type: 'snap' })).toBe('SNAP*0883\n');
  });

  const problems: [string, HostCommand, number | undefined][] = [
    ['RESEND 0', { type: 'resend', seq: 0 }, undefined],
    ['RESEND 1.5', { type: 'resend', seq: 1.5 }, undefined],
    ['a beep of 50 Hz', { type: 'beep', hz: 50, ms: 100 }, undefined],
    ['a beep of NaN ms', { type: 'beep', hz: 440, ms: NaN }, undefined],
    ['an LED frame of the wrong length', { type: 'led', frame: ['on'] }, 50],
    ['an LED pattern that does not exist', { type: 'led', frame: ['blink' as LedPattern] }, undefined],
    ['an empty CFG', { type: 'cfg', config: {} }, undefined],
    ['CFG hb=-1', { type: 'cfg', config: { hb: -1 } }, undefined],
    ['CFG of an unknown key', { type: 'cfg', config: { speed: 1 } as never }, undefined],
  ];
  it.each(problems)('refuses %s (commandProblem names it; encodeCommand throws RangeError)', (_name, cmd, squares) => {
    expect(commandProblem(cmd, squares)).toEqual(expect.any(String));
    if (squares === undefined) expect(() => encodeCommand(cmd)).toThrow(RangeError);
  });

  it('property: every command encodes to a line the board side decodes to the same command', () => {
    const pattern = fc.constantFrom<LedPattern>('off', 'on', 'slow', 'fast', 'alternate');
    const cmd: fc.Arbitrary<HostCommand> = fc.oneof(
      fc.constant({ type: 'hello' as const }),
      fc.constant({ type: 'snap' as const }),
      fc.integer({ min: 1, max: 65535 }).map((seq) => ({ type: 'resend' as const, seq })),
      fc.array(pattern, { minLength: 32, maxLength: 32 }).map((frame) => ({ type: 'led' as const, frame })),
      fc.record({ hz: fc.integer({ min: 100, max: 8000 }), ms: fc.integer({ min: 1, max: 2000 }) }).map((b) => ({ type: 'beep' as const, ...b })),
      fc
        .record({ make: fc.integer({ min: 0, max: 255 }), break: fc.integer({ min: 0, max: 255 }), snap: fc.integer({ min: 0, max: 65535 }), hb: fc.integer({ min: 0, max: 65535 }) }, { requiredKeys: ['hb'] })
        .map((config) => ({ type: 'cfg' as const, config })),
    );
    fc.assert(
      fc.property(cmd, (c) => {
        const line = encodeCommand(c);
        expect(line.endsWith('\n')).toBe(true);
        expect(decodeHostLine(line, { squares: 32 })).toEqual({ ok: true, message: c });
      }),
    );
  });

  it('property: every board message encodes to a line that decodes to the same message', () => {
    const sq = fc.integer({ min: 0, max: 49 });
    const msg: fc.Arbitrary<BoardMessage> = fc.oneof(
      fc
        .record({ seq: fc.integer({ min: 1, max: 65535 }), ms: fc.nat({ max: 0xffffffff }), square: sq, kind: fc.constantFrom('lift' as const, 'place' as const), occ: fc.uniqueArray(sq) })
        .map(({ occ, ...e }) => ({ type: 'event' as const, ...e, occupancy: SquareSet.from(occ), buttons: [] })),
      fc.record({ seq: fc.integer({ min: 0, max: 65535 }), ms: fc.nat({ max: 0xffffffff }), occ: fc.uniqueArray(sq) }).map((s) => ({
        type: 'snap' as const,
        seq: s.seq,
        ms: s.ms,
        occupancy: SquareSet.from(s.occ),
        buttons: [],
      })),
      fc.record({ seq: fc.integer({ min: 0, max: 65535 }), ms: fc.nat({ max: 0xffffffff }) }).map((h) => ({ type: 'hb' as const, ...h })),
      fc.record({ boot: fc.integer({ min: 0, max: 9 }), ring: fc.integer({ min: 0, max: 99 }) }).map((h) => ({
        type: 'hello' as const,
        fw: '2.0.0',
        proto: 2,
        squares: 50,
        buttons: 4,
        caps: ['leds', 'blink', 'beep', 'snapshot', 'resend', 'config', 'heartbeat'],
        ring: h.ring,
        boot: h.boot,
        extra: {},
      })),
    );
    fc.assert(
      fc.property(msg, (m) => {
        expect(decodeBoardLine(encodeBoardMessage(m, 50))).toEqual({ ok: true, message: m });
      }),
    );
  });
});
