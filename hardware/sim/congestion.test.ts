// The committed firmware on the simulated board while its serial output is congested: commands
// answered with long lines (HELLO, 123 bytes, 11 ms of link time) sent back to back, so that
// answers wait for room in the 128-byte transmit buffer. The firmware must never wait for the
// output: it keeps scanning every millisecond, keeps reading and carrying out commands, and
// writes each answer when all of it fits (firmware/core/core.h; firmware/test/test_congestion.c
// has the same cases on the host).
//
// The reproduction of the bug this guards against: a 10x10 board with a piece on square 1, 3
// HELLO and an LED command sent back to back, square 1 lifted 3 ms later. The firmware that waited
// inside its writes stopped scanning for 20 ms, reported the lift after 28.9 ms and never answered
// the LED command (its `\n` was lost in the full receive buffer).
import { describe, expect, it } from 'vitest';
import { SimulatedBoard, type BoardSize } from './board.ts';
import { LineCollector, frame } from './testkit.ts';

const SIZES: { size: BoardSize; squares: number }[] = [
  { size: '10x10', squares: 50 },
  { size: '8x8', squares: 32 },
];

/** The board at rest for 100 ms with a piece on square 1, its lines collected from then on, and the longest gap between two scans (chain loads) from then on, in ms. */
function setUp(size: BoardSize) {
  const board = new SimulatedBoard({ size, occupied: [1] });
  const lines = new LineCollector(board);
  board.advance(100);
  lines.clear();
  const scans = { last: NaN, longestGapMs: 0 };
  board.chain.onLoad = (cycle) => {
    const ms = cycle / 16_000;
    if (!Number.isNaN(scans.last)) scans.longestGapMs = Math.max(scans.longestGapMs, ms - scans.last);
    scans.last = ms;
  };
  return { board, lines, scans };
}

describe.each(SIZES)('the $size firmware with its output congested', ({ size, squares }) => {
  it.each([3, 6])('answers %i HELLO then an LED command sent back to back, keeps scanning and reports a lift within 13 ms', (n) => {
    const { board, lines, scans } = setUp(size);
    const led = `LED ${'1'.repeat(squares)}`;
    board.rx(frame('HELLO').repeat(n) + frame(led));
    board.advance(3);
    board.setSquare(1, false);
    const liftAt = board.simTimeMs;

    // Carried out as it arrives: the LEDs are on within a millisecond of the LED line's last
    // byte, while its OK still waits behind the HELLOs.
    while (!board.rxIdle) board.advance(0.1);
    board.advance(1);
    expect(board.leds()).toHaveLength(squares);
    if (n >= 3) expect(lines.bodies('OK')).toEqual([]);

    board.advance(200);
    expect(board.rxOverruns).toBe(0);
    expect(lines.lines.every((l) => l.crcOk)).toBe(true);
    // every command answered, in order
    const answers = lines.bodies().filter((b) => !b.startsWith('EV '));
    expect(answers).toHaveLength(n + 1);
    expect(answers.slice(0, n).every((b) => /^HELLO dambord \S+ proto=2 squares=\d+ /.test(b))).toBe(true);
    expect(answers[n]).toBe('OK LED');
    // the lift, once, ahead of the HELLOs still waiting, within 13 ms: 4-5 ms of debounce, then
    // the EV is written as soon as its longest form fits (46 bytes free of the 128), so what is
    // still ahead of it and the EV itself take at most 127 bytes, 11 ms at 115200 baud; a line
    // of protocol 1, without the inputs, took at most 10 ms in all
    const evs = lines.lines.filter((l) => l.body.startsWith('EV '));
    expect(evs.map((l) => l.body.replace(/^EV 1 \d+ /, 'EV 1 MS '))).toEqual([`EV 1 MS L 1 ${'0'.repeat(Math.ceil(squares / 4))} 0`]);
    expect(evs[0].ms - liftAt).toBeLessThan(13);
    expect(lines.bodies().indexOf(evs[0].body)).toBeLessThan(n);
    // never a pause in the scans
    expect(scans.longestGapMs).toBeLessThanOrEqual(2);
  });

  it('keeps taking commands while its answers wait: 12 HELLO, then SNAP, BEEP and LED, all answered in order', () => {
    const { board, lines, scans } = setUp(size);
    const led = `LED ${'S'.repeat(squares)}`;
    board.rx(frame('HELLO').repeat(12) + frame('SNAP') + frame('BEEP 440 20') + frame(led));
    board.advance(400);
    expect(board.rxOverruns).toBe(0);
    expect(lines.lines.every((l) => l.crcOk)).toBe(true);
    const bodies = lines.bodies();
    expect(bodies).toHaveLength(15);
    expect(bodies.slice(0, 12).every((b) => b.startsWith('HELLO '))).toBe(true);
    expect(bodies[12]).toMatch(/^SNAP 0 \d+ [0-9A-F]+1 0$/);
    expect(bodies.slice(13)).toEqual(['OK BEEP', 'OK LED']);
    // the BEEP sounded when it arrived, not when its answer went out
    const tone = board.tones().find((t) => Math.abs(t.hz - 440) < 10);
    expect(tone).toBeDefined();
    expect(tone!.startMs).toBeLessThan(lines.lines[12].ms);
    expect(scans.longestGapMs).toBeLessThanOrEqual(2);
  });
});
