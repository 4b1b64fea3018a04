#!/usr/bin/env node
// Generates, from hardware/pinmap.json (the one source of the reference board's wiring):
//   firmware/include/pins.h   the firmware's pin and geometry header
//   hardware/wiring.md        the wiring tables a maker builds from, for both board sizes
//
//   node hardware/gen-pins.mjs           writes both files
//   node hardware/gen-pins.mjs --check   exits 1 (and names the file) if a committed file differs
//
// Imported as a module it writes nothing and exports the wiring as data, so the simulator and
// the tests read the same mapping the firmware is built from: `wiring(pinmap, size)`.
// Plain JavaScript with no dependencies, so it runs before `npm install`.
/* global process, console */

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

/** Input letters of a 74HC165 in the order the chain shifts them out: H first. */
export const SHIFT_ORDER = ['H', 'G', 'F', 'E', 'D', 'C', 'B', 'A'];
/** 74HC165 (DIP/SO-16) package pin of each parallel input. */
export const HC165_PIN = { A: 11, B: 12, C: 13, D: 14, E: 3, F: 4, G: 5, H: 6 };
/** MAX7219 segment of each bit of a digit register in no-decode mode (MAX7219 datasheet Table 6). */
export const SEGMENT_OF_BIT = ['G', 'F', 'E', 'D', 'C', 'B', 'A', 'DP'];
/** MAX7219 (DIP/SO-24) package pins. */
export const MAX7219_DIGIT_PIN = [2, 11, 6, 7, 3, 10, 5, 8];
export const MAX7219_SEGMENT_PIN = { DP: 22, A: 14, B: 16, C: 20, D: 23, E: 21, F: 15, G: 17 };

/** Parses an ATmega328P port bit such as "PD2". */
export function parsePin(name) {
  const m = /^P([B-D])([0-7])$/.exec(name);
  if (!m) throw new Error(`pinmap: "${name}" is not an ATmega328P port bit PB0-PD7`);
  return { port: m[1], bit: Number(m[2]) };
}

/** Row-by-row dark-square layout, top row first as White sees it, a1 dark (FMJD 2.6 numbering). */
export function darkSquares(size) {
  const side = size === '10x10' ? 10 : 8;
  const rows = [];
  let n = 0;
  for (let r = 0; r < side; r++) {
    const row = [];
    for (let c = 0; c < side; c++) row.push((c + r) % 2 === 1 ? ++n : 0);
    rows.push(row);
  }
  return rows;
}

/**
 * The wiring of one board size as data: for each chain input (bit k, k = 0 read first) what is
 * on it, and for each square its LED's MAX7219 digit and segment.
 */
export function wiring(pinmap, size) {
  const board = pinmap.boards[size];
  if (!board) throw new Error(`pinmap: no board "${size}"`);
  const inputs = [];
  const total = board.registers * 8;
  if (board.squares + board.buttons.length > total) {
    throw new Error(`pinmap: ${size} has ${board.squares} squares and ${board.buttons.length} buttons but ${board.registers} registers hold ${total} inputs`);
  }
  for (let k = 0; k < total; k++) {
    const register = Math.floor(k / 8) + 1;
    const input = SHIFT_ORDER[k % 8];
    let what;
    if (k < board.squares) what = { kind: 'square', square: k + 1 };
    else if (k < board.squares + board.buttons.length) what = { kind: 'button', button: k - board.squares + 1, name: board.buttons[k - board.squares] };
    else what = { kind: 'unused' };
    inputs.push({ bit: k, register, input, chipPin: HC165_PIN[input], ...what });
  }
  const leds = [];
  for (let k = 0; k < board.squares; k++) {
    const digit = Math.floor(k / 8);
    const bit = k % 8;
    const segment = SEGMENT_OF_BIT[bit];
    leds.push({ square: k + 1, digit, register: digit + 1, bit, segment, digitPin: MAX7219_DIGIT_PIN[digit], segmentPin: MAX7219_SEGMENT_PIN[segment] });
  }
  if (leds.length > 64) throw new Error(`pinmap: one MAX7219 drives 64 LEDs, ${size} has ${leds.length}`);
  return { size, squares: board.squares, registers: board.registers, buttons: board.buttons, inputs, leds };
}

/** Every named pin of the map as [MACRO_STEM, pin, arduino, description]. */
export function pinList(pinmap) {
  return [
    ['UART_RX', pinmap.uart.rx, 'D0', 'USART0 RXD, from the USB serial chip'],
    ['UART_TX', pinmap.uart.tx, 'D1', 'USART0 TXD, to the USB serial chip'],
    ['SHIFT_PL', pinmap.shiftIn.pl.pin, pinmap.shiftIn.pl.arduino, '74HC165 SH/LD (pin 1) of every register: low loads'],
    ['SHIFT_CLK', pinmap.shiftIn.clk.pin, pinmap.shiftIn.clk.arduino, '74HC165 CLK (pin 2) of every register: rising edge shifts'],
    ['SHIFT_DATA', pinmap.shiftIn.data.pin, pinmap.shiftIn.data.arduino, 'QH (pin 9) of register 1, the one read first'],
    ['MAX7219_DIN', pinmap.max7219.din.pin, pinmap.max7219.din.arduino, 'MAX7219 DIN (pin 1), SPI MOSI'],
    ['MAX7219_CLK', pinmap.max7219.clk.pin, pinmap.max7219.clk.arduino, 'MAX7219 CLK (pin 13), SPI SCK'],
    ['MAX7219_LOAD', pinmap.max7219.load.pin, pinmap.max7219.load.arduino, 'MAX7219 LOAD (pin 12): rising edge latches'],
    ['PIEZO', pinmap.piezo.pin, pinmap.piezo.arduino, 'piezo buzzer, Timer1 OC1A'],
    ['STATUS_LED', pinmap.statusLed.pin, pinmap.statusLed.arduino, 'status LED, high = on'],
  ];
}

function checkPins(pinmap) {
  const seen = new Map();
  for (const [stem, pin] of pinList(pinmap)) {
    const { port, bit } = parsePin(pin);
    const key = `P${port}${bit}`;
    if (seen.has(key)) throw new Error(`pinmap: ${key} is used by both ${seen.get(key)} and ${stem}`);
    seen.set(key, stem);
  }
}

/** The text of firmware/include/pins.h. */
export function pinsHeader(pinmap) {
  checkPins(pinmap);
  const out = [];
  out.push(
    '/*',
    ' * pins.h: the reference board\'s wiring and geometry for the firmware.',
    ' *',
    ' * GENERATED by hardware/gen-pins.mjs from hardware/pinmap.json: do not edit. Change the pin',
    ' * map and run `node hardware/gen-pins.mjs`; `node hardware/gen-pins.mjs --check` (run by',
    ' * hardware/pinmap.test.ts) fails while this file and the pin map disagree.',
    ' *',
    ' * Pins are ATmega328P port bits (datasheet section 14, I/O ports): for each signal X,',
    ' * PINS_X_PORT / _DDR / _PIN name its registers, PINS_X_BIT its bit and PINS_X_LETTER its',
    ' * port letter. The names are plain macros: this header includes nothing, so the',
    ' * host-compiled core can read the geometry below without the AVR headers.',
    ' *',
    ' * Geometry: build with -DBOARD_10X10 or -DBOARD_8X8. Chain input k (k = 0 is the first bit',
    ' * read) is square k + 1 for k < BOARD_SQUARES, then button k - BOARD_SQUARES + 1.',
    ' */',
    '#ifndef DAMBORD_PINS_H',
    '#define DAMBORD_PINS_H',
    '',
    `#define PINS_MCU "${pinmap.mcu}"`,
    `#define PINS_CLOCK_HZ ${pinmap.clockHz}UL`,
    `#define PINS_UART_BAUD ${pinmap.uart.baud}UL`,
    '',
  );
  for (const [stem, pin, arduino, what] of pinList(pinmap)) {
    const { port, bit } = parsePin(pin);
    out.push(`/* ${pin}, Arduino ${arduino}: ${what} */`);
    out.push(`#define PINS_${stem}_PORT PORT${port}`);
    out.push(`#define PINS_${stem}_DDR DDR${port}`);
    out.push(`#define PINS_${stem}_PIN PIN${port}`);
    out.push(`#define PINS_${stem}_BIT ${bit}`);
    out.push(`#define PINS_${stem}_LETTER '${port}'`);
  }
  out.push('', '#if defined(BOARD_10X10) && defined(BOARD_8X8)', '#error "define only one of BOARD_10X10 and BOARD_8X8"');
  const sizes = Object.keys(pinmap.boards);
  for (const size of sizes) {
    const w = wiring(pinmap, size);
    const macro = `BOARD_${size.toUpperCase()}`;
    out.push(`#elif defined(${macro})`);
    out.push(`#define BOARD_NAME "${size}"`);
    out.push(`#define BOARD_SQUARES ${w.squares}`);
    out.push(`#define BOARD_BUTTONS ${w.buttons.length}`);
    out.push(`#define BOARD_REGISTERS ${w.registers}`);
    w.buttons.forEach((name, i) => out.push(`#define BOARD_BUTTON_${name.toUpperCase()} ${i + 1} /* chain input ${w.squares + i} */`));
  }
  out.push('#else', `#error "build with -DBOARD_10X10 or -DBOARD_8X8: the board size fixes the number of squares"`, '#endif', '');
  out.push('#endif /* DAMBORD_PINS_H */', '');
  return out.join('\n');
}

function table(header, rows) {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`);
  return lines.join('\n');
}

/** The text of hardware/wiring.md. */
export function wiringDoc(pinmap) {
  checkPins(pinmap);
  const out = [];
  out.push(
    '# dambord reference board: wiring tables',
    '',
    'GENERATED by `node hardware/gen-pins.mjs` from `hardware/pinmap.json`: do not edit; change the',
    'pin map and run the script. How to build the board, the parts and the reasons are in',
    '[README.md](README.md).',
    '',
    '## Arduino Nano pins',
    '',
    'The same for both board sizes. Port bits are the ATmega328P\'s (datasheet section 14).',
    '',
    table(['signal', 'port bit', 'Nano pin', 'goes to'], pinList(pinmap).map(([stem, pin, arduino, what]) => [stem.toLowerCase(), pin, arduino, what])),
    '',
    'Power: the Nano\'s 5V and GND feed every chip; USB powers the board.',
    '',
  );
  for (const size of Object.keys(pinmap.boards)) {
    const w = wiring(pinmap, size);
    const side = size === '10x10' ? 10 : 8;
    const files = 'abcdefghij'.slice(0, side).split('');
    out.push(`## ${size} board: ${w.squares} squares, ${w.registers} × 74HC165, ${w.buttons.length} buttons`, '');
    out.push('### Square numbers', '');
    out.push(`The dark squares, numbered row by row from the top as White sees the board (square 1 top left, a1 dark). Each has a reed switch and an LED.`, '');
    out.push('```');
    const rows = darkSquares(size);
    rows.forEach((row, r) => {
      out.push(`${String(side - r).padStart(2)} ${row.map((n) => (n ? String(n).padStart(3) : '  .')).join('')}`);
    });
    out.push(`   ${files.map((f) => f.padStart(3)).join('')}`);
    out.push('```', '');
    out.push('### Reed switches and buttons on the 74HC165 chain', '');
    out.push(
      `Register 1's QH (pin 9) goes to the Nano (${pinmap.shiftIn.data.arduino}); each register's SER (pin 10) takes the QH of the next one; the SER of register ${w.registers} is tied to 5V. All registers share SH/LD (${pinmap.shiftIn.pl.arduino}) and CLK (${pinmap.shiftIn.clk.arduino}); CLK INH (pin 15) to GND. Every input has a 10 kΩ pull-up to 5V and its switch (reed switch or push button) to GND: closed reads low, and the firmware reports it as occupied or pressed. Inputs marked "unused" are tied to 5V.`,
      '',
      'Read a row as: register N, input letter (74HC165 pin number) → what is wired to it.',
      '',
    );
    const header = ['register', ...SHIFT_ORDER.map((l) => `${l} (pin ${HC165_PIN[l]})`)];
    const rowsOut = [];
    for (let reg = 1; reg <= w.registers; reg++) {
      const cells = w.inputs.filter((i) => i.register === reg).map((i) => (i.kind === 'square' ? `square ${i.square}` : i.kind === 'button' ? `button ${i.button} ${i.name}` : 'unused'));
      rowsOut.push([`${reg}`, ...cells]);
    }
    out.push(table(header, rowsOut), '');
    out.push('### Square LEDs on the MAX7219', '');
    out.push(
      'No-decode mode: each digit drives a row of the LED matrix through its DIG pin (LED cathodes), each segment a column (LED anodes). The LED of a square goes from the SEG pin of its column (anode) to the DIG pin of its row (cathode). Read a row as: digit (MAX7219 pin) → the square lit by each segment (pin).',
      '',
    );
    const segCols = [...SEGMENT_OF_BIT].reverse();
    const ledRows = [];
    const digits = Math.ceil(w.squares / 8);
    for (let d = 0; d < digits; d++) {
      const cells = segCols.map((seg) => {
        const led = w.leds.find((l) => l.digit === d && l.segment === seg);
        return led ? `${led.square}` : '-';
      });
      ledRows.push([`DIG${d} (pin ${MAX7219_DIGIT_PIN[d]})`, ...cells]);
    }
    out.push(table(['digit', ...segCols.map((s) => `SEG ${s} (pin ${MAX7219_SEGMENT_PIN[s]})`)], ledRows), '');
    const dark = digits === 7 ? 'Digit 7 stays' : `Digits ${digits}-7 stay`;
    out.push(`${dark} dark: the firmware scans all eight digits (scan limit 7), so both sizes are equally bright.`, '');
  }
  return out.join('\n');
}

const targets = () => {
  const pinmap = JSON.parse(readFileSync(join(here, 'pinmap.json'), 'utf8'));
  return [
    [join(root, 'firmware', 'include', 'pins.h'), pinsHeader(pinmap)],
    [join(here, 'wiring.md'), wiringDoc(pinmap)],
  ];
};

function main(args) {
  const check = args.includes('--check');
  let stale = 0;
  for (const [file, text] of targets()) {
    const name = relative(root, file);
    if (check) {
      let old = null;
      try { old = readFileSync(file, 'utf8'); } catch { /* missing counts as stale */ }
      if (old !== text) {
        console.error(`gen-pins: ${name} differs from what hardware/pinmap.json gives; run node hardware/gen-pins.mjs`);
        stale++;
      }
    } else {
      writeFileSync(file, text);
      console.log(`gen-pins: wrote ${name}`);
    }
  }
  if (check && stale === 0) console.log('gen-pins: firmware/include/pins.h and hardware/wiring.md agree with hardware/pinmap.json');
  return stale ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
