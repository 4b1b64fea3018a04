/*
 * leds.h: the square LEDs' patterns and the frame they give at a moment of board time.
 *
 * Each square has a mode, set by the LED command (docs/protocol.md): `0` off, `1` on, `S` slow
 * blink (1 Hz: on for the first 500 ms of every board second), `F` fast blink (4 Hz: on for
 * the first 125 ms of every 250), `A` the slow blink in the opposite phase (on when `S` is off).
 * Phases follow board time, not the moment a pattern arrived: a square that keeps its mode
 * across LED commands does not stutter, and `S` beside `A` alternate exactly. The phase is the
 * millisecond within the board second, 0-999 (the core keeps it without dividing).
 *
 * The frame is the MAX7219's eight digit registers: square k (0-based) is digit k / 8, bit
 * k % 8 (hardware/pinmap.json).
 */
#ifndef DAMBORD_LEDS_H
#define DAMBORD_LEDS_H

#include <stdint.h>

#include "board.h"

enum led_mode { LED_OFF = 0, LED_ON, LED_SLOW, LED_FAST, LED_ANTI, LED_BAD = 0xFF };

struct leds {
    uint8_t mode[(BOARD_SQUARES + 1) / 2]; /* two squares per byte, low nibble first */
};

/* The mode of a pattern character `0 1 S F A`, LED_BAD for anything else. */
enum led_mode led_mode_of(char c);

/* All squares off. */
void leds_clear(struct leds *l);

/* Sets every square from BOARD_SQUARES characters already checked with led_mode_of. */
void leds_set(struct leds *l, const char *pattern);

/* The mode of square k (0-based). */
enum led_mode leds_get(const struct leds *l, uint8_t k);

/* Whether a square in `mode` is lit at millisecond ms (0-999) of the board second. */
uint8_t led_lit(enum led_mode mode, uint16_t ms);

/* The eight MAX7219 digit registers at millisecond ms (0-999) of the board second. */
void leds_frame(const struct leds *l, uint16_t ms, uint8_t digits[BOARD_LED_DIGITS]);

#endif /* DAMBORD_LEDS_H */
