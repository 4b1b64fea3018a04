/*
 * shiftin.c: reads the chain of 74HC165 parallel-in, serial-out shift registers, bit-banged on
 * the pins of hardware/pinmap.json.
 *
 * 74HC165 datasheet (TI SCLS116 / Nexperia 74HC165): function table and timing. SH/LD (PL) low
 * loads A-H of every register at once (pulse >= 20 ns at 4.5 V); with SH/LD high and CLK INH
 * low each rising CLK edge shifts, QH of register 1 showing first its H, then G ... A, then the
 * H of register 2 through SER, and so on. Port access: ATmega328P datasheet section 14
 * "I/O-Ports" (14.2.4 reading the pin through PINx; the input synchroniser delays a read by
 * up to 1.5 clocks, and every read here comes at least 3 clocks after the CLK edge).
 *
 * A closed switch pulls its input low: the bits are inverted so that 1 = closed. One read of
 * the 56 inputs (10x10) is about 20 us at 16 MHz.
 */
#include "shiftin.h"

#include <avr/io.h>

#include "pins.h"

#define BIT(n) (uint8_t)(1u << (n))

void shiftin_init(void)
{
    PINS_SHIFT_PL_PORT |= BIT(PINS_SHIFT_PL_BIT);
    PINS_SHIFT_PL_DDR |= BIT(PINS_SHIFT_PL_BIT);
    PINS_SHIFT_CLK_PORT &= (uint8_t)~BIT(PINS_SHIFT_CLK_BIT);
    PINS_SHIFT_CLK_DDR |= BIT(PINS_SHIFT_CLK_BIT);
    PINS_SHIFT_DATA_DDR &= (uint8_t)~BIT(PINS_SHIFT_DATA_BIT);
    PINS_SHIFT_DATA_PORT &= (uint8_t)~BIT(PINS_SHIFT_DATA_BIT); /* QH drives it: no pull-up */
}

void shiftin_read(uint8_t raw[BOARD_INPUT_BYTES])
{
    /* Load: SH/LD low for two clocks (125 ns), then back high to shift. */
    PINS_SHIFT_PL_PORT &= (uint8_t)~BIT(PINS_SHIFT_PL_BIT);
    __asm__ __volatile__("nop");
    PINS_SHIFT_PL_PORT |= BIT(PINS_SHIFT_PL_BIT);
    for (uint8_t i = 0; i < BOARD_REGISTERS; i++) {
        uint8_t byte = 0;
        for (uint8_t mask = 1; mask; mask = (uint8_t)(mask << 1)) {
            if (!(PINS_SHIFT_DATA_PIN & BIT(PINS_SHIFT_DATA_BIT)))
                byte |= mask;
            PINS_SHIFT_CLK_PORT |= BIT(PINS_SHIFT_CLK_BIT); /* rising edge: shift */
            PINS_SHIFT_CLK_PORT &= (uint8_t)~BIT(PINS_SHIFT_CLK_BIT);
        }
        raw[i] = byte;
    }
}
