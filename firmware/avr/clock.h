/* clock.h: board time in milliseconds from Timer/Counter0 (see clock.c). */
#ifndef DAMBORD_CLOCK_H
#define DAMBORD_CLOCK_H

#include <stdint.h>

/* Starts the 1 kHz tick. Interrupts must be enabled afterwards (sei). */
void clock_init(void);

/* Milliseconds since clock_init, wrapping at 2^32 (49.7 days). */
uint32_t clock_ms(void);

#endif /* DAMBORD_CLOCK_H */
