// The pin map is the one source of the wiring: the generated firmware header and wiring tables
// must agree with it, and the mapping they encode must be the one the firmware reads.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePin, pinList, wiring, type PinMap } from './gen-pins.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pinmap = JSON.parse(readFileSync(join(here, 'pinmap.json'), 'utf8')) as PinMap;

describe('hardware/pinmap.json', () => {
  it('firmware/include/pins.h and hardware/wiring.md are generated from it (gen-pins.mjs --check)', () => {
    const r = spawnSync(process.execPath, [join(here, 'gen-pins.mjs'), '--check'], { encoding: 'utf8' });
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });

  it('pins.h, read on its own, names the pins and sizes of the map', () => {
    const header = readFileSync(join(here, '..', 'firmware', 'include', 'pins.h'), 'utf8');
    const define = (name: string): string | undefined => new RegExp(`^#define ${name} (.+)$`, 'm').exec(header)?.[1];
    for (const [stem, pin] of pinList(pinmap)) {
      const { port, bit } = parsePin(pin);
      expect(define(`PINS_${stem}_PORT`), stem).toBe(`PORT${port}`);
      expect(define(`PINS_${stem}_BIT`), stem).toBe(String(bit));
    }
    for (const [size, board] of Object.entries(pinmap.boards)) {
      const block = header.split(`#elif defined(BOARD_${size.toUpperCase()})`)[1]?.split('#el')[0] ?? '';
      expect(block, size).toContain(`#define BOARD_SQUARES ${board.squares}\n`);
      expect(block, size).toContain(`#define BOARD_REGISTERS ${board.registers}\n`);
      expect(block, size).toContain(`#define BOARD_BUTTONS ${board.buttons.length}\n`);
    }
  });

  it('the hardware SPI and OC1A pins are where the firmware drives them', () => {
    expect(pinmap.max7219.din.pin).toBe('PB3');
    expect(pinmap.max7219.clk.pin).toBe('PB5');
    expect(pinmap.piezo.pin).toBe('PB1');
  });

  it.each([
    ['10x10', 50, 7],
    ['8x8', 32, 5],
  ])('%s: squares then buttons on the chain, H of register 1 first; LEDs digit k/8, bit k%%8', (size, squares, registers) => {
    const w = wiring(pinmap, size);
    expect(w.squares).toBe(squares);
    expect(w.inputs).toHaveLength(registers * 8);
    expect(w.inputs[0]).toMatchObject({ kind: 'square', square: 1, register: 1, input: 'H', chipPin: 6 });
    expect(w.inputs[7]).toMatchObject({ kind: 'square', square: 8, register: 1, input: 'A', chipPin: 11 });
    expect(w.inputs[8]).toMatchObject({ kind: 'square', square: 9, register: 2, input: 'H' });
    expect(w.inputs[squares]).toMatchObject({ kind: 'button', button: 1, name: 'jadoube' });
    expect(w.inputs[squares + 3]).toMatchObject({ kind: 'button', button: 4, name: 'correct' });
    expect(w.inputs.slice(squares + 4).every((i) => i.kind === 'unused')).toBe(true);
    expect(w.leds[0]).toMatchObject({ square: 1, digit: 0, register: 1, bit: 0, segment: 'G', digitPin: 2, segmentPin: 17 });
    expect(w.leds[7]).toMatchObject({ square: 8, digit: 0, bit: 7, segment: 'DP' });
    const last = w.leds[squares - 1];
    expect(last).toMatchObject({ square: squares, digit: Math.floor((squares - 1) / 8), bit: (squares - 1) % 8 });
  });

  it('refuses a map that reuses a pin or has too few registers', async () => {
    const { pinsHeader } = await import('./gen-pins.mjs');
    const reused = structuredClone(pinmap);
    reused.piezo.pin = reused.statusLed.pin;
    expect(() => pinsHeader(reused)).toThrow(/used by both/);
    const small = structuredClone(pinmap);
    small.boards['10x10'].registers = 6;
    expect(() => wiring(small, '10x10')).toThrow(/registers hold 48 inputs/);
  });
});
