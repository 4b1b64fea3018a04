// The committed firmware (firmware/hex/*.hex) on the simulated board, against docs/protocol.md.
// Every test moves simulated time explicitly (board.advance), so nothing depends on the wall clock.
import { describe, expect, it } from 'vitest';
import { SimulatedBoard, type BoardSize } from './board.ts';
import { LineCollector, crcHex, frame, type ReceivedLine } from './testkit.ts';
import { mulberry32 as rng } from '../../rules/prng.ts';

const SIZES: { size: BoardSize; squares: number; digits: number }[] = [
  { size: '10x10', squares: 50, digits: 13 },
  { size: '8x8', squares: 32, digits: 8 },
];


/** SNAP's OCC field for a set of squares: bit k-1 is square k, upper-case hex, zero-padded. */
function occ(squares: Iterable<number>, digits: number): string {
  let v = 0n;
  for (const s of squares) v |= 1n << BigInt(s - 1);
  return v.toString(16).toUpperCase().padStart(digits, '0');
}

/** A board booted for `ms` simulated milliseconds, with a collector that saw everything it sent. */
function boot(size: BoardSize, occupied: number[] = [], ms = 60) {
  const board = new SimulatedBoard({ size, occupied });
  const lines = new LineCollector(board);
  board.advance(ms);
  return { board, lines };
}

/** Sends a command line (with its CRC) and returns the first line of the answer that matches. */
function ask(board: SimulatedBoard, lines: LineCollector, body: string, match: (l: ReceivedLine) => boolean, withinMs = 100) {
  board.rx(frame(body));
  return lines.waitFor(match, withinMs);
}

describe.each(SIZES)('the $size firmware on the simulated board', ({ size, squares, digits }) => {
  it('boots and sends HELLO (protocol 2) with a valid CRC-16, then SNAP 0 with the switches it found', () => {
    const random = rng(squares);
    const occupied = Array.from({ length: squares }, (_, i) => i + 1).filter(() => random() < 0.5);
    const { lines } = boot(size, occupied);
    expect(lines.lines.length).toBe(2);
    const [hello, snap] = lines.lines;
    expect(hello.crcOk).toBe(true);
    expect(hello.body).toBe(`HELLO dambord 2.0.0 proto=2 squares=${squares} buttons=4 caps=leds,blink,beep,snapshot,resend,config,heartbeat ring=64 boot=0`);
    expect(hello.text.slice(-5)).toBe(`*${crcHex(hello.body)}`);
    expect(snap.crcOk).toBe(true);
    expect(snap.body).toMatch(new RegExp(`^SNAP 0 \\d+ ${occ(occupied, digits)} 0$`));
    expect(hello.ms).toBeLessThan(20); // out within 20 ms of power-on (EEPROM write, then 123 bytes at 115200)
  });

  it('reports lifts and placements as EV lines in order, each within 10 ms of its switch (debounce included)', () => {
    const { board, lines } = boot(size, [1, 2, 3, squares]);
    lines.clear();
    const moves: [string, number][] = [['L', 3], ['P', 7], ['L', squares], ['P', squares - 1], ['L', 1], ['P', 1]];
    for (const [what, sq] of moves) {
      board.setSquare(sq, what === 'P');
      const at = board.simTimeMs;
      const ev = lines.waitFor((l) => l.body.startsWith('EV '), 50);
      expect(ev, `EV for ${what} ${sq}`).toBeDefined();
      expect(ev!.ms - at).toBeLessThan(10);
      board.advance(40);
    }
    const evs = lines.lines.filter((l) => l.body.startsWith('EV '));
    expect(evs.every((l) => l.crcOk)).toBe(true);
    expect(evs.map((l) => l.body.split(' ').filter((_, i) => i !== 2 && i < 5).join(' '))).toEqual(
      moves.map(([what, sq], i) => `EV ${i + 1} ${what} ${sq}`),
    );
    // each carries the occupancy after it
    const after: number[][] = [];
    let occupied = [1, 2, 3, squares];
    for (const [what, sq] of moves) {
      occupied = what === 'P' ? [...occupied, sq] : occupied.filter((s) => s !== sq);
      after.push(occupied);
    }
    expect(evs.map((l) => l.body.split(' ').slice(5).join(' '))).toEqual(after.map((o) => `${occ(o, digits)} 0`));
    const ms = evs.map((l) => Number(l.body.split(' ')[2]));
    expect(ms).toEqual([...ms].sort((a, b) => a - b));
  });

  it('numbers changes of the same scan in input order, and ignores a bounce shorter than the make time', () => {
    const { board, lines } = boot(size, [9, 4]);
    lines.clear();
    board.setSquare(9, false);
    board.setSquare(4, false);
    board.setSquare(squares, true);
    board.advance(20);
    expect(lines.bodies('EV').map((b) => b.replace(/^EV (\d+) \d+/, 'EV $1'))).toEqual([
      `EV 1 L 4 ${occ([9], digits)} 0`,
      `EV 2 L 9 ${occ([], digits)} 0`,
      `EV 3 P ${squares} ${occ([squares], digits)} 0`,
    ]);
    lines.clear();
    board.setSquare(5, true); // a magnet sliding past for 2 ms
    board.advance(2);
    board.setSquare(5, false);
    board.advance(30);
    expect(lines.bodies('EV')).toEqual([]);
  });

  it('reports buttons by number, pressed (D) and released (U), and SNAP shows them held', () => {
    const { board, lines } = boot(size, [2]);
    lines.clear();
    board.press('clock');
    board.advance(20);
    const snap = ask(board, lines, 'SNAP', (l) => l.body.startsWith('SNAP '));
    expect(snap?.body).toMatch(new RegExp(`^SNAP 1 \\d+ ${occ([2], digits)} 2$`));
    board.release('clock');
    board.press(4);
    board.advance(20);
    board.release('correct'); // in the same scan as the next press: input order, button 1 first
    board.press('jadoube');
    board.advance(20);
    const two = occ([2], digits);
    expect(lines.bodies('EV').map((b) => b.replace(/^EV (\d+) \d+/, 'EV $1'))).toEqual([`EV 1 D 2 ${two} 2`, `EV 2 U 2 ${two} 0`, `EV 3 D 4 ${two} 8`, `EV 4 D 1 ${two} 9`, `EV 5 U 4 ${two} 1`]);
  });

  it('serves RESEND from its ring, answers OK RESEND when nothing is missing, and ERR GONE outside the ring', () => {
    const { board, lines } = boot(size, [10, 11, 12]);
    expect(ask(board, lines, 'RESEND 1', (l) => l.body.startsWith('OK ') || l.body.startsWith('ERR '))?.body).toBe('OK RESEND');
    expect(ask(board, lines, 'RESEND 2', (l) => l.body.startsWith('ERR '))?.body).toBe('ERR GONE oldest 0');
    for (const sq of [10, 11, 12]) {
      board.setSquare(sq, false);
      board.advance(20);
    }
    const sent = lines.bodies('EV');
    expect(sent).toHaveLength(3);
    lines.clear();
    expect(ask(board, lines, 'RESEND 2', (l) => l.body === 'OK RESEND')).toBeDefined();
    expect(lines.bodies()).toEqual([sent[1], sent[2], 'OK RESEND']);
    lines.clear();
    expect(ask(board, lines, 'RESEND 4', (l) => l.body.startsWith('OK ') || l.body.startsWith('ERR '))?.body).toBe('OK RESEND');
    expect(ask(board, lines, 'RESEND 9', (l) => l.body.startsWith('ERR '))?.body).toBe('ERR GONE oldest 1');
    expect(lines.lines.every((l) => l.crcOk)).toBe(true);
  });

  it('lights exactly the squares of an LED command on the MAX7219, and blinks S, A and F on board time', () => {
    const { board, lines } = boot(size, [], 1500); // past the first heartbeat
    const pattern = Array.from({ length: squares }, () => '0');
    const on = [1, 8, 9, squares];
    for (const s of on) pattern[s - 1] = '1';
    expect(ask(board, lines, `LED ${pattern.join('')}`, (l) => l.body.startsWith('OK ') || l.body.startsWith('ERR '))?.body).toBe('OK LED');
    expect(board.leds()).toEqual(on);
    expect(board.max7219.faults).toEqual([]);

    // 2 slow, 3 opposite, 4 fast, 5 on; the rest off.
    const blink = Array.from({ length: squares }, () => '0');
    blink[1] = 'S';
    blink[2] = 'A';
    blink[3] = 'F';
    blink[4] = '1';
    expect(ask(board, lines, `LED ${blink.join('')}`, (l) => l.body === 'OK LED')).toBeDefined();
    // Board time against simulated time, from a heartbeat: the tick that formats `HB n MS` runs at
    // board ms MS; its line is out about (length) byte times and a few hundred cycles later.
    const hb = lines.waitFor((l) => l.body.startsWith('HB '), 1100)!;
    const hbMs = Number(hb.body.split(' ')[2]);
    const tick = hb.ms - ((hb.text.length + 1) * 10) / 115.2 - 0.2; // board ms hbMs happened at sim time `tick`
    const boardMs = (simMs: number) => hbMs + (simMs - tick);
    let checked = 0;
    for (let i = 0; i < 2000; i++) {
      board.advance(1);
      const t = boardMs(board.simTimeMs) % 1000;
      const lit = new Set(board.leds());
      expect([...lit].filter((s) => s > 5)).toEqual([]);
      expect(lit.has(5)).toBe(true);
      expect(lit.has(2)).toBe(!lit.has(3)); // A is S's opposite phase, always
      const near = (x: number, edges: number[]) => edges.some((e) => Math.abs(x - e) < 1.5);
      if (!near(t, [0, 500, 1000])) expect(lit.has(2), `S at board ms ${t.toFixed(1)}`).toBe(t < 500);
      if (!near(t % 250, [0, 125, 250])) expect(lit.has(4), `F at board ms ${t.toFixed(1)}`).toBe(t % 250 < 125);
      checked++;
    }
    expect(checked).toBe(2000);
    // A new frame that keeps square 2's S does not restart its phase.
    const again = [...blink];
    again[4] = '0';
    expect(ask(board, lines, `LED ${again.join('')}`, (l) => l.body === 'OK LED')).toBeDefined();
    for (let i = 0; i < 300; i++) {
      board.advance(1);
      const t = boardMs(board.simTimeMs) % 1000;
      if (Math.abs(t - 500) > 1.5 && t > 1.5 && t < 998.5) expect(board.leds().includes(2)).toBe(t < 500);
    }
    expect(board.leds().includes(5)).toBe(false);
  });

  it('refuses an LED pattern of the wrong length or alphabet with ERR ARG and keeps the LEDs', () => {
    const { board, lines } = boot(size);
    const good = '1'.padEnd(squares, '0');
    expect(ask(board, lines, `LED ${good}`, (l) => l.body === 'OK LED')).toBeDefined();
    const arg = `ERR ARG LED PATTERN of ${squares} 0/1/S/F/A`;
    expect(ask(board, lines, `LED ${good}0`, (l) => l.body.startsWith('ERR '))?.body).toBe(arg);
    expect(ask(board, lines, `LED ${'X'.padEnd(squares, '0')}`, (l) => l.body.startsWith('ERR '))?.body).toBe(arg);
    expect(board.leds()).toEqual([1]);
  });

  it('plays BEEP on the piezo at about the asked frequency and for the asked time', () => {
    const { board, lines } = boot(size);
    expect(ask(board, lines, 'BEEP 880 120', (l) => l.body.startsWith('OK ') || l.body.startsWith('ERR '))?.body).toBe('OK BEEP');
    expect(board.piezo.sounding).toBe(true);
    board.advance(200);
    const [tone] = board.tones();
    expect(tone.hz).toBeGreaterThan(880 * 0.99);
    expect(tone.hz).toBeLessThan(880 * 1.01);
    expect(tone.configuredHz).toBeCloseTo(1e6 / 1136, 3); // OCR1A = 1 000 000 / 880 - 1 = 1135
    expect(tone.durationMs!).toBeGreaterThan(118);
    expect(tone.durationMs!).toBeLessThan(123);
    // A new BEEP replaces a sounding one; out-of-range ones are refused and play nothing.
    board.rx(frame('BEEP 2000 500'));
    board.advance(50);
    board.rx(frame('BEEP 440 30'));
    board.advance(100);
    expect(ask(board, lines, 'BEEP 20000 100', (l) => l.body.startsWith('ERR '))?.body).toBe('ERR ARG BEEP HZ 100-8000 MS 1-2000');
    board.advance(50);
    const tones = board.tones();
    expect(tones.map((t) => Math.round(t.hz / 10) * 10)).toEqual([880, 2000, 440]);
    expect(tones[1].durationMs!).toBeLessThan(50);
    expect(tones[2].durationMs!).toBeGreaterThan(28);
    expect(tones[2].durationMs!).toBeLessThan(33);
  });

  it('answers a line with a bad CRC with ERR CRC and the CRC it computed', () => {
    const { board, lines } = boot(size);
    board.rx('SNAP*0000\n');
    expect(lines.waitFor((l) => l.body.startsWith('ERR '), 50)?.body).toBe('ERR CRC expected 0883');
    board.rx('SNAQ*0883\n'); // one bit flipped on the wire
    expect(lines.waitFor((l) => l.body.startsWith('ERR '), 50)?.body).toBe(`ERR CRC expected ${crcHex('SNAQ')}`);
    board.rx('SNAP\n');
    expect(lines.waitFor((l) => l.body.startsWith('ERR '), 50)?.body).toBe('ERR SYNTAX no checksum');
    board.rx('SNAP*95\n'); // a host of protocol 1
    expect(lines.waitFor((l) => l.body.startsWith('ERR '), 50)?.body).toBe('ERR SYNTAX no checksum');
    board.rx(`${'X'.repeat(130)}\n`);
    expect(lines.waitFor((l) => l.body.startsWith('ERR '), 50)?.body).toBe('ERR LONG line over 128 bytes');
    expect(ask(board, lines, 'SNAP', (l) => l.body.startsWith('SNAP '))?.crcOk).toBe(true);
  });

  it('sends a heartbeat every second, and CFG changes its period', () => {
    const { board, lines } = boot(size, [], 10);
    board.advance(3100);
    const hbs = lines.lines.filter((l) => l.body.startsWith('HB '));
    expect(hbs.map((l) => l.body.replace(/ \d+$/, ''))).toEqual(['HB 0', 'HB 0', 'HB 0']);
    const ms = hbs.map((l) => Number(l.body.split(' ')[2]));
    expect(ms[1] - ms[0]).toBe(1000);
    expect(ask(board, lines, 'CFG hb=100 snap=0', (l) => l.body.startsWith('OK ') || l.body.startsWith('ERR '))?.body).toBe('OK CFG');
    lines.clear();
    board.advance(1000);
    expect(lines.bodies('HB').length).toBeGreaterThanOrEqual(9);
  });

  it('counts its starts in EEPROM: a reset and a power cycle each give the next boot number', () => {
    const { board, lines } = boot(size, [3]);
    const bootOf = () => Number(/boot=(\d+)$/.exec(lines.bodies('HELLO').at(-1) ?? '')?.[1]);
    expect(bootOf()).toBe(0);
    board.rx(frame(`LED ${'1'.repeat(squares)}`));
    board.setSquare(3, false);
    board.advance(50);
    expect(board.leds()).toHaveLength(squares);
    board.reset();
    board.advance(60);
    expect(bootOf()).toBe(1);
    expect(board.leds()).toEqual([]); // the firmware blanks the LEDs at start
    expect(lines.bodies('SNAP').at(-1)).toMatch(new RegExp(`^SNAP 0 \\d+ ${occ([], digits)} 0$`));
    expect(ask(board, lines, 'RESEND 1', (l) => l.body.startsWith('OK ') || l.body.startsWith('ERR '))?.body).toBe('OK RESEND'); // the ring starts empty
    board.powerOff();
    board.advance(500);
    expect(board.powered).toBe(false);
    board.powerOn();
    board.advance(60);
    expect(bootOf()).toBe(2);
    expect(board.starts).toBe(3);
    expect(board.eeprom.memory[0] | (board.eeprom.memory[1] << 8)).toBe(2);
  });

  it('scans the whole chain every millisecond', () => {
    const { board } = boot(size, [], 10);
    const before = board.chain.loads;
    board.advance(1000);
    expect(board.chain.loads - before).toBeGreaterThanOrEqual(999);
    expect(board.chain.loads - before).toBeLessThanOrEqual(1001);
  });
});

describe('the simulator itself', () => {
  it('is deterministic: the same actions give the same bytes at the same cycles', () => {
    const run = () => {
      const board = new SimulatedBoard({ size: '10x10', occupied: [1, 2, 3] });
      const out: string[] = [];
      board.onTx((b) => out.push(`${board.simCycles}:${b[0]}`));
      board.advance(30);
      board.setSquare(2, false);
      board.rx(frame('BEEP 1000 10'));
      board.advance(40);
      return out.join(',');
    };
    expect(run()).toBe(run());
  });

  it('takes commands sent back to back without losing a byte (the USART fixes of mcu.ts)', () => {
    const board = new SimulatedBoard({ size: '10x10' });
    const lines = new LineCollector(board);
    board.advance(60);
    lines.clear();
    let text = '';
    for (let i = 0; i < 20; i++) text += frame(`LED ${(i % 2 ? '1' : '0').repeat(50)}`);
    board.rx(text);
    board.advance(300);
    expect(lines.bodies()).toEqual(Array.from({ length: 20 }, () => 'OK LED'));
    expect(board.rxOverruns).toBe(0);
    expect(board.leds()).toHaveLength(50);
  });

  it('runs the same firmware the same way with and without the SLEEP shortcut', () => {
    const run = (idleSkip: boolean) => {
      const board = new SimulatedBoard({ size: '8x8', occupied: [5], idleSkip });
      const lines = new LineCollector(board);
      board.advance(30);
      board.setSquare(5, false);
      board.rx(frame('SNAP'));
      board.advance(1100);
      return lines.bodies();
    };
    const fast = run(true);
    expect(fast).toEqual(run(false));
    expect(fast.some((b) => b.startsWith('EV 1 '))).toBe(true);
  });

  it('keeps time and the MAX7219 state sensible while unpowered', () => {
    const board = new SimulatedBoard({ size: '10x10', powered: false });
    expect(board.leds()).toEqual([]);
    board.advance(100);
    expect(board.simTimeMs).toBeCloseTo(100, 6);
    board.powerOn();
    expect(board.max7219.normalOperation).toBe(false);
    board.advance(20);
    expect(board.max7219.normalOperation).toBe(true);
    expect(board.max7219.scanLimit).toBe(7);
    expect(board.max7219.decodeMode).toBe(0);
    expect(board.simTimeMs).toBeCloseTo(120, 3);
  });

  it('refuses squares and buttons the board does not have', () => {
    const board = new SimulatedBoard({ size: '8x8', powered: false });
    expect(() => board.setSquare(33, true)).toThrow(RangeError);
    expect(() => board.press('menu')).toThrow(RangeError);
    expect(() => board.press(5)).toThrow(RangeError);
  });
});
