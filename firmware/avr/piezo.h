/* piezo.h: tones on the piezo buzzer (see piezo.c). */
#ifndef DAMBORD_PIEZO_H
#define DAMBORD_PIEZO_H

#include <stdint.h>

/* The buzzer pin an output, low, Timer1 stopped. */
void piezo_init(void);

/* A square wave of hz (100-8000) until the next call; 0 stops it. */
void piezo_tone(uint16_t hz);

#endif /* DAMBORD_PIEZO_H */
