/* test_debounce.c: the defer_pk debounce (debounce_defer_pk.h), alone and through the core. */
#include <string.h>

#include "debounce_defer_pk.h"
#include "rig.h"
#include "runner.h"

/*
 * One switch, one sample per character: `raw` is what the switch reads at each scan ('0' open,
 * '1' closed), each scan `elapsed` ms after the one before; `stable` the debounced state after
 * each scan. The stable state starts as raw[0].
 */
static const struct {
    uint8_t make_ms, break_ms, elapsed;
    const char *raw;
    const char *stable;
} key_rows[] = {
    /* make 5: five closed samples at 1 ms */
    {5, 5, 1, "0111111", "0000011"},
    /* a bounce restarts the wait */
    {5, 5, 1, "01101111111", "00000000111"},
    /* shorter than make: nothing */
    {5, 5, 1, "011110000", "000000000"},
    /* break 5, opening */
    {5, 5, 1, "1000000", "1111100"},
    /* separate make and break */
    {2, 8, 1, "0111000000000", "0011111111100"},
    /* 0 ms: the first differing sample */
    {0, 0, 1, "0101", "0101"},
    /* elapsed time counts: 2 ms scans reach make 5 at the third sample */
    {5, 5, 2, "01111", "00011"},
    /* a long gap saturates the counter: 255 ms thresholds are reached */
    {255, 255, 200, "0111", "0011"},
    {255, 255, 255, "011", "011"},
};

static void t_key_table(void)
{
    for (size_t i = 0; i < sizeof key_rows / sizeof key_rows[0]; i++) {
        struct defer_pk_config cfg = {key_rows[i].make_ms, key_rows[i].break_ms};
        const char *raw = key_rows[i].raw;
        uint8_t stable = (uint8_t)(raw[0] - '0'), counter = 0;
        char got[32] = {0};
        for (size_t s = 0; raw[s]; s++) {
            if (defer_pk_key(&counter, stable, (uint8_t)(raw[s] - '0'), key_rows[i].elapsed, &cfg))
                stable ^= 1;
            got[s] = (char)('0' + stable);
        }
        if (strcmp(got, key_rows[i].stable) != 0)
            test_fail(__FILE__, __LINE__, "row %zu raw %s: stable %s, expected %s", i, raw, got, key_rows[i].stable);
    }
}

static void t_bank(void)
{
    struct defer_pk_bank b;
    struct defer_pk_config cfg = {2, 3};
    uint8_t raw[BOARD_INPUT_BYTES] = {0}, changed[BOARD_INPUT_BYTES];
    raw[0] = 0x01; /* square 1 occupied at start */
    defer_pk_reset(&b, raw);
    CHECK_EQ(b.stable[0], 0x01);

    /* Square 1 lifted, square 9 placed, the last button pressed. */
    raw[0] = 0x00;
    raw[1] = 0x01;
    raw[(BOARD_INPUTS - 1) / 8] |= (uint8_t)(1 << ((BOARD_INPUTS - 1) % 8));
    defer_pk_scan(&b, raw, 1, &cfg, changed);
    CHECK_EQ(changed[0] | changed[1], 0);
    defer_pk_scan(&b, raw, 1, &cfg, changed);
    CHECK_EQ(changed[0], 0);     /* break 3 */
    CHECK_EQ(changed[1], 0x01);  /* make 2 */
    CHECK_EQ(changed[(BOARD_INPUTS - 1) / 8] >> ((BOARD_INPUTS - 1) % 8) & 1, 1);
    defer_pk_scan(&b, raw, 1, &cfg, changed);
    CHECK_EQ(changed[0], 0x01);
    CHECK_EQ(b.stable[0], 0x00);
    CHECK_EQ(b.stable[1], 0x01);
    for (uint8_t i = 0; i < BOARD_INPUT_BYTES; i++)
        CHECK_EQ(b.pending[i], 0);

    /* Inputs past the last button (unused register inputs) are ignored. */
    uint8_t spare = (uint8_t)(0xFF << (BOARD_INPUTS % 8 ? BOARD_INPUTS % 8 : 8));
    raw[BOARD_INPUT_BYTES - 1] |= spare;
    for (int i = 0; i < 5; i++) {
        defer_pk_scan(&b, raw, 1, &cfg, changed);
        CHECK_EQ(changed[BOARD_INPUT_BYTES - 1], 0);
    }
    CHECK_EQ(b.stable[BOARD_INPUT_BYTES - 1] & spare, 0);
}

static void t_bank_quiet_scan_touches_nothing(void)
{
    struct defer_pk_bank b;
    struct defer_pk_config cfg = {5, 5};
    uint8_t raw[BOARD_INPUT_BYTES], changed[BOARD_INPUT_BYTES];
    memset(raw, 0x5A, sizeof raw);
    defer_pk_reset(&b, raw);
    /* A glitch on square 2 that ends: the counter goes back to 0, pending clears. */
    raw[0] ^= 0x02;
    defer_pk_scan(&b, raw, 1, &cfg, changed);
    CHECK_EQ(b.counter[1], 1);
    CHECK_EQ(b.pending[0], 0x02);
    raw[0] ^= 0x02;
    defer_pk_scan(&b, raw, 1, &cfg, changed);
    CHECK_EQ(b.counter[1], 0);
    CHECK_EQ(b.pending[0], 0);
    for (int i = 0; i < 300; i++)
        defer_pk_scan(&b, raw, 1, &cfg, changed);
    for (size_t k = 0; k < sizeof b.counter; k++)
        CHECK_EQ(b.counter[k], 0);
}

/* Through the core: make and break in board time, with the protocol's lines. */
static const struct row make_break[] = {
    {.t = 0, .closed = "1", .out = HELLO_LINE(1) "|SNAP 0 0 {1} 0"},
    {.t = 10, .closed = "1 5"},   /* a piece arrives on 5 between the scans at 9 and 10 */
    {.t = 13, .out = ""},
    {.t = 14, .out = "EV 1 14 P 5"}, /* five closed samples: 10-14 */
    {.t = 20, .closed = "5"},     /* the piece on 1 is lifted */
    {.t = 24, .out = "EV 2 24 L 1"},
    /* a bouncing arrival on 9: closed, open, closed... the wait starts again each time */
    {.t = 30, .closed = "5 9"},
    {.t = 31, .closed = "5"},
    {.t = 32, .closed = "5 9"},
    {.t = 33, .closed = "5"},
    {.t = 34, .closed = "5 9"},
    {.t = 37, .out = ""},
    {.t = 38, .out = "EV 3 38 P 9"},
    /* a magnet passing over 12 for 3 ms: no event */
    {.t = 50, .closed = "5 9 12"},
    {.t = 53, .closed = "5 9"},
    {.t = 70, .out = ""},
};

static void t_core_make_break(void)
{
    struct rig r;
    rig_init(&r, 1, 1);
    RUN_TABLE(&r, make_break);
}

/* CFG make/break take effect at once; separate times for arrival and departure. */
static const struct row separate[] = {
    {.t = 0, .closed = "", .out = HELLO_LINE(1) "|SNAP 0 0 {} 0"},
    {.t = 1, .cmd = "CFG make=2 break=20", .out = "OK CFG"},
    {.t = 10, .closed = "3"},
    {.t = 11, .out = "EV 1 11 P 3"},
    {.t = 20, .closed = ""},
    {.t = 38, .out = ""},
    {.t = 39, .out = "EV 2 39 L 3"},
    {.t = 40, .cmd = "CFG make=0 break=0", .out = "OK CFG"},
    {.t = 41, .closed = "3", .out = "EV 3 41 P 3"},
    {.t = 42, .closed = "", .out = "EV 4 42 L 3"},
};

static void t_core_separate_make_break(void)
{
    struct rig r;
    rig_init(&r, 1, 1);
    RUN_TABLE(&r, separate);
}

/* Buttons: D and U with the button number; several changes in one scan go in input order. */
static const struct row buttons[] = {
    {.t = 0, .closed = "", .out = HELLO_LINE(1) "|SNAP 0 0 {} 0"},
    {.t = 100, .closed = "b1"},
    {.t = 104, .out = "EV 1 104 D 1"},
    {.t = 105, .cmd = "SNAP", .out = "SNAP 1 105 {} 1"},
    {.t = 200, .closed = "b4 2 7"},
    {.t = 204, .out = "EV 2 204 P 2|EV 3 204 P 7|EV 4 204 U 1|EV 5 204 D 4"},
    {.t = 205, .cmd = "SNAP", .out = "SNAP 5 205 {2 7} 8"},
    {.t = 300, .closed = "b2 b3"},
    {.t = 304, .out = "EV 6 304 L 2|EV 7 304 L 7|EV 8 304 D 2|EV 9 304 D 3|EV 10 304 U 4"},
    {.t = 305, .cmd = "SNAP", .out = "SNAP 10 305 {} 6"},
};

static void t_core_buttons(void)
{
    struct rig r;
    rig_init(&r, 1, 1);
    RUN_TABLE(&r, buttons);
}

const struct test debounce_tests[] = {
    {"debounce: defer_pk one switch, table of samples", t_key_table},
    {"debounce: bank of inputs, unused inputs ignored", t_bank},
    {"debounce: a glitch that ends leaves no counter behind", t_bank_quiet_scan_touches_nothing},
    {"debounce: make and break through the core", t_core_make_break},
    {"debounce: CFG make/break, separate times", t_core_separate_make_break},
    {"debounce: buttons and simultaneous changes", t_core_buttons},
    {0, 0},
};
