/* leds.c: LED patterns. Contract in leds.h. */
#include "leds.h"

enum led_mode led_mode_of(char c)
{
    /* Not a switch: avr-gcc turns that into a lookup table in RAM. */
    if (c == '0')
        return LED_OFF;
    if (c == '1')
        return LED_ON;
    if (c == 'S')
        return LED_SLOW;
    if (c == 'F')
        return LED_FAST;
    if (c == 'A')
        return LED_ANTI;
    return LED_BAD;
}

void leds_clear(struct leds *l)
{
    for (uint8_t i = 0; i < sizeof l->mode; i++)
        l->mode[i] = 0;
}

void leds_set(struct leds *l, const char *pattern)
{
    for (uint8_t k = 0; k < BOARD_SQUARES; k += 2) {
        uint8_t hi = k + 1 < BOARD_SQUARES ? (uint8_t)led_mode_of(pattern[k + 1]) : 0;
        l->mode[k / 2] = (uint8_t)(led_mode_of(pattern[k]) | hi << 4);
    }
}

enum led_mode leds_get(const struct leds *l, uint8_t k)
{
    return (enum led_mode)((l->mode[k / 2] >> ((k & 1) * 4)) & 15);
}

uint8_t led_lit(enum led_mode mode, uint16_t ms)
{
    uint16_t quarter = ms;
    while (quarter >= 250)
        quarter -= 250;
    if (mode == LED_ON)
        return 1;
    if (mode == LED_SLOW)
        return ms < 500;
    if (mode == LED_ANTI)
        return ms >= 500;
    if (mode == LED_FAST)
        return quarter < 125;
    return 0;
}

void leds_frame(const struct leds *l, uint16_t ms, uint8_t digits[BOARD_LED_DIGITS])
{
    /* Each phase once per frame, not once per square. */
    uint8_t lit[16] = {0};
    lit[LED_ON] = 1;
    lit[LED_SLOW] = led_lit(LED_SLOW, ms);
    lit[LED_ANTI] = !lit[LED_SLOW];
    lit[LED_FAST] = led_lit(LED_FAST, ms);
    uint8_t k = 0;
    for (uint8_t d = 0; d < BOARD_LED_DIGITS; d++) {
        uint8_t v = 0;
        for (uint8_t bit = 1; bit && k < BOARD_SQUARES; bit = (uint8_t)(bit << 1), k++) {
            uint8_t m = l->mode[k >> 1];
            if (lit[(k & 1 ? m >> 4 : m) & 15])
                v |= bit;
        }
        digits[d] = v;
    }
}
