// The Mega board profile: the shipped file validates for both sizes; broken ones are rejected
// with a reason, never a throw.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOARD_SIZES, PROFILE_PATH, SQUARE_COUNT, buttonOfPin, parseProfile, pinLabel, pinOfSquare, readProfile, squareOfPin } from './profile.ts';

const raw = (): Record<string, any> => JSON.parse(readFileSync(PROFILE_PATH, 'utf8')); // eslint-disable-line @typescript-eslint/no-explicit-any

describe('hardware/firmata/profile.json', () => {
  const r = readProfile();

  it('validates', () => {
    expect(r).toMatchObject({ ok: true });
  });

  it.each(BOARD_SIZES)('%s: every square has a pin, and the helpers invert each other', (size) => {
    if (!r.ok) throw new Error(r.reason);
    const pins = new Set<number>();
    for (let sq = 1; sq <= SQUARE_COUNT[size]; sq++) {
      const pin = pinOfSquare(r.profile, size, sq);
      expect(pin, `square ${sq}`).toBeTypeOf('number');
      expect(squareOfPin(r.profile, size, pin!)).toBe(sq);
      pins.add(pin!);
    }
    expect(pins.size).toBe(SQUARE_COUNT[size]);
    expect(pinOfSquare(r.profile, size, 0)).toBeUndefined();
    expect(pinOfSquare(r.profile, size, SQUARE_COUNT[size] + 1)).toBeUndefined();
    expect(squareOfPin(r.profile, size, r.profile.buttons.jadoube)).toBeUndefined();
  });

  it('uses D22-D53 for squares 1-32, then D2.. and A0..; buttons and pin labels', () => {
    if (!r.ok) throw new Error(r.reason);
    expect(pinOfSquare(r.profile, '8x8', 1)).toBe(22);
    expect(pinOfSquare(r.profile, '10x10', 32)).toBe(53);
    expect(pinLabel(pinOfSquare(r.profile, '10x10', 50)!)).toMatch(/^A\d+$/);
    expect(buttonOfPin(r.profile, r.profile.buttons.correct)).toBe('correct');
    expect(pinLabel(22)).toBe('D22');
    expect(pinLabel(54)).toBe('A0');
  });
});

describe('parseProfile rejects a broken profile with a reason', () => {
  const cases: { name: string; edit: (p: Record<string, any>) => unknown; reason: RegExp }[] = [ // eslint-disable-line @typescript-eslint/no-explicit-any
    { name: 'duplicate square pin', edit: (p) => { p.boards['10x10'].squares[1] = p.boards['10x10'].squares[0]; }, reason: /pin 22 \(D22\) used twice: 10x10 square 1 and 10x10 square 2/ },
    { name: 'square pin also a button', edit: (p) => { p.boards['8x8'].squares[5] = p.buttons.clock; }, reason: /used twice: button clock and 8x8 square 6/ },
    { name: 'two outputs on one pin', edit: (p) => { p.max7219.cs = p.max7219.clk; }, reason: /used twice: max7219.clk and max7219.cs/ },
    { name: 'missing square', edit: (p) => { p.boards['10x10'].squares.pop(); }, reason: /10x10: square 50 missing/ },
    { name: 'hole in the squares', edit: (p) => { p.boards['8x8'].squares[3] = null; }, reason: /8x8 square 4 missing/ },
    { name: 'too many squares', edit: (p) => { p.boards['8x8'].squares.push(60); }, reason: /33 squares given/ },
    { name: 'input beside an output in one Firmata port', edit: (p) => { p.boards['10x10'].squares[38] = 8; }, reason: /10x10 square 39 on D8 shares Firmata port 1 \(pins 8-15\) with the output max7219.din on D12/ },
    { name: 'missing button', edit: (p) => { delete p.buttons.accept; }, reason: /button accept missing/ },
    { name: 'serial pin', edit: (p) => { p.boards['8x8'].squares[0] = 1; }, reason: /pin 1 is reserved, D1/ },
    { name: 'on-board LED pin', edit: (p) => { p.max7219.din = 13; }, reason: /pin 13 is reserved/ },
    { name: 'pin out of range', edit: (p) => { p.boards['10x10'].squares[49] = 70; }, reason: /pin 70 is outside the Mega's 0-69/ },
    { name: 'not an integer', edit: (p) => { p.buttons.jadoube = 'A12'; }, reason: /"A12" is not an integer/ },
    { name: 'piezo not PWM', edit: (p) => { p.piezo.pin = 60; }, reason: /piezo.pin: A6 is not a PWM pin/ },
    { name: 'missing board', edit: (p) => { delete p.boards['8x8']; }, reason: /boards.8x8.squares missing/ },
    { name: 'not an object', edit: () => [], reason: /not a JSON object/ },
  ];
  it.each(cases)('$name', ({ edit, reason }) => {
    const p = raw();
    const replaced = edit(p);
    const r = parseProfile(replaced === undefined ? p : replaced);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('a missing or malformed file is a result, not a throw', () => {
    const r = readProfile('/nonexistent/profile.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/cannot read/);
  });
});
