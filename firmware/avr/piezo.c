/*
 * piezo.c: tones from Timer/Counter1 toggling OC1A (the piezo pin) in CTC mode.
 *
 * ATmega328P datasheet (Atmel-8271), section 16 "16-bit Timer/Counter1 with PWM": 16.9.2
 * "Clear Timer on Compare Match (CTC) Mode" (WGM13:0 = 4, TOP = OCR1A) with COM1A1:0 = 1,
 * toggle OC1A on compare match (Table 16-1): f = F_CPU / (2 N (1 + OCR1A)); with N = 8,
 * OCR1A = 1 000 000 / f - 1: 9999 at 100 Hz, 124 at 8000 Hz. 16.11 register description.
 */
#include "piezo.h"

#include <avr/io.h>

#include "pins.h"

#if PINS_PIEZO_LETTER != 'B' || PINS_PIEZO_BIT != 1
#error "pinmap.json: the piezo must be on OC1A (PB1) for Timer1 to drive it"
#endif

void piezo_init(void)
{
    TCCR1A = 0;
    TCCR1B = 0;
    PINS_PIEZO_PORT &= (uint8_t)~_BV(PINS_PIEZO_BIT);
    PINS_PIEZO_DDR |= _BV(PINS_PIEZO_BIT);
}

void piezo_tone(uint16_t hz)
{
    TCCR1B = 0; /* stop */
    TCCR1A = 0; /* OC1A back to the port: low */
    PINS_PIEZO_PORT &= (uint8_t)~_BV(PINS_PIEZO_BIT);
    if (!hz)
        return;
    OCR1A = (uint16_t)(F_CPU / 16 / hz - 1);
    TCNT1 = 0;
    TCCR1A = _BV(COM1A0);             /* toggle OC1A on compare match */
    TCCR1B = _BV(WGM12) | _BV(CS11);  /* CTC, TOP = OCR1A, clk/8 */
}
