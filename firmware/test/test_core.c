/* test_core.c: the core through the protocol: tables of time, switches, commands and lines. */
#include <string.h>

#include "rig.h"
#include "runner.h"

/* Start: what is on the board is the snapshot, not events. */
static const struct row boot[] = {
    {.t = 0, .closed = "1-12 21-32", .out = HELLO_LINE(42) "|SNAP 0 0 {1-12 21-32} 0"},
    {.t = 200, .out = ""},
    {.t = 201, .cmd = "HELLO", .out = HELLO_LINE(42)},
    {.t = 202, .cmd = "SNAP", .out = "SNAP 0 202 {1-12 21-32} 0"},
};

static void t_boot(void)
{
    struct rig r;
    rig_init(&r, 42, 1);
    RUN_TABLE(&r, boot);
}

static void t_boot_at_any_time(void)
{
    /* the first tick need not be at 0, and a button held at start is in the snapshot */
    struct rig r;
    rig_init(&r, 65535, 1);
    rig_closed(&r, "3 b2");
    rig_advance(&r, 1234);
    EXPECT(&r, HELLO_LINE(65535) "|SNAP 0 1234 {3} 2");
}

#if BOARD_SQUARES == 50
static const struct row snap_10x10[] = {
    {.t = 0, .closed = "1-20 31-50", .out = HELLO_LINE(7) "|SNAP 0 0 3FFFFC00FFFFF 0"},
    {.t = 100, .closed = "1-20 31 33-50"},
    {.t = 104, .out = "EV 1 104 L 32"},
    {.t = 110, .cmd = "SNAP", .out = "SNAP 1 110 3FFFF400FFFFF 0"},
    {.t = 200, .closed = "50 b1 b2 b3 b4"},
    {.t = 204, .out = "EV 2 204 L 1|EV 3 204 L 2|EV 4 204 L 3|EV 5 204 L 4|EV 6 204 L 5|EV 7 204 L 6|"
                      "EV 8 204 L 7|EV 9 204 L 8|EV 10 204 L 9|EV 11 204 L 10|EV 12 204 L 11|EV 13 204 L 12|"
                      "EV 14 204 L 13|EV 15 204 L 14|EV 16 204 L 15|EV 17 204 L 16|EV 18 204 L 17|"
                      "EV 19 204 L 18|EV 20 204 L 19|EV 21 204 L 20|EV 22 204 L 31|EV 23 204 L 33|"
                      "EV 24 204 L 34|EV 25 204 L 35|EV 26 204 L 36|EV 27 204 L 37|EV 28 204 L 38|"
                      "EV 29 204 L 39|EV 30 204 L 40|EV 31 204 L 41|EV 32 204 L 42|EV 33 204 L 43|"
                      "EV 34 204 L 44|EV 35 204 L 45|EV 36 204 L 46|EV 37 204 L 47|EV 38 204 L 48|"
                      "EV 39 204 L 49|EV 40 204 D 1|EV 41 204 D 2|EV 42 204 D 3|EV 43 204 D 4"},
    {.t = 205, .cmd = "SNAP", .out = "SNAP 43 205 2000000000000 F"},
};
#else
static const struct row snap_8x8[] = {
    {.t = 0, .closed = "1-12 21-32", .out = HELLO_LINE(7) "|SNAP 0 0 FFF00FFF 0"},
    {.t = 100, .closed = "1-12 21 23-32"},
    {.t = 104, .out = "EV 1 104 L 22"},
    {.t = 110, .cmd = "SNAP", .out = "SNAP 1 110 FFD00FFF 0"},
    {.t = 200, .closed = "32 b1 b4"},
    {.t = 204, .out = "EV 2 204 L 1|EV 3 204 L 2|EV 4 204 L 3|EV 5 204 L 4|EV 6 204 L 5|EV 7 204 L 6|"
                      "EV 8 204 L 7|EV 9 204 L 8|EV 10 204 L 9|EV 11 204 L 10|EV 12 204 L 11|EV 13 204 L 12|"
                      "EV 14 204 L 21|EV 15 204 L 23|EV 16 204 L 24|EV 17 204 L 25|EV 18 204 L 26|"
                      "EV 19 204 L 27|EV 20 204 L 28|EV 21 204 L 29|EV 22 204 L 30|EV 23 204 L 31|"
                      "EV 24 204 D 1|EV 25 204 D 4"},
    {.t = 205, .cmd = "SNAP", .out = "SNAP 25 205 80000000 9"},
};
#endif

static void t_snapshot_hex(void)
{
    /* The occupancy as the protocol writes it, spelled out for this board size. */
    struct rig r;
    rig_init(&r, 7, 1);
#if BOARD_SQUARES == 50
    RUN_TABLE(&r, snap_10x10);
#else
    RUN_TABLE(&r, snap_8x8);
#endif
}

/* Periodic SNAP and HB: every snap / hb ms from the previous one; both name the last event. */
static const struct row periodic[] = {
    {.t = 0, .closed = "5", .out = HELLO_LINE(1) "|SNAP 0 0 {5} 0"},
    {.t = 999, .out = ""},
    {.t = 1000, .out = "HB 0 1000"},
    {.t = 1500, .closed = "5 6"},
    {.t = 1504, .out = "EV 1 1504 P 6"},
    {.t = 2000, .out = "HB 1 2000"},
    {.t = 4999, .out = "HB 1 3000|HB 1 4000"},
    {.t = 5000, .out = "SNAP 1 5000 {5 6} 0|HB 1 5000"},
    {.t = 5001, .cmd = "CFG hb=300 snap=0", .out = "OK CFG"},
    {.t = 5300, .out = ""}, /* CFG starts the periods again */
    {.t = 5301, .out = "HB 1 5301"},
    {.t = 5900, .out = "HB 1 5601"},
    {.t = 5901, .cmd = "CFG hb=0 snap=1000", .out = "HB 1 5901|OK CFG"},
    {.t = 8000, .out = "SNAP 1 6901 {5 6} 0|SNAP 1 7901 {5 6} 0"},
};

static void t_periodic(void)
{
    struct rig r;
    rig_init(&r, 1, 0);
    RUN_TABLE(&r, periodic);
}

/* RESEND through the core: the events again, then OK RESEND; GONE names the oldest held. */
static const struct row resend[] = {
    {.t = 0, .closed = "", .out = HELLO_LINE(1) "|SNAP 0 0 {} 0"},
    {.t = 10, .cmd = "RESEND 1", .out = "OK RESEND"}, /* nothing issued yet: nothing missing */
    {.t = 11, .cmd = "RESEND 2", .out = "ERR GONE oldest 0"},
    {.t = 20, .closed = "1"},
    {.t = 24, .out = "EV 1 24 P 1"},
    {.t = 30, .closed = "1 2"},
    {.t = 34, .out = "EV 2 34 P 2"},
    {.t = 40, .closed = "2"},
    {.t = 44, .out = "EV 3 44 L 1"},
    {.t = 50, .cmd = "RESEND 2", .out = "EV 2 34 P 2|EV 3 44 L 1|OK RESEND"},
    {.t = 51, .cmd = "RESEND 1", .out = "EV 1 24 P 1|EV 2 34 P 2|EV 3 44 L 1|OK RESEND"},
    {.t = 52, .cmd = "RESEND 3", .out = "EV 3 44 L 1|OK RESEND"},
    {.t = 53, .cmd = "RESEND 4", .out = "OK RESEND"},
    {.t = 54, .cmd = "RESEND 5", .out = "ERR GONE oldest 1"},
    {.t = 55, .cmd = "RESEND 0", .out = "ERR ARG RESEND SEQ 1-65535"},
};

static void t_resend(void)
{
    struct rig r;
    rig_init(&r, 1, 1);
    RUN_TABLE(&r, resend);
}

static void t_resend_gone_after_ring_wraps(void)
{
    /* 70 events: 1-6 are no longer held */
    struct rig r;
    char want[64];
    rig_init(&r, 1, 1);
    rig_closed(&r, "");
    rig_advance(&r, 0);
    EXPECT(&r, HELLO_LINE(1) "|SNAP 0 0 {} 0");
    for (int i = 0; i < 70; i++) {
        rig_closed(&r, i % 2 ? "" : "9");
        rig_advance(&r, r.t + 10);
    }
    r.out_len = 0; /* the 70 EV lines: counted in other tests */
    rig_cmd(&r, "RESEND 6");
    EXPECT(&r, "ERR GONE oldest 7");
    rig_cmd(&r, "RESEND 70");
    snprintf(want, sizeof want, "EV 70 %u L 9|OK RESEND", (unsigned)(r.t - 5));
    EXPECT(&r, want);
    CHECK_EQ(r.core.errors, 1);
}

/* Every refusal through the core, with the line the host gets. */
static const struct row errors[] = {
    {.t = 0, .closed = "", .out = HELLO_LINE(1) "|SNAP 0 0 {} 0"},
    /* the frame */
    {.t = 1, .bytes = "SNAP*0000\n", .out = "ERR CRC expected 0883"},
    {.t = 2, .bytes = "SNAP\n", .out = "ERR SYNTAX no checksum"},
    {.t = 3, .bytes = "SNAP*883\n", .out = "ERR SYNTAX no checksum"},
    {.t = 4, .bytes = "SNAP*08830\n", .out = "ERR SYNTAX no checksum"},
    {.t = 4, .bytes = "SNAP*95\n", .out = "ERR SYNTAX no checksum"}, /* a host of protocol 1 (CRC-8) */
    {.t = 5, .bytes = "SN\tAP*DCB3\n", .out = "ERR SYNTAX bad character"},
    {.t = 6, .bytes = "SNAP*0883\r\n", .out = "SNAP 0 6 {} 0"}, /* \r\n is fine */
    {.t = 7, .bytes = "\n\r\n\n", .out = ""},                  /* empty lines are skipped */
    /* the command */
    {.t = 8, .cmd = "snap", .out = "ERR SYNTAX unknown command"},
    {.t = 9, .cmd = "RESET", .out = "ERR SYNTAX unknown command"},
    {.t = 10, .cmd = "HELLO there", .out = "ERR ARG HELLO takes no argument"},
    {.t = 11, .cmd = "SNAP 3", .out = "ERR ARG SNAP takes no argument"},
    {.t = 12, .cmd = "RESEND", .out = "ERR ARG RESEND SEQ 1-65535"},
    {.t = 13, .cmd = "LED 0101", .out = "ERR ARG LED PATTERN of " BOARD_STR(BOARD_SQUARES) " 0/1/S/F/A"},
    {.t = 14, .cmd = "BEEP 20 100", .out = "ERR ARG BEEP HZ 100-8000 MS 1-2000"},
    {.t = 15, .cmd = "CFG make=300", .out = "ERR ARG CFG make|break=0-255 snap|hb=0-65535"},
    /* a refused CFG changes nothing, even its good pairs */
    {.t = 16, .cmd = "CFG make=9 hb=65536", .out = "ERR ARG CFG make|break=0-255 snap|hb=0-65535"},
    {.t = 17, .cmd = "CFG", .out = "OK CFG"},
};

static void t_errors(void)
{
    struct rig r;
    rig_init(&r, 1, 1);
    RUN_TABLE(&r, errors);
    CHECK_EQ(r.core.errors, 15);
    CHECK_EQ(r.core.debounce.make_ms, CORE_MAKE_MS); /* the refused CFG changed nothing */
    CHECK_EQ(r.core.hb_ms, 0);
}

static void t_error_too_long(void)
{
    struct rig r;
    char line[FRAME_LINE_MAX + 8];
    rig_init(&r, 1, 1);
    rig_advance(&r, 0);
    EXPECT(&r, HELLO_LINE(1) "|SNAP 0 0 {} 0");
    /* FRAME_LINE_MAX bytes with a good CRC: a line (and a bad command) */
    memset(line, 'X', sizeof line);
    uint16_t crc = crc16((const uint8_t *)line, FRAME_BODY_MAX);
    snprintf(line + FRAME_BODY_MAX, 7, "*%04X", crc);
    line[FRAME_LINE_MAX] = '\n';
    rig_bytes(&r, line, FRAME_LINE_MAX + 1);
    EXPECT(&r, "ERR SYNTAX unknown command");
    /* one byte more: too long, whatever it holds; the next line is read as usual */
    memset(line, 'X', sizeof line);
    line[FRAME_LINE_MAX + 1] = '\n';
    rig_bytes(&r, line, FRAME_LINE_MAX + 2);
    EXPECT(&r, "ERR LONG line over 128 bytes");
    rig_cmd(&r, "SNAP");
    EXPECT(&r, "SNAP 0 0 {} 0");
    /* a line cut by noise: the rest of a command, then a good one */
    rig_bytes(&r, "AP*7907\nSNAP*0883\n", 18);
    EXPECT(&r, "ERR SYNTAX unknown command|SNAP 0 0 {} 0");
}

/* BEEP: the tone starts at once and stops after MS; a new BEEP replaces the old one. */
static const struct row beeps[] = {
    {.t = 0, .closed = "", .out = HELLO_LINE(1) "|SNAP 0 0 {} 0"},
    {.t = 100, .cmd = "BEEP 440 50", .out = "~TONE 440|OK BEEP"},
    {.t = 149, .out = ""},
    {.t = 150, .out = "~TONE 0"},
    {.t = 200, .cmd = "BEEP 880 100", .out = "~TONE 880|OK BEEP"},
    {.t = 220, .cmd = "BEEP 1760 10", .out = "~TONE 1760|OK BEEP"},
    {.t = 229, .out = ""},
    {.t = 230, .out = "~TONE 0"},
    {.t = 400, .out = ""},
};

static void t_beep(void)
{
    struct rig r;
    rig_init(&r, 1, 1);
    RUN_TABLE(&r, beeps);
}

/* Every command answered (the error cases are in t_errors). */
static const struct row commands[] = {
    {.t = 0, .closed = "3", .out = HELLO_LINE(9) "|SNAP 0 0 {3} 0"},
    {.t = 1, .cmd = "HELLO", .out = HELLO_LINE(9)},
    {.t = 2, .cmd = "SNAP", .out = "SNAP 0 2 {3} 0"},
    {.t = 3, .cmd = "RESEND 1", .out = "OK RESEND"},
    {.t = 4, .cmd = "LED <3:S>", .out = "OK LED"},
    {.t = 5, .cmd = "BEEP 1000 5", .out = "~TONE 1000|OK BEEP"},
    {.t = 6, .cmd = "CFG", .out = "OK CFG"},
    {.t = 10, .out = "~TONE 0"},
    {.t = 11, .cmd = "CFG make=10 break=20 snap=100 hb=200", .out = "OK CFG"},
    {.t = 211, .out = "SNAP 0 111 {3} 0|SNAP 0 211 {3} 0|HB 0 211"},
    {.t = 212, .cmd = "CFG snap=0 hb=0", .out = "OK CFG"},
    {.t = 9999, .out = ""},
};

static void t_every_command(void)
{
    struct rig r;
    rig_init(&r, 9, 0);
    RUN_TABLE(&r, commands);
}

/* A slow link: the core never waits for the output; each line waits until all of it fits
 * (CORE_LINE_*), the start's SNAP after HELLO, SNAP and HB after the events. */
#if BOARD_SQUARES == 50
#define BP_SNAP0_AT 4  /* SNAP waits for 43 bytes: HELLO (123) leaves 5, then 12 a tick */
#define BP_TAIL "SNAP 20 1054 {1-20} 0|HB 20 1055"
#else
#define BP_SNAP0_AT 3  /* 38 bytes for SNAP on this board */
#define BP_TAIL "SNAP 20 1045 {1-20} 0|HB 20 1046"
#endif
static const struct row backpressure[] = {
    {.t = 0, .closed = "", .out = HELLO_LINE(1)},
    {.t = BP_SNAP0_AT - 1, .out = ""},
    {.t = BP_SNAP0_AT, .out = "SNAP 0 " BOARD_STR(BP_SNAP0_AT) " {} 0"},
    /* 20 squares at once at 996: 20 EV lines, 722 bytes on the 10x10 board (each carries the
     * occupancy), 60 ms of link time, each written when CORE_LINE_EV bytes are free; the HB
     * due at 1000 and a SNAP asked at 1000 wait for them */
    {.t = 996, .closed = "1-20", .out = ""},
    {.t = 1000, .cmd = "SNAP", .out = "EV 1 1000 P 1|EV 2 1000 P 2|EV 3 1000 P 3"},
    {.t = 1100, .out = "EV 4 1000 P 4|EV 5 1000 P 5|EV 6 1000 P 6|EV 7 1000 P 7|EV 8 1000 P 8|EV 9 1000 P 9|EV 10 1000 P 10|"
                       "EV 11 1000 P 11|EV 12 1000 P 12|EV 13 1000 P 13|EV 14 1000 P 14|EV 15 1000 P 15|"
                       "EV 16 1000 P 16|EV 17 1000 P 17|EV 18 1000 P 18|EV 19 1000 P 19|EV 20 1000 P 20|" BP_TAIL},
};

static void t_backpressure(void)
{
    struct rig r;
    rig_init(&r, 1, 0);
    r.tx_cap = 128;  /* the UART's transmit buffer */
    r.tx_drain = 12; /* 115200 baud: 11.5 bytes per ms */
    RUN_TABLE(&r, backpressure);
    CHECK_EQ(r.blocked, 0);
    CHECK_EQ(r.partial, 0);
}

/* Board time wraps at 2^32: debounce, events, heartbeat and tones carry on. */
static const struct row wrap[] = {
    {.t = 4294967000UL, .closed = "", .out = HELLO_LINE(1) "|SNAP 0 4294967000 {} 0"},
    {.t = 4294967293UL, .closed = "4"},
    {.t = 4294967295UL, .cmd = "BEEP 500 3", .out = "~TONE 500|OK BEEP"},
    {.t = 0, .out = ""},
    {.t = 1, .out = "EV 1 1 P 4"},
    {.t = 2, .out = "~TONE 0"},
    {.t = 1000, .out = "HB 1 704"}, /* 1000 ms after the first tick at 2^32 - 296 */
};

static void t_time_wraps(void)
{
    struct rig r;
    rig_init(&r, 1, 0);
    RUN_TABLE(&r, wrap);
}

const struct test core_tests[] = {
    {"core: start sends HELLO and SNAP, no events", t_boot},
    {"core: first tick at any time, buttons held", t_boot_at_any_time},
    {"core: snapshot hex for this board size", t_snapshot_hex},
    {"core: periodic SNAP and heartbeat", t_periodic},
    {"core: RESEND and GONE", t_resend},
    {"core: GONE once the ring has wrapped", t_resend_gone_after_ring_wraps},
    {"core: every refusal (CRC, SYNTAX, ARG)", t_errors},
    {"core: too long (LONG) and recovery", t_error_too_long},
    {"core: BEEP timing", t_beep},
    {"core: every command answered", t_every_command},
    {"core: backpressure keeps order and never blocks", t_backpressure},
    {"core: board time wraps at 2^32", t_time_wraps},
    {0, 0},
};
