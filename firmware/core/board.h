/*
 * board.h: the board's geometry as compile-time constants for the core.
 *
 * The numbers come from hardware/pinmap.json through the generated pins.h; build with
 * -DBOARD_10X10 (50 squares) or -DBOARD_8X8 (32 squares). pins.h stops the build with #error
 * when neither or both are given.
 *
 * Inputs are the bits of the 74HC165 chain in the order they are read: input k is square k + 1
 * for k < BOARD_SQUARES, then button k - BOARD_SQUARES + 1 (1 jadoube, 2 clock, 3 accept,
 * 4 correct). Input bytes hold input k in byte k / 8, bit k % 8, 1 = closed (occupied/pressed).
 */
#ifndef DAMBORD_BOARD_H
#define DAMBORD_BOARD_H

#include "pins.h"

#define BOARD_INPUTS (BOARD_SQUARES + BOARD_BUTTONS)
#define BOARD_INPUT_BYTES ((BOARD_INPUTS + 7) / 8)
/* Hexadecimal digits of the occupancy in SNAP: ceil(squares / 4). */
#define BOARD_OCC_DIGITS ((BOARD_SQUARES + 3) / 4)
/* MAX7219 digit registers holding the square LEDs: square k (0-based) is digit k / 8, bit k % 8. */
#define BOARD_LED_DIGITS 8

#if BOARD_INPUT_BYTES != BOARD_REGISTERS
#error "pinmap.json: the 74HC165 chain must have one register per 8 inputs (squares + buttons)"
#endif
#if BOARD_SQUARES > 63 || BOARD_BUTTONS > 8
#error "an event stores its square or button number in 6 bits"
#endif

#define BOARD_STR_(x) #x
#define BOARD_STR(x) BOARD_STR_(x)

#endif /* DAMBORD_BOARD_H */
