/*
 * max7219.c: the MAX7219 LED driver on the ATmega328P's hardware SPI.
 *
 * MAX7219 datasheet (Maxim 19-4452): "Serial-Addressing Modes" and Table 1 (16-bit words,
 * D15-D8 the register address, D7-D0 the data, MSB first, sampled on the rising CLK edge; the
 * last 16 bits are latched on the rising edge of LOAD), Table 2 (register addresses), Table 4
 * (decode mode 0x00: no decode), Table 7 (intensity), Table 8 (scan limit 7: digits 0-7),
 * Table 3 (shutdown register: 1 = normal operation), Table 10 (display test 0 = normal).
 * In no-decode mode bit 7 of a digit register is segment DP and bits 6-0 are A-G (Table 6).
 *
 * ATmega328P datasheet (Atmel-8271), section 19 "SPI - Serial Peripheral Interface": master
 * mode 0 (CPOL = 0, CPHA = 0), MSB first, SCK = F_CPU / 8 = 2 MHz (SPR0 with SPI2X, Table
 * 19-5); SS (PB2) is an output, so it is LOAD and master mode cannot be lost (19.3.2).
 */
#include "max7219.h"

#include <avr/io.h>

#include "pins.h"

#if PINS_MAX7219_DIN_LETTER != 'B' || PINS_MAX7219_DIN_BIT != 3 || PINS_MAX7219_CLK_LETTER != 'B' || \
    PINS_MAX7219_CLK_BIT != 5
#error "pinmap.json: the MAX7219's DIN and CLK must be the hardware SPI's MOSI (PB3) and SCK (PB5)"
#endif

#define BIT(n) (uint8_t)(1u << (n))

enum {
    REG_DIGIT0 = 0x01,
    REG_DECODE = 0x09,
    REG_INTENSITY = 0x0A,
    REG_SCAN_LIMIT = 0x0B,
    REG_SHUTDOWN = 0x0C,
    REG_TEST = 0x0F,
};

#define INTENSITY 0x08 /* 17/32 duty: Table 7 */

static uint8_t shown[8];

static void spi_byte(uint8_t b)
{
    SPDR = b;
    while (!(SPSR & _BV(SPIF))) {
    }
}

static void write_reg(uint8_t reg, uint8_t value)
{
    PINS_MAX7219_LOAD_PORT &= (uint8_t)~BIT(PINS_MAX7219_LOAD_BIT);
    spi_byte(reg);
    spi_byte(value);
    PINS_MAX7219_LOAD_PORT |= BIT(PINS_MAX7219_LOAD_BIT); /* rising edge latches */
}

void max7219_init(void)
{
    PINS_MAX7219_LOAD_PORT |= BIT(PINS_MAX7219_LOAD_BIT);
    PINS_MAX7219_LOAD_DDR |= BIT(PINS_MAX7219_LOAD_BIT);
    PINS_MAX7219_DIN_DDR |= BIT(PINS_MAX7219_DIN_BIT);
    PINS_MAX7219_CLK_DDR |= BIT(PINS_MAX7219_CLK_BIT);
    SPCR = _BV(SPE) | _BV(MSTR) | _BV(SPR0);
    SPSR = _BV(SPI2X);

    write_reg(REG_TEST, 0);
    write_reg(REG_DECODE, 0);
    write_reg(REG_SCAN_LIMIT, 7);
    write_reg(REG_INTENSITY, INTENSITY);
    for (uint8_t d = 0; d < 8; d++) {
        write_reg((uint8_t)(REG_DIGIT0 + d), 0);
        shown[d] = 0;
    }
    write_reg(REG_SHUTDOWN, 1);
}

void max7219_show(const uint8_t digits[8])
{
    for (uint8_t d = 0; d < 8; d++) {
        if (digits[d] != shown[d]) {
            write_reg((uint8_t)(REG_DIGIT0 + d), digits[d]);
            shown[d] = digits[d];
        }
    }
}
