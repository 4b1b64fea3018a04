/* test_leds.c: LED modes, blink phases in board time and the MAX7219 frame (leds.h). */
#include <string.h>

#include "leds.h"
#include "rig.h"
#include "runner.h"

static void t_mode_chars(void)
{
    CHECK_EQ(led_mode_of('0'), LED_OFF);
    CHECK_EQ(led_mode_of('1'), LED_ON);
    CHECK_EQ(led_mode_of('S'), LED_SLOW);
    CHECK_EQ(led_mode_of('F'), LED_FAST);
    CHECK_EQ(led_mode_of('A'), LED_ANTI);
    CHECK_EQ(led_mode_of('s'), LED_BAD);
    CHECK_EQ(led_mode_of('2'), LED_BAD);
    CHECK_EQ(led_mode_of(' '), LED_BAD);
}

/* Squares 1-5 set to `0 1 S F A`: which are lit at each board time. */
static const struct {
    uint32_t t;
    const char *lit;
} phases[] = {
    {0, "01110"},    {124, "01110"}, {125, "01100"}, {249, "01100"}, {250, "01110"},
    {375, "01100"},  {499, "01100"}, {500, "01011"}, {624, "01011"}, {625, "01001"},
    {750, "01011"},  {875, "01001"}, {999, "01001"}, {1000, "01110"}, {1500, "01011"},
    {123456, "01100"}, /* 456 into a second, 206 into a quarter */
    {4294967295UL, "01110"}, /* 295 into a second, 45 into a quarter */
};

static void t_blink_phases(void)
{
    struct leds l;
    char pattern[BOARD_SQUARES + 1];
    led_pattern("2:1 3:S 4:F 5:A", pattern);
    leds_set(&l, pattern);
    for (size_t i = 0; i < sizeof phases / sizeof phases[0]; i++) {
        uint8_t digits[BOARD_LED_DIGITS];
        leds_frame(&l, (uint16_t)(phases[i].t % 1000), digits);
        char lit[6] = {0};
        for (int k = 0; k < 5; k++)
            lit[k] = (char)('0' + (digits[0] >> k & 1));
        if (strcmp(lit, phases[i].lit) != 0)
            test_fail(__FILE__, __LINE__, "t=%u: lit %s, expected %s", (unsigned)phases[i].t, lit, phases[i].lit);
    }
}

/* Square k (0-based) is digit k / 8, bit k % 8 (hardware/pinmap.json). */
static void t_frame_mapping(void)
{
    struct leds l;
    char pattern[BOARD_SQUARES + 1];
    uint8_t digits[BOARD_LED_DIGITS];
#if BOARD_SQUARES == 50
    led_pattern("1:1 8:1 9:1 32:1 49:1 50:1", pattern);
    leds_set(&l, pattern);
    leds_frame(&l, 0, digits);
    static const uint8_t want[8] = {0x81, 0x01, 0x00, 0x80, 0x00, 0x00, 0x03, 0x00};
#else
    led_pattern("1:1 8:1 9:1 25:1 32:1", pattern);
    leds_set(&l, pattern);
    leds_frame(&l, 0, digits);
    static const uint8_t want[8] = {0x81, 0x01, 0x00, 0x81, 0x00, 0x00, 0x00, 0x00};
#endif
    for (int d = 0; d < 8; d++)
        CHECK_EQ(digits[d], want[d]);
    for (uint8_t k = 0; k < BOARD_SQUARES; k++)
        CHECK_EQ(leds_get(&l, k), pattern[k] == '1' ? LED_ON : LED_OFF);
    /* every square on: all digit bits of the squares, nothing past them */
    memset(pattern, '1', BOARD_SQUARES);
    leds_set(&l, pattern);
    leds_frame(&l, 0, digits);
    int lit = 0;
    for (int d = 0; d < 8; d++)
        lit += __builtin_popcount(digits[d]);
    CHECK_EQ(lit, BOARD_SQUARES);
}

/* Through the core: the LED command, its answer, and the frame at later ticks. */
static void t_core_led_command(void)
{
    struct rig r;
    uint8_t digits[BOARD_LED_DIGITS];
    rig_init(&r, 3, 1);
    rig_advance(&r, 0);
    EXPECT(&r, HELLO_LINE(3) "|SNAP 0 0 {} 0");
    core_led_frame(&r.core, digits);
    CHECK_EQ(digits[0], 0);
    rig_advance(&r, 10);
    rig_cmd(&r, "LED <1:1 2:S 3:F 4:A 9:1>");
    EXPECT(&r, "OK LED");
    core_led_frame(&r.core, digits); /* at t=10, before the next tick: the command shows at once */
    CHECK_EQ(digits[0], 0x07);
    CHECK_EQ(digits[1], 0x01);
    rig_advance(&r, 130);
    core_led_frame(&r.core, digits);
    CHECK_EQ(digits[0], 0x03);
    rig_advance(&r, 600);
    core_led_frame(&r.core, digits);
    CHECK_EQ(digits[0], 0x0D);
    rig_cmd(&r, "LED <>");
    EXPECT(&r, "OK LED");
    core_led_frame(&r.core, digits);
    CHECK_EQ(digits[0] | digits[1], 0);
}

/* The core's blink phase: board time modulo 1000, however far apart the ticks, and smooth
 * where board time wraps (2^32 is not a multiple of 1000). */
static void t_core_phase(void)
{
    static const struct {
        uint32_t t;
        uint16_t second_ms;
    } ticks[] = {
        {7, 7},     {8, 8},       {999, 999},   {1000, 0},    {2500, 500},     {100001, 1},
        {4294967000UL, 0}, {4294967295UL, 295}, {0, 296}, {499, 795}, {1703, 999},
    };
    struct rig r;
    rig_init(&r, 1, 1);
    for (size_t i = 0; i < sizeof ticks / sizeof ticks[0]; i++) {
        core_tick(&r.core, ticks[i].t, r.raw);
        if (r.core.second_ms != ticks[i].second_ms)
            test_fail(__FILE__, __LINE__, "t=%u: phase %u, expected %u", (unsigned)ticks[i].t, r.core.second_ms,
                      ticks[i].second_ms);
    }
}

const struct test leds_tests[] = {
    {"leds: the core's blink phase in board time", t_core_phase},
    {"leds: pattern characters", t_mode_chars},
    {"leds: blink phases of 0 1 S F A in board time", t_blink_phases},
    {"leds: square to MAX7219 digit and bit", t_frame_mapping},
    {"leds: LED command shows at once and blinks", t_core_led_command},
    {0, 0},
};
