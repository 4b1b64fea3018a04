/* bootcount.h: the number that changes at each start, for HELLO (see bootcount.c). */
#ifndef DAMBORD_BOOTCOUNT_H
#define DAMBORD_BOOTCOUNT_H

#include <stdint.h>

/* Adds one to the count kept in EEPROM and returns it (0-65535, wrapping). */
uint16_t bootcount_next(void);

#endif /* DAMBORD_BOOTCOUNT_H */
