/*
 * bootcount.c: a start counter in EEPROM, so that HELLO's boot number differs after every
 * reset and the host sees a restart even when no line was lost.
 *
 * ATmega328P datasheet (Atmel-8271), section 8.4 "EEPROM Data Memory" (8.4.1 read/write
 * access: 3.4 ms erase-and-write; 100 000 write cycles, one per start) and the register
 * description of EEARH/L, EEDR and EECR (8.6; EEPE must be set within four clocks of EEMPE,
 * with interrupts off). Bytes 0-1 hold the count, little-endian; an erased EEPROM (0xFFFF)
 * starts it at 0.
 *
 * Every wait for EEPE is bounded (about 20 ms, six times the write time): on a simulator
 * without an EEPROM the board starts anyway, with whatever count it read.
 */
#include "bootcount.h"

#include <avr/interrupt.h>
#include <avr/io.h>

static uint8_t ready(void)
{
    for (uint16_t i = 0; i < 60000; i++)
        if (!(EECR & _BV(EEPE)))
            return 1;
    return 0;
}

static uint8_t read_byte(uint8_t addr)
{
    if (!ready())
        return 0xFF;
    EEAR = addr;
    EECR |= _BV(EERE);
    return EEDR;
}

static void write_byte(uint8_t addr, uint8_t value)
{
    if (!ready())
        return;
    EEAR = addr;
    EEDR = value;
    uint8_t sreg = SREG;
    cli();
    EECR |= _BV(EEMPE); /* sbi, then sbi: two clocks apart */
    EECR |= _BV(EEPE);
    SREG = sreg;
}

uint16_t bootcount_next(void)
{
    uint16_t n = (uint16_t)((read_byte(0) | read_byte(1) << 8) + 1);
    write_byte(0, (uint8_t)n);
    write_byte(1, (uint8_t)(n >> 8));
    return n;
}
