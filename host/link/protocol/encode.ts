/**
 * Typed messages in, lines out (docs/protocol.md). The strict writer: upper-case CRC, single
 * spaces, no leading zeros, bodies of at most 123 characters, `\n` line ends. Arguments out of range are
 * programmer errors and throw `RangeError`; `commandProblem` checks a command first for
 * callers that take arguments from users.
 */
import { BOARD_BUTTONS } from '../types.ts';
import type { SquareSet } from '../../../rules/squareSet.ts';
import type { BoardButton } from '../types.ts';
import { crcHex } from './crc.ts';
import { CONFIG_KEYS, userCommandProblem } from '../kit/command.ts';
import { COMMAND_WORDS, LED_CHARS, LIMITS } from './messages.ts';
import type { BoardMessage, HostCommand } from './messages.ts';

/** `body` framed as a line: `BODY*HHHH\n`. Throws RangeError on a body the protocol forbids. */
export function frameLine(body: string): string {
  if (body.length > LIMITS.maxBody) throw new RangeError(`body of ${body.length} characters (at most ${LIMITS.maxBody}): ${body.slice(0, 20)}...`);
  if (!/^[ -)+-~]*$/.test(body)) throw new RangeError(`body must be printable ASCII without '*': ${JSON.stringify(body)}`);
  return `${body}*${crcHex(body)}\n`;
}

/**
 * Why `cmd` cannot be sent, or null if it can: the user's commands as every link checks them
 * (kit/command.ts), a `RESEND`'s sequence number. `squares` is the board's square count, when
 * known, for the length of an LED frame.
 */
export function commandProblem(cmd: HostCommand, squares?: number): string | null {
  switch (cmd.type) {
    case 'hello':
    case 'snap':
      return null;
    case 'resend':
      return Number.isInteger(cmd.seq) && cmd.seq >= 1 && cmd.seq <= LIMITS.seqMax ? null : `RESEND ${cmd.seq}: sequence numbers are 1-${LIMITS.seqMax}`;
    default:
      return userCommandProblem(cmd, squares);
  }
}

/**
 * A host command as a line.
 *
 * @example
 * encodeCommand({ type: 'resend', seq: 3 })  // 'RESEND 3*HHHH\n' (HHHH the CRC)
 */
export function encodeCommand(cmd: HostCommand): string {
  const problem = commandProblem(cmd);
  if (problem !== null) throw new RangeError(problem);
  const word = COMMAND_WORDS[cmd.type];
  switch (cmd.type) {
    case 'hello':
    case 'snap':
      return frameLine(word);
    case 'resend':
      return frameLine(`${word} ${cmd.seq}`);
    case 'led':
      return frameLine(`${word} ${cmd.frame.map((p) => LED_CHARS[p]).join('')}`);
    case 'beep':
      return frameLine(`${word} ${cmd.hz} ${cmd.ms}`);
    case 'cfg':
      return frameLine(`${word} ${CONFIG_KEYS.filter((k) => cmd.config[k] !== undefined).map((k) => `${k}=${cmd.config[k]}`).join(' ')}`);
  }
}

function mask(buttons: readonly BoardButton[]): string {
  let m = 0;
  for (const b of buttons) m |= 1 << BOARD_BUTTONS.indexOf(b);
  return m.toString(16).toUpperCase();
}

function hex64(lo: number, hi: number, digits: number): string {
  const full = (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
  return full.slice(16 - digits).toUpperCase();
}

/** `OCC BTNS`: the occupancy in as many hex digits as the board has squares by four, the buttons in one. */
function inputs(occupancy: SquareSet, buttons: readonly BoardButton[], squares: number): string {
  return `${hex64(occupancy.lo, occupancy.hi, Math.ceil(squares / 4))} ${mask(buttons)}`;
}

/**
 * A board message as a line, as the firmware writes it (for test peers and tests). `squares`
 * sets the number of OCC digits: 13 for 50 squares, 8 for 32.
 */
export function encodeBoardMessage(msg: BoardMessage, squares: number): string {
  switch (msg.type) {
    case 'hello': {
      const extra = Object.entries(msg.extra).map(([k, v]) => ` ${k}=${v}`);
      return frameLine(
        `HELLO dambord ${msg.fw} proto=${msg.proto} squares=${msg.squares} buttons=${msg.buttons} caps=${msg.caps.join(',')} ring=${msg.ring} boot=${msg.boot}${extra.join('')}`,
      );
    }
    case 'event': {
      const arg =
        msg.kind === 'lift' || msg.kind === 'place' ? `${msg.kind === 'lift' ? 'L' : 'P'} ${msg.square + 1}` : `${msg.kind === 'down' ? 'D' : 'U'} ${BOARD_BUTTONS.indexOf(msg.button) + 1}`;
      return frameLine(`EV ${msg.seq} ${msg.ms} ${arg} ${inputs(msg.occupancy, msg.buttons, squares)}`);
    }
    case 'snap':
      return frameLine(`SNAP ${msg.seq} ${msg.ms} ${inputs(msg.occupancy, msg.buttons, squares)}`);
    case 'hb':
      return frameLine(`HB ${msg.seq} ${msg.ms}`);
    case 'ok':
      return frameLine(`OK ${msg.command}`);
    case 'err':
      return frameLine(msg.text === '' ? `ERR ${msg.code}` : `ERR ${msg.code} ${msg.text}`);
  }
}
