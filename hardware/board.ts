// The board's vocabulary, defined once for the firmware's host side, the simulators, the Firmata
// profile and the host: the two board sizes with their dark squares, and the four buttons.

/** A board: 10x10 (50 dark squares: international draughts) or 8x8 (32: Czech, English, Brazilian, Russian). */
export type BoardSize = '10x10' | '8x8';

/** Every board size. */
export const BOARD_SIZES: readonly BoardSize[] = ['10x10', '8x8'];

/** The dark squares of each board size: one reed switch and one LED each. */
export const SQUARE_COUNT: Readonly<Record<BoardSize, number>> = { '10x10': 50, '8x8': 32 };

/** A button of the board, wire numbers 1-4 in this order (docs/protocol.md). */
export type BoardButton = 'jadoube' | 'clock' | 'accept' | 'correct';

/** The buttons in wire order: `BOARD_BUTTONS[n - 1]` is button `n`. */
export const BOARD_BUTTONS: readonly BoardButton[] = ['jadoube', 'clock', 'accept', 'correct'];
