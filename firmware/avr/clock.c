/*
 * clock.c: a 1 kHz tick from Timer/Counter0 in CTC mode, the board time.
 *
 * ATmega328P datasheet (Atmel-8271), section 15 "8-bit Timer/Counter0 with PWM": 15.7.2
 * "Clear Timer on Compare Match (CTC) Mode" (WGM02:0 = 2, TOP = OCR0A), 15.9 register
 * description (TCCR0A, TCCR0B, OCR0A, TIMSK0 OCIE0A); prescaler from section 17.
 * Interrupt rate = F_CPU / (N * (1 + OCR0A)) = 16 MHz / (64 * 250) = 1000 Hz exactly.
 */
#include "clock.h"

#include <avr/interrupt.h>
#include <avr/io.h>

#if F_CPU != 16000000UL
#error "clock.c: the 1 kHz tick is set for a 16 MHz clock"
#endif

static volatile uint32_t ms;

ISR(TIMER0_COMPA_vect)
{
    ms++;
}

void clock_init(void)
{
    TCCR0A = _BV(WGM01);             /* CTC, TOP = OCR0A */
    OCR0A = 249;                     /* 250 counts */
    TCCR0B = _BV(CS01) | _BV(CS00);  /* clk/64: 4 us per count */
    TIMSK0 = _BV(OCIE0A);
}

uint32_t clock_ms(void)
{
    uint8_t sreg = SREG;
    cli();
    uint32_t now = ms;
    SREG = sreg;
    return now;
}
