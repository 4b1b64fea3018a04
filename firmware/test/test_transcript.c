/*
 * test_transcript.c: the session shown in docs/protocol.md's transcript.
 *
 * The test runs it like any table; `test-10x10 --transcript` prints the same session line by
 * line (`<` board to host, `>` host to board, with the real CRCs), and firmware/firmware.test.ts
 * checks that every line of the transcript in docs/protocol.md is in that output, in order. EV
 * lines are compared whole, with the inputs they carry.
 */
#include "rig.h"
#include "runner.h"

#if BOARD_SQUARES == 50
#define START "1-20 31-50"
#define AFTER_32 "1-20 31 33-50"
#define AFTER_32_28 "1-20 28 31 33-50"
#define AFTER_19 "1-18 20 28 31 33-50"
#define AFTER_19_23 "1-18 20 23 28 31 33-50"
#define HINT "<28:S 23:F 19:A>"
#define LAST_MOVE "<28:1 32:1>"
static const struct row session[] = {
    {.t = 0, .closed = START, .out = HELLO_LINE(7) "|SNAP 0 0 {" START "} 0"},
    {.t = 0, .cmd = "CFG make=5 break=5 snap=5000 hb=1000", .out = "OK CFG"},
    {.t = 1000, .out = "HB 0 1000"},
    {.t = 1200, .closed = AFTER_32},                 /* a white man leaves 32 */
    {.t = 1480, .closed = AFTER_32_28, .out = "EV 1 1204 L 32 {" AFTER_32 "} 0"}, /* ... and lands on 28 */
    {.t = 1500, .cmd = "LED " LAST_MOVE, .out = "EV 2 1484 P 28 {" AFTER_32_28 "} 0|OK LED"},
    {.t = 2000, .out = "HB 2 2000"},
    {.t = 2300, .closed = AFTER_32_28 " b2"},        /* the clock button */
    {.t = 2400, .closed = AFTER_32_28, .out = "EV 3 2304 D 2 {" AFTER_32_28 "} 2"},
    {.t = 3000, .out = "EV 4 2404 U 2 {" AFTER_32_28 "} 0|HB 4 3000"},
    {.t = 3100, .closed = AFTER_19},                 /* black 19-23 */
    {.t = 3300, .closed = AFTER_19_23, .out = "EV 5 3104 L 19 {" AFTER_19 "} 0"},
    {.t = 3310, .cmd = "RESEND 5", .out = "EV 6 3304 P 23 {" AFTER_19_23 "} 0|EV 5 3104 L 19 {" AFTER_19 "} 0|EV 6 3304 P 23 {" AFTER_19_23 "} 0|OK RESEND"},
    {.t = 3320, .cmd = "LED " HINT, .out = "OK LED"},
    {.t = 3330, .cmd = "BEEP 880 120", .out = "~TONE 880|OK BEEP"},
    {.t = 3400, .bytes = "SNAQ*0883\n", .out = "ERR CRC expected 18A2"}, /* SNAP*0883, one bit flipped */
    {.t = 3401, .cmd = "SNAP", .out = "SNAP 6 3401 {" AFTER_19_23 "} 0"},
    {.t = 3500, .cmd = "BEEP 20000 100", .out = "~TONE 0|ERR ARG BEEP HZ 100-8000 MS 1-2000"},
    {.t = 4000, .out = "HB 6 4000"},
    {.t = 5000, .out = "SNAP 6 5000 {" AFTER_19_23 "} 0|HB 6 5000"},
};
#else
#define START "1-12 21-32"
#define AFTER_22 "1-12 21 23-32"
#define AFTER_22_18 "1-12 18 21 23-32"
#define AFTER_11 "1-10 12 18 21 23-32"
#define AFTER_11_15 "1-10 12 15 18 21 23-32"
static const struct row session[] = {
    {.t = 0, .closed = START, .out = HELLO_LINE(7) "|SNAP 0 0 {" START "} 0"},
    {.t = 0, .cmd = "CFG make=5 break=5 snap=5000 hb=1000", .out = "OK CFG"},
    {.t = 1000, .out = "HB 0 1000"},
    {.t = 1200, .closed = AFTER_22},
    {.t = 1480, .closed = AFTER_22_18, .out = "EV 1 1204 L 22 {" AFTER_22 "} 0"},
    {.t = 1500, .cmd = "LED <18:1 22:1>", .out = "EV 2 1484 P 18 {" AFTER_22_18 "} 0|OK LED"},
    {.t = 2000, .out = "HB 2 2000"},
    {.t = 3100, .closed = AFTER_11, .out = "HB 2 3000"},
    {.t = 3300, .closed = AFTER_11_15, .out = "EV 3 3104 L 11 {" AFTER_11 "} 0"},
    {.t = 3310, .cmd = "RESEND 3", .out = "EV 4 3304 P 15 {" AFTER_11_15 "} 0|EV 3 3104 L 11 {" AFTER_11 "} 0|EV 4 3304 P 15 {" AFTER_11_15 "} 0|OK RESEND"},
    {.t = 3320, .cmd = "LED <18:S 15:F 11:A>", .out = "OK LED"},
    {.t = 3401, .cmd = "SNAP", .out = "SNAP 4 3401 {" AFTER_11_15 "} 0"},
    {.t = 5000, .out = "HB 4 4000|SNAP 4 5000 {" AFTER_11_15 "} 0|HB 4 5000"},
};
#endif

static void t_session(void)
{
    struct rig r;
    rig_init(&r, 7, 0);
    r.full_ev = 1;
    RUN_TABLE(&r, session);
}

void transcript_print(FILE *f)
{
    struct rig r;
    rig_init(&r, 7, 0);
    r.full_ev = 1;
    r.log = f;
    RUN_TABLE(&r, session);
}

const struct test transcript_tests[] = {
    {"transcript: the session of docs/protocol.md", t_session},
    {0, 0},
};
