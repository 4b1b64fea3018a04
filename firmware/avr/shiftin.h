/* shiftin.h: the 74HC165 chain of reed switches and buttons (see shiftin.c). */
#ifndef DAMBORD_SHIFTIN_H
#define DAMBORD_SHIFTIN_H

#include <stdint.h>

#include "board.h"

/* PL high, CLK low, QH an input. */
void shiftin_init(void);

/* Reads every input of the chain into raw (BOARD_INPUT_BYTES bytes, board.h order, 1 = closed). */
void shiftin_read(uint8_t raw[BOARD_INPUT_BYTES]);

#endif /* DAMBORD_SHIFTIN_H */
