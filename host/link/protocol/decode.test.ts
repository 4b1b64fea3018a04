import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SquareSet } from '../../../rules/squareSet.ts';
import type { LedFrame } from '../types.ts';
import { framed, framedV1, specCrcHex } from '../testing/frame.ts';
import { decodeBoardLine, decodeHostLine, errCodeFor } from './decode.ts';
import type { LineErrorKind } from './decode.ts';
import { encodeBoardMessage, frameLine } from './encode.ts';
import type { BoardMessage, HostCommand } from './messages.ts';

/** A body framed with its CRC (computed here from the specification), no line end (as the line splitter hands lines over). */
const f = framed;

const START = SquareSet.from([...Array.from({ length: 20 }, (_, i) => i), ...Array.from({ length: 20 }, (_, i) => 30 + i)]);

describe('decodeBoardLine: the board-to-host table of docs/protocol.md', () => {
  const table: [string, BoardMessage][] = [
    [
      'HELLO dambord 2.0.0 proto=2 squares=50 buttons=4 caps=leds,blink,beep,snapshot,resend,config,heartbeat ring=64 boot=7',
      { type: 'hello', fw: '2.0.0', proto: 2, squares: 50, buttons: 4, caps: ['leds', 'blink', 'beep', 'snapshot', 'resend', 'config', 'heartbeat'], ring: 64, boot: 7, extra: {} },
    ],
    ['HELLO dambord 2.1 boot=3 squares=32 proto=3 ring=16 caps= rev=b', { type: 'hello', fw: '2.1', proto: 3, squares: 32, buttons: 4, caps: [], ring: 16, boot: 3, extra: { rev: 'b' } }],
    ['EV 1 5120 L 32 3FFFF400FFFFF 0', { type: 'event', seq: 1, ms: 5120, kind: 'lift', square: 31, occupancy: START.without(31), buttons: [] }],
    ['EV 2 5398 P 28 3FFFF480FFFFF 0', { type: 'event', seq: 2, ms: 5398, kind: 'place', square: 27, occupancy: START.without(31).with(27), buttons: [] }],
    ['EV 65535 4294967295 D 1 0 1', { type: 'event', seq: 65535, ms: 4294967295, kind: 'down', button: 'jadoube', occupancy: SquareSet.EMPTY, buttons: ['jadoube'] }],
    ['EV 9 100 U 4 80000001 2', { type: 'event', seq: 9, ms: 100, kind: 'up', button: 'correct', occupancy: SquareSet.of(0, 31), buttons: ['clock'] }],
    ['SNAP 0 1203 3FFFFC00FFFFF 0', { type: 'snap', seq: 0, ms: 1203, occupancy: START, buttons: [] }],
    ['SNAP 12 99 0000000000001 A', { type: 'snap', seq: 12, ms: 99, occupancy: SquareSet.of(0), buttons: ['clock', 'correct'] }],
    ['SNAP 3 1 80000000 0', { type: 'snap', seq: 3, ms: 1, occupancy: SquareSet.of(31), buttons: [] }],
    ['SNAP 3 1 2000000000000 1', { type: 'snap', seq: 3, ms: 1, occupancy: SquareSet.of(49), buttons: ['jadoube'] }],
    ['HB 2 6000', { type: 'hb', seq: 2, ms: 6000 }],
    ['OK LED', { type: 'ok', command: 'LED' }],
    ['OK RESEND', { type: 'ok', command: 'RESEND' }],
    ['ERR GONE', { type: 'err', code: 'GONE', text: '' }],
    ['ERR ARG BEEP 9000 is out of range', { type: 'err', code: 'ARG', text: 'BEEP 9000 is out of range' }],
    ['ERR R x', { type: 'err', code: 'R', text: 'x' }],
  ];
  it.each(table)('%s', (body, want) => {
    expect(decodeBoardLine(f(body))).toEqual({ ok: true, message: want });
  });

  it('drops a \\r before the \\n, and takes bytes as well as strings', () => {
    expect(decodeBoardLine(`${f('HB 2 6000')}\r\n`)).toMatchObject({ ok: true, message: { type: 'hb' } });
    expect(decodeBoardLine(Buffer.from(`${f('HB 2 6000')}\r`))).toMatchObject({ ok: true, message: { type: 'hb' } });
  });

  it('reads liberally: lower-case CRC, runs of spaces, leading zeros', () => {
    expect(decodeBoardLine(`EV 1 5120 L 32 0 0*${specCrcHex('EV 1 5120 L 32 0 0').toLowerCase()}`)).toMatchObject({ ok: true });
    expect(decodeBoardLine(f('EV  01 5120   L 032 03FFFF400FFFFF  0'))).toMatchObject({ ok: true, message: { seq: 1, square: 31, occupancy: START.without(31) } });
  });

  const errors: [string, string, LineErrorKind][] = [
    ['CRC wrong', 'EV 1 5120 L 32 0 0*0000', 'crc'],
    ['CRC of another line', `EV 1 5120 L 33 0 0*${specCrcHex('EV 1 5120 L 32 0 0')}`, 'crc'],
    ['no *HHHH', 'EV 1 5120 L 32 0 0', 'frame'],
    ['three CRC digits', 'EV 1 5120 L 32 0 0*A12', 'frame'],
    ['five CRC digits', 'EV 1 5120 L 32 0 0*A1234', 'frame'],
    ['two CRC digits that are not a CRC-8 of the body', 'EV 1 5120 L 32*00', 'frame'],
    ['CRC not hex', 'EV 1 5120 L 32 0 0*ZZZZ', 'frame'],
    ['* inside the body', f('EV 1*2'), 'frame'],
    ['a byte outside printable ASCII', f('EV 1 5\x01 L 32 0 0'), 'frame'],
    ['empty line', '', 'frame'],
    ['over 128 bytes', f(`ERR ARG ${'x'.repeat(120)}`), 'long'],
    ['a HELLO of protocol 1 (firmware 1.0.0, CRC-8)', framedV1('HELLO dambord 1.0.0 squares=50 buttons=4 caps=leds ring=64 boot=7'), 'legacy'],
    ['a line of protocol 1', framedV1('HB 4 3000'), 'legacy'],
    ['unknown message', f('WHAT 1 2'), 'unknown'],
    ['empty body', f(''), 'syntax'],
    ['EV with seq 0', f('EV 0 1 L 1 0 0'), 'arg'],
    ['EV with seq 65536', f('EV 65536 1 L 1 0 0'), 'arg'],
    ['EV with square 0', f('EV 1 1 L 0 0 0'), 'arg'],
    ['EV with square 65', f('EV 1 1 L 65 0 0'), 'arg'],
    ['EV with button 5', f('EV 1 1 D 5 0 0'), 'arg'],
    ['EV with kind X', f('EV 1 1 X 5 0 0'), 'syntax'],
    ['EV without its inputs (protocol 1)', f('EV 1 1 L 3'), 'syntax'],
    ['EV without its buttons', f('EV 1 1 L 3 0'), 'syntax'],
    ['EV with a field too many', f('EV 1 1 L 3 0 0 4'), 'syntax'],
    ['EV with a negative number', f('EV -1 1 L 3 0 0'), 'syntax'],
    ['EV with MS over 2^32', f('EV 1 4294967296 L 3 0 0'), 'arg'],
    ['EV with OCC not hex', f('EV 1 1 L 3 XYZ 0'), 'syntax'],
    ['EV with button bit 5', f('EV 1 1 L 3 0 10'), 'arg'],
    ['SNAP with OCC not hex', f('SNAP 1 1 XYZ 0'), 'syntax'],
    ['SNAP with 17 OCC digits', f('SNAP 1 1 00000000000000001 0'), 'syntax'],
    ['SNAP with button bit 5', f('SNAP 1 1 0 10'), 'arg'],
    ['HB without MS', f('HB 2'), 'syntax'],
    ['OK without a word', f('OK'), 'syntax'],
    ['ERR without a code', f('ERR'), 'syntax'],
    ['HELLO of another product', f('HELLO other 1 proto=2 squares=50 boot=1'), 'syntax'],
    ['HELLO without proto', f('HELLO dambord 1 squares=50 boot=1'), 'syntax'],
    ['HELLO with proto=0', f('HELLO dambord 1 proto=0 squares=50 boot=1'), 'arg'],
    ['HELLO without boot', f('HELLO dambord 1 proto=2 squares=50'), 'syntax'],
    ['HELLO without squares', f('HELLO dambord 1 proto=2 boot=1'), 'syntax'],
    ['HELLO with squares=65', f('HELLO dambord 1 proto=2 squares=65 boot=1'), 'arg'],
    ['HELLO with a field twice', f('HELLO dambord 1 proto=2 squares=50 squares=32 boot=1'), 'syntax'],
    ['HELLO with a bare word', f('HELLO dambord 1 proto=2 squares=50 boot=1 junk'), 'syntax'],
    ['HELLO with an empty cap', f('HELLO dambord 1 proto=2 squares=50 boot=1 caps=leds,,beep'), 'syntax'],
  ];
  it.each(errors)('refuses %s', (_name, line, kind) => {
    const r = decodeBoardLine(line);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe(kind);
      expect(r.error.reason.length).toBeGreaterThan(0);
    }
  });

  it('a line of protocol 1 names the firmware when it is a HELLO', () => {
    const r = decodeBoardLine(framedV1('HELLO dambord 1.0.0 squares=32 buttons=4 boot=7'));
    expect(r).toMatchObject({ ok: false, error: { kind: 'legacy', fw: '1.0.0' } });
    expect(decodeBoardLine(framedV1('HB 4 3000'))).toMatchObject({ ok: false, error: { kind: 'legacy', reason: expect.stringMatching(/protocol 1/) } });
    expect(decodeBoardLine(framedV1('HB 4 3000'))).not.toHaveProperty('error.fw');
  });

  it('docs/protocol.md: a line is at most 128 bytes, so a body 123; the longest HELLO (boot=65535) is 121', () => {
    const hello = { type: 'hello' as const, fw: '2.0.0', proto: 2, squares: 50, buttons: 4, caps: ['leds', 'blink', 'beep', 'snapshot', 'resend', 'config', 'heartbeat'], ring: 64, boot: 65535, extra: {} };
    expect(encodeBoardMessage(hello, 50).length).toBe(121 + 6);
    const body = `ERR ARG ${'x'.repeat(115)}`;
    expect(body.length).toBe(123);
    expect(decodeBoardLine(f(body)).ok).toBe(true);
    expect(decodeBoardLine(f(`${body}x`))).toMatchObject({ ok: false, error: { kind: 'long' } });
    expect(() => frameLine(body)).not.toThrow();
    expect(() => frameLine(`${body}x`)).toThrow(RangeError);
  });

  it('fuzz: random bytes and random lines never throw, and anything accepted re-encodes to an accepted line', () => {
    const line = fc.oneof(
      fc.uint8Array({ maxLength: 160 }).map((b) => Buffer.from(b).toString('latin1')),
      fc.string({ maxLength: 140 }),
      fc.string({ unit: fc.constantFrom(...'EVSNAPHBOKR 0123456789ABCDEF*LPDU=\r'.split('')), maxLength: 50 }).map((s) => (Math.random() < 0.5 ? s : f(s.replace(/\*/g, '')))),
    );
    fc.assert(
      fc.property(line, (text) => {
        const r = decodeBoardLine(text);
        if (r.ok && r.message.type !== 'hello') {
          const again = decodeBoardLine(encodeBoardMessage(r.message, 64));
          expect(again).toEqual(r);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('decodeHostLine: the host-to-board table, and the ERR code a board answers', () => {
  const ctx = { squares: 50 };
  const led: LedFrame = Array.from({ length: 50 }, (_, i) => (i === 27 || i === 31 ? 'on' : 'off'));
  const table: [string, HostCommand][] = [
    ['HELLO', { type: 'hello' }],
    ['SNAP', { type: 'snap' }],
    ['RESEND 3', { type: 'resend', seq: 3 }],
    ['LED 00000000000000000000000000010001000000000000000000', { type: 'led', frame: led }],
    ['BEEP 440 200', { type: 'beep', hz: 440, ms: 200 }],
    ['CFG make=20 hb=500', { type: 'cfg', config: { make: 20, hb: 500 } }],
    ['CFG break=255 snap=0', { type: 'cfg', config: { break: 255, snap: 0 } }],
    ['CFG  hb=5 hb=0007 ', { type: 'cfg', config: { hb: 7 } }],
    ['CFG', { type: 'cfg', config: {} }],
    ['RESEND 00003', { type: 'resend', seq: 3 }],
  ];
  it.each(table)('%s', (body, want) => {
    expect(decodeHostLine(f(body), ctx)).toEqual({ ok: true, message: want });
  });

  // The refusals as docs/protocol.md words them, checked in the board's order.
  const errors: [string, string, string][] = [
    ['a long line', f(`LED ${'0'.repeat(124)}`), 'LONG line over 128 bytes'],
    ['no CRC', 'SNAP', 'SYNTAX no checksum'],
    ['three CRC digits', 'SNAP*883', 'SYNTAX no checksum'],
    ['a line of protocol 1 (CRC-8)', 'SNAP*95', 'SYNTAX no checksum'],
    ['a * inside', 'SN*AP*0883', 'SYNTAX no checksum'],
    ['a bad CRC (the transcript)', 'SNAQ*0883', 'CRC expected 18A2'],
    ['a bad character', f('SNAP\u0001'), 'SYNTAX bad character'],
    ['a bad CRC before a bad character', 'SNAP\u0001*0000', `CRC expected ${specCrcHex('SNAP\u0001')}`],
    ['an unknown command', f('FLY 3'), 'SYNTAX unknown command'],
    ['a lower-case command', f('snap'), 'SYNTAX unknown command'],
    ['HELLO with an argument', f('HELLO 1'), 'ARG HELLO takes no argument'],
    ['SNAP with an argument', f('SNAP x'), 'ARG SNAP takes no argument'],
    ['RESEND 0', f('RESEND 0'), 'ARG RESEND SEQ 1-65535'],
    ['RESEND without SEQ', f('RESEND'), 'ARG RESEND SEQ 1-65535'],
    ['RESEND with six digits', f('RESEND 000001'), 'ARG RESEND SEQ 1-65535'],
    ['RESEND with more', f('RESEND 1 2'), 'ARG RESEND SEQ 1-65535'],
    ['an LED pattern too short', f('LED 0101'), 'ARG LED PATTERN of 50 0/1/S/F/A'],
    ['an LED character X', f(`LED X${'0'.repeat(49)}`), 'ARG LED PATTERN of 50 0/1/S/F/A'],
    ['BEEP 99 Hz', f('BEEP 99 100'), 'ARG BEEP HZ 100-8000 MS 1-2000'],
    ['BEEP 20000 Hz (the transcript)', f('BEEP 20000 100'), 'ARG BEEP HZ 100-8000 MS 1-2000'],
    ['BEEP of 2001 ms', f('BEEP 440 2001'), 'ARG BEEP HZ 100-8000 MS 1-2000'],
    ['BEEP without MS', f('BEEP 440'), 'ARG BEEP HZ 100-8000 MS 1-2000'],
    ['CFG make=256', f('CFG make=256'), 'ARG CFG make|break=0-255 snap|hb=0-65535'],
    ['CFG of an unknown key', f('CFG speed=3'), 'ARG CFG make|break=0-255 snap|hb=0-65535'],
    ['CFG without =', f('CFG hb'), 'ARG CFG make|break=0-255 snap|hb=0-65535'],
    ['CFG hb=abc', f('CFG hb=abc'), 'ARG CFG make|break=0-255 snap|hb=0-65535'],
    ['CFG all or nothing', f('CFG hb=5 make=300'), 'ARG CFG make|break=0-255 snap|hb=0-65535'],
  ];
  it.each(errors)('refuses %s: ERR %s', (_name, line, answer) => {
    const r = decodeHostLine(line, ctx);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(`${errCodeFor(r.error.kind)} ${r.error.reason}`).toBe(answer);
  });

  it('the 8x8 board names its own pattern length', () => {
    const r = decodeHostLine(f('LED 0'), { squares: 32 });
    expect(r.ok ? '' : r.error.reason).toBe('LED PATTERN of 32 0/1/S/F/A');
  });

  it('fuzz: random lines never throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 140 }), fc.uint8Array({ maxLength: 140 }).map((b) => Buffer.from(b))), (line) => {
        decodeHostLine(line, ctx);
      }),
      { numRuns: 2000 },
    );
  });
});

