/*
 * test_congestion.c: a slow output never stalls the core.
 *
 * The rig's output is a 128-byte transmit buffer (the UART's) from which only N bytes leave per
 * tick, and the host's bytes arrive at most R per tick, as on the serial link (115200 baud:
 * 11.5 bytes per ms each way). A burst of commands is sent back to back while a piece is lifted.
 * Every case checks that:
 *   - every command is answered, in order, and nothing is dropped;
 *   - no line is ever begun without room for all of it (the rig counts `partial` lines);
 *   - the scans go on: the lift's EV carries the time its debounce completed, exactly, and is
 *     written as soon as there is room for it, ahead of the answers still waiting: at most
 *     CORE_LINE_EV / N ms after its debounce, the time a full buffer takes to free that room;
 *   - commands are carried out as they arrive: the LEDs are lit as soon as the burst is in,
 *     even while its OK LED waits for room;
 *   - SNAP names no event that has not gone out before it.
 */
#include <stdlib.h>
#include <string.h>

#include "rig.h"
#include "runner.h"

#define ALL_ON "LED <1-" BOARD_STR(BOARD_SQUARES) ":1>"
#define X10 "XXXXXXXXXX"
#define LONG_LINE "=" X10 X10 X10 X10 X10 X10 X10 X10 X10 X10 X10 X10 X10 /* 130 bytes: ERR LONG */

/* The start of the burst, and when the switch of square 1 opens (its EV: 4 ms later). */
#define T0 1000
#define LIFT (T0 + 3)
#define EV_MS (LIFT + 4)

#define MAX_ITEMS 24

struct congestion {
    const char *name;
    uint16_t drain;   /* bytes leaving the transmit buffer per tick */
    uint16_t rx_rate; /* bytes from the host per tick; 0: the whole burst at once at T0 */
    /* command bodies sent back to back, each framed with its CRC; "=TEXT" is sent verbatim
     * with a \n after it */
    const char *burst[MAX_ITEMS];
    /* the lines other than EV the board must write, in order; '#' stands for a number */
    const char *answers[MAX_ITEMS];
};

/* Every command and every refusal. */
#define EVERY_COMMAND                                                                             \
    "HELLO", "SNAP", "RESEND 1", ALL_ON, "BEEP 440 5", "CFG make=5", "=SNAQ*0883", "=SNAP", "=SN\tAP*DCB3", \
        "RESET", "HELLO x", "CFG make=300", LONG_LINE, "RESEND 9", "SNAP"
#define EVERY_ANSWER                                                                              \
    HELLO_LINE(1), "SNAP # # # 0", "OK RESEND", "OK LED", "OK BEEP", "OK CFG", "ERR CRC expected 18A2", \
        "ERR SYNTAX no checksum", "ERR SYNTAX bad character", "ERR SYNTAX unknown command",          \
        "ERR ARG HELLO takes no argument", "ERR ARG CFG make|break=0-255 snap|hb=0-65535",           \
        "ERR LONG line over 128 bytes", "ERR GONE oldest #", "SNAP # # # 0"

static const struct congestion cases[] = {
    {"115200 baud: 3 HELLO then LED (the simulator's reproduction)", 12, 12,
     {"HELLO", "HELLO", "HELLO", ALL_ON},
     {HELLO_LINE(1), HELLO_LINE(1), HELLO_LINE(1), "OK LED"}},
    {"115200 baud: 6 HELLO then LED", 12, 12,
     {"HELLO", "HELLO", "HELLO", "HELLO", "HELLO", "HELLO", ALL_ON},
     {HELLO_LINE(1), HELLO_LINE(1), HELLO_LINE(1), HELLO_LINE(1), HELLO_LINE(1), HELLO_LINE(1), "OK LED"}},
    {"115200 baud: every command and refusal", 12, 12, {EVERY_COMMAND}, {EVERY_ANSWER}},
    {"3 bytes a ms out: every command and refusal", 3, 12, {EVERY_COMMAND}, {EVERY_ANSWER}},
    {"1 byte a ms out: every command and refusal", 1, 12, {EVERY_COMMAND}, {EVERY_ANSWER}},
    {"1 byte a ms out, 1 byte a ms in: 6 HELLO then LED", 1, 1,
     {"HELLO", "HELLO", "HELLO", "HELLO", "HELLO", "HELLO", ALL_ON},
     {HELLO_LINE(1), HELLO_LINE(1), HELLO_LINE(1), HELLO_LINE(1), HELLO_LINE(1), HELLO_LINE(1), "OK LED"}},
    {"16 commands at once (a queue's worth), 6 bytes a ms out", 6, 0, {EVERY_COMMAND, "HELLO"}, {EVERY_ANSWER, HELLO_LINE(1)}},
};

/* Whether s is pattern, where '#' in pattern stands for one or more of 0-9 A-F. */
static int matches(const char *pattern, const char *s, size_t n)
{
    size_t i = 0;
    for (; *pattern; pattern++) {
        if (*pattern == '#') {
            size_t start = i;
            while (i < n && ((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'A' && s[i] <= 'F')))
                i++;
            if (i == start)
                return 0;
        } else if (i < n && s[i] == *pattern) {
            i++;
        } else {
            return 0;
        }
    }
    return i == n;
}

/* Whether the LEDs show anything now. */
static int leds_lit(const struct board_core *c)
{
    uint8_t digits[BOARD_LED_DIGITS];
    core_led_frame(c, digits);
    for (int i = 0; i < BOARD_LED_DIGITS; i++)
        if (digits[i])
            return 1;
    return 0;
}

static void send_item(struct rig *r, const char *item)
{
    if (item[0] == '=') {
        rig_bytes(r, item + 1, strlen(item + 1));
        rig_bytes(r, "\n", 1);
    } else {
        rig_cmd(r, item);
    }
}

static void run_case(const struct congestion *k)
{
    struct rig *r = calloc(1, sizeof *r);
    rig_init(r, 1, 1);
    r->tx_cap = 128;
    r->tx_drain = k->drain;
    rig_closed(r, "1");
    rig_advance(r, 0);
    rig_advance(r, T0 - 1); /* HELLO and SNAP have long gone */
    r->out_len = 0;
    size_t base = r->lines;

    int has_led = 0, lit_when_in = -1;
    r->rx_rate = k->rx_rate;
    rig_advance(r, T0);
    for (int i = 0; i < MAX_ITEMS && k->burst[i]; i++) {
        send_item(r, k->burst[i]);
        has_led |= strncmp(k->burst[i], "LED", 3) == 0;
    }
    while (r->t < T0 + 3000) {
        if (r->t + 1 == LIFT)
            rig_closed(r, "");
        rig_advance(r, r->t + 1);
        if (lit_when_in < 0 && rig_rx_waiting(r) == 0)
            lit_when_in = leds_lit(&r->core);
    }

    /* the lines written since T0: every one complete with its CRC (rig_expect's checks) */
    char label[160];
    snprintf(label, sizeof label, "%s: ", k->name);
    int answers = 0, evs = 0, ev_index = -1;
    long last_ev_seq = 0;
    size_t line_no = base, start = 0;
    for (size_t i = 0; i < r->out_len; i++) {
        if (r->out[i] != '\n')
            continue;
        const char *l = r->out + start;
        size_t len = i - start, body = len >= 5 ? len - 5 : len;
        start = i + 1;
        if (l[0] == '~')
            continue; /* the tone */
        uint32_t when = r->line_t[line_no++];
        if (strncmp(l, "EV ", 3) == 0) {
            char want[64], none[16];
            occ_hex("", none);
            snprintf(want, sizeof want, "EV 1 %u L 1 %s 0", (unsigned)EV_MS, none);
            if (body != strlen(want) || memcmp(l, want, body) != 0)
                test_fail(__FILE__, __LINE__, "%sgot \"%.*s\", expected \"%s\"", label, (int)body, l, want);
            unsigned within = (CORE_LINE_EV + k->drain - 1) / k->drain;
            if (when > (uint32_t)EV_MS + within)
                test_fail(__FILE__, __LINE__, "%sthe EV went out at %u, %u ms after its debounce (at most %u)", label,
                          (unsigned)when, (unsigned)(when - EV_MS), within);
            ev_index = answers;
            last_ev_seq = 1;
            evs++;
            continue;
        }
        if (strncmp(l, "SNAP ", 5) == 0 && atol(l + 5) > last_ev_seq)
            test_fail(__FILE__, __LINE__, "%s\"%.*s\" names an event not sent before it", label, (int)body, l);
        const char *want = answers < MAX_ITEMS ? k->answers[answers] : 0;
        if (!want || !matches(want, l, body))
            test_fail(__FILE__, __LINE__, "%sline %d is \"%.*s\", expected \"%s\"", label, answers + 1, (int)body, l,
                      want ? want : "(no more)");
        answers++;
    }
    int expected = 0;
    while (expected < MAX_ITEMS && k->answers[expected])
        expected++;
    if (answers != expected)
        test_fail(__FILE__, __LINE__, "%s%d answers, expected %d", label, answers, expected);
    if (evs != 1)
        test_fail(__FILE__, __LINE__, "%s%d EV lines, expected 1", label, evs);
    if (ev_index == answers)
        test_fail(__FILE__, __LINE__, "%sthe EV waited for every answer", label);
    if (r->partial || r->blocked)
        test_fail(__FILE__, __LINE__, "%s%u lines begun without room for all of them (%u bytes into a full buffer)",
                  label, r->partial, r->blocked);
    if (r->core.dropped)
        test_fail(__FILE__, __LINE__, "%s%u answers dropped", label, r->core.dropped);
    if (has_led && lit_when_in != 1)
        test_fail(__FILE__, __LINE__, "%sthe LEDs were not lit when the burst was in", label);
    free(r);
}

static void t_cases(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
}

/*
 * The simulator's reproduction line by line, at 115200 baud both ways (12 bytes a tick): three
 * HELLO and an LED command back to back at 100, square 1 lifted at 103. The first HELLO's
 * answer fills the buffer at 101; the lift is debounced on time and its EV goes out ahead of
 * the two HELLOs still waiting, each of which waits until 127 bytes are free; the LEDs are lit
 * as soon as the LED command is in (t_cases checks it), its OK goes out last.
 */
#if BOARD_SQUARES == 50
#define SNAP0_AT "4" /* SNAP waits for 43 bytes of room after HELLO (123) */
#else
#define SNAP0_AT "3"
#endif
static const struct row reproduction[] = {
    {.t = 0, .closed = "1", .out = HELLO_LINE(1)},
    {.t = 100, .out = "SNAP 0 " SNAP0_AT " {1} 0"},
    {.t = 100, .cmd = "HELLO"},
    {.t = 100, .cmd = "HELLO"},
    {.t = 100, .cmd = "HELLO"},
    {.t = 100, .cmd = ALL_ON},
    {.t = 101, .out = HELLO_LINE(1)},
    {.t = 103, .closed = "", .out = ""},
    {.t = 106, .out = ""},
    {.t = 107, .out = "EV 1 107 L 1"},           /* 51 bytes waiting: room for the EV */
    {.t = 113, .out = ""},
    {.t = 114, .out = HELLO_LINE(1)},            /* 1 byte waiting: room for a HELLO */
    {.t = 124, .out = ""},
    {.t = 125, .out = HELLO_LINE(1)},
    {.t = 128, .out = ""},
    {.t = 129, .out = "OK LED"},                 /* 50 bytes free */
    {.t = 300, .out = ""},
};

static void t_reproduction(void)
{
    struct rig *r = calloc(1, sizeof *r);
    rig_init(r, 1, 1);
    r->tx_cap = 128;
    r->tx_drain = 12;
    r->rx_rate = 12;
    RUN_TABLE(r, reproduction);
    CHECK_EQ(r->partial, 0);
    free(r);
}

/*
 * The room each line waits for (CORE_LINE_*) is the length of the longest line of its kind:
 * boot 65535, 5-digit sequence numbers, 10-digit times, every button held, ERR ARG CFG.
 */
enum { K_HELLO, K_EV, K_SNAP, K_HB, K_REPLY, K_KINDS };

static void measure(struct rig *r, unsigned longest[K_KINDS])
{
    static const char *const prefix[K_KINDS] = {"HELLO ", "EV ", "SNAP ", "HB ", ""};
    size_t start = 0;
    for (size_t i = 0; i < r->out_len; i++) {
        if (r->out[i] != '\n')
            continue;
        const char *l = r->out + start;
        unsigned len = (unsigned)(i + 1 - start); /* with its \n */
        start = i + 1;
        if (l[0] == '~')
            continue;
        int k = 0;
        while (k < K_REPLY && strncmp(l, prefix[k], strlen(prefix[k])) != 0)
            k++;
        if (k == K_REPLY && strncmp(l, "OK ", 3) != 0 && strncmp(l, "ERR ", 4) != 0)
            test_fail(__FILE__, __LINE__, "a line of no known kind: \"%.*s\"", (int)len - 1, l);
        if (len > longest[k])
            longest[k] = len;
    }
    r->out_len = 0;
}

static void t_line_bounds(void)
{
    struct rig *r = calloc(1, sizeof *r);
    unsigned longest[K_KINDS] = {0};
    uint32_t t = 4294967295UL - 30000;
    rig_init(r, 65535, 1);
    rig_closed(r, "1-" BOARD_STR(BOARD_SQUARES) " b1 b2 b3 b4");
    rig_advance(r, t);
    rig_cmd(r, "CFG make=0 break=0 hb=1 snap=1");
    /* 10100 events: square 10 lifted and put back every tick */
    for (int i = 0; i < 10100; i++) {
        rig_closed(r, i % 2 ? "1-" BOARD_STR(BOARD_SQUARES) " b1 b2 b3 b4" : "1-9 11-" BOARD_STR(BOARD_SQUARES) " b1 b2 b3 b4");
        rig_advance(r, ++t);
        if (i % 64 == 0)
            measure(r, longest);
    }
    static const char *const commands[] = {"HELLO", "SNAP", "RESEND 10050", "LED <1:1>", "BEEP 8000 2000",
                                           "CFG make=255 break=255 snap=65535 hb=65535", "RESEND 1", "RESEND 0",
                                           "HELLO x", "SNAP x", "LED x", "BEEP 1 1", "CFG x=1", "NOPE"};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        rig_cmd(r, commands[i]);
        measure(r, longest);
    }
    rig_bytes(r, "SNAP*00\nSNAP\n", 13);
    rig_bytes(r, LONG_LINE "\n", strlen(LONG_LINE) + 1);
    measure(r, longest);
    CHECK_EQ(longest[K_HELLO], CORE_LINE_HELLO);
    CHECK_EQ(longest[K_EV], CORE_LINE_EV);
    CHECK_EQ(longest[K_SNAP], CORE_LINE_SNAP);
    CHECK_EQ(longest[K_HB], CORE_LINE_HB);
    CHECK_EQ(longest[K_REPLY], CORE_LINE_REPLY);
    free(r);
}

/*
 * A host that sends far more than the link can answer: the first CORE_ANSWERS answers wait,
 * the rest are dropped and counted; every command is still carried out.
 */
static void t_queue_full(void)
{
    struct rig *r = calloc(1, sizeof *r);
    rig_init(r, 1, 1);
    r->tx_cap = 128;
    r->tx_drain = 12;
    rig_closed(r, "");
    rig_advance(r, 0);
    rig_advance(r, 100);
    r->out_len = 0;
    /* at once: 20 HELLO (the first goes out at once, 16 wait, 3 are dropped), then an LED
     * command whose OK is dropped but whose pattern is shown */
    for (int i = 0; i < 20; i++)
        rig_cmd(r, "HELLO");
    rig_cmd(r, ALL_ON);
    CHECK_EQ(r->core.answers_count, CORE_ANSWERS);
    CHECK_EQ(r->core.dropped, 4);
    CHECK(leds_lit(&r->core));
    rig_advance(r, 400);
    char want[17 * 160] = "";
    for (int i = 0; i < 17; i++)
        strcat(strcat(want, i ? "|" : ""), HELLO_LINE(1));
    EXPECT(r, want);
    /* the queue empty again: answered as usual */
    rig_cmd(r, "SNAP");
    rig_advance(r, 401);
    EXPECT(r, "SNAP 0 400 {} 0");
    CHECK_EQ(r->partial, 0);
    CHECK_EQ(r->blocked, 0);
    free(r);
}

const struct test congestion_tests[] = {
    {"congestion: bursts answered in order, events on time, no partial line", t_cases},
    {"congestion: the simulator's reproduction, line by line", t_reproduction},
    {"congestion: each line waits for the room its longest form takes", t_line_bounds},
    {"congestion: answers past the queue are dropped, commands still carried out", t_queue_full},
    {0, 0},
};
