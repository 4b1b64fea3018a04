/**
 * The typed messages of the dambord link protocol (docs/protocol.md). Squares are internal
 * indices (wire number - 1) and buttons are names: the codec converts at the edge.
 */
import type { SquareSet } from '../../../rules/squareSet.ts';
import type { BoardButton, Hello } from '../types.ts';
import { COMMAND_LIMITS, CONFIG_KEYS } from '../kit/command.ts';
import type { UserCommand } from '../kit/command.ts';

/** The link protocol this host speaks: a board's HELLO must say `proto=2`. */
export const PROTOCOL = 2;

/** `HELLO dambord FW proto=P squares=N buttons=4 caps=CAPS ring=R boot=B` */
export interface HelloMessage extends Hello {
  readonly type: 'hello';
  /** The link protocol the board speaks (`proto=`). */
  readonly proto: number;
}

/**
 * What every `EV` line carries after its event: the board's debounced inputs just after it, as
 * `SNAP` writes them (`OCC BTNS`). The host checks them against the inputs it knows with the
 * event applied (docs/protocol.md, "Repair").
 */
interface After {
  readonly type: 'event';
  readonly seq: number;
  readonly ms: number;
  /** The occupied squares after the event. */
  readonly occupancy: SquareSet;
  /** The buttons held after the event, in wire order. */
  readonly buttons: readonly BoardButton[];
}

/** `EV SEQ MS L|P SQ OCC BTNS` and `EV SEQ MS D|U BTN OCC BTNS`. */
export type EventMessage =
  | (After & { readonly kind: 'lift'; readonly square: number })
  | (After & { readonly kind: 'place'; readonly square: number })
  | (After & { readonly kind: 'down'; readonly button: BoardButton })
  | (After & { readonly kind: 'up'; readonly button: BoardButton });

/** `SNAP SEQ MS OCC BTNS`: the occupancy after event `seq`. */
export interface SnapMessage {
  readonly type: 'snap';
  readonly seq: number;
  readonly ms: number;
  readonly occupancy: SquareSet;
  /** Buttons held, in wire order. */
  readonly buttons: readonly BoardButton[];
}

/** `HB SEQ MS`: the last sequence number issued. */
export interface HeartbeatMessage {
  readonly type: 'hb';
  readonly seq: number;
  readonly ms: number;
}

/** `OK CMD` */
export interface OkMessage {
  readonly type: 'ok';
  /** The command word as the board wrote it (`LED`, `BEEP`, `CFG`, `RESEND`, ...). */
  readonly command: string;
}

/** The `ERR` codes docs/protocol.md defines; others are passed through as written. */
export type ErrCode = 'CRC' | 'SYNTAX' | 'LONG' | 'ARG' | 'GONE';

/** `ERR CODE TEXT` */
export interface ErrMessage {
  readonly type: 'err';
  readonly code: ErrCode | (string & {});
  /** Free text after the code (may be empty). */
  readonly text: string;
}

/** A line from the board. */
export type BoardMessage = HelloMessage | EventMessage | SnapMessage | HeartbeatMessage | OkMessage | ErrMessage;

/** A line from the host. */
export type HostCommand =
  | { readonly type: 'hello' }
  | { readonly type: 'snap' }
  | { readonly type: 'resend'; readonly seq: number }
  | UserCommand;

/** The wire word of each command, as `OK` answers name it. */
export const COMMAND_WORDS = {
  hello: 'HELLO',
  snap: 'SNAP',
  resend: 'RESEND',
  led: 'LED',
  beep: 'BEEP',
  cfg: 'CFG',
} as const satisfies Record<HostCommand['type'], string>;

export type CommandWord = (typeof COMMAND_WORDS)[keyof typeof COMMAND_WORDS];

/** LED pattern characters on the wire. */
export const LED_CHARS = { off: '0', on: '1', slow: 'S', fast: 'F', alternate: 'A' } as const;

/** Ranges of numeric fields and line lengths (docs/protocol.md). */
export const LIMITS = {
  seqMax: 65535,
  msMax: 0xffffffff,
  ...COMMAND_LIMITS,
  /** Longest line, `BODY*HHHH`, without the line end. */
  maxLine: 128,
  /** Longest body: the line less `*HHHH`. */
  maxBody: 123,
  /** Hexadecimal digits of a line's CRC. */
  crcDigits: 4,
} as const;

/** The keys of `CFG`, in the order the host writes them. */
export { CONFIG_KEYS };
