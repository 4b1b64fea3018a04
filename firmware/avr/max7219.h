/* max7219.h: the square LEDs' driver on the hardware SPI (see max7219.c). */
#ifndef DAMBORD_MAX7219_H
#define DAMBORD_MAX7219_H

#include <stdint.h>

/* SPI master, then: display test off, no decode, scan limit 7, intensity, digits blank,
 * shutdown off. */
void max7219_init(void);

/* Shows a frame of the eight digit registers, writing only the registers that changed. */
void max7219_show(const uint8_t digits[8]);

#endif /* DAMBORD_MAX7219_H */
