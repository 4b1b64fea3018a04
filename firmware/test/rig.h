/*
 * rig.h: a board_core on a virtual clock, driven from tables.
 *
 * A table is a list of rows `{time, switch states, bytes from the host, expected lines}`:
 *
 *   static const struct row t[] = {
 *       {.t = 0, .closed = "", .out = HELLO_LINE(7) "|SNAP 0 0 {} 0"},
 *       {.t = 10, .closed = "5"},                 the reed switch of square 5 closes at 10 ms
 *       {.t = 14, .out = ""},                     nothing yet: make is 5 ms
 *       {.t = 15, .out = "EV 1 15 P 5"},
 *       {.t = 16, .cmd = "SNAP", .out = "SNAP 1 16 {5} 0"},
 *   };
 *
 * The rig ticks the core every millisecond from the previous row's time to the row's time;
 * `closed` (squares and ranges "1-20 31", buttons "b1"-"b4"; "" = none) takes effect at the
 * row's tick and stays; then `cmd` is sent framed with its CRC (`*HHHH\n` added) and `bytes`
 * verbatim. `out` lists the line bodies the core wrote since the previous row, `|` between
 * them, "" or 0 for none; every line written must carry a correct CRC. Tones show as `~TONE hz`.
 *
 * EV lines are compared without the inputs they carry (` OCC BTNS`, as SNAP's), unless the
 * rig's `full_ev` is set: the rig checks those itself, on every EV line of every test. They must
 * show the event's own input changed (set for P and D, clear for L and U); differ from the
 * inputs after the event before it, when the rig has seen them (in an EV or a SNAP naming that
 * number), in that input only; and be the same when the event is sent again (RESEND). A SNAP
 * must show the inputs after the event it names, when seen.
 *
 * Shorthands: in `out`, `{1-20 31}` is the SNAP occupancy hex of those squares on this board;
 * in `cmd`, `<5:S 28-32:1>` is an LED pattern with those squares set and the rest `0`.
 *
 * The output and the input can be slow, as a serial link is:
 *   tx_cap, tx_drain  a transmit buffer of tx_cap bytes from which tx_drain leave per tick
 *                     (0 = unlimited); room() tells the core what it can take. A line that
 *                     starts with less room than its length is counted in `partial` (a board
 *                     that waits for room would stall in it; one that does not would lose
 *                     bytes), every byte put into a full buffer in `blocked`.
 *   rx_rate           bytes from the host reach the core at most rx_rate per tick, after the
 *                     tick (0 = at once, when sent).
 * Each line written is timed: line_t[i] is the tick during which line i (counted from
 * rig_init, `~` lines excluded) was written.
 */
#ifndef DAMBORD_TEST_RIG_H
#define DAMBORD_TEST_RIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core.h"

#define HELLO_LINE(boot) \
    "HELLO dambord " FIRMWARE_VERSION " proto=" BOARD_STR(PROTOCOL_VERSION) " squares=" BOARD_STR(BOARD_SQUARES) " buttons=4 caps=leds,blink,beep,snapshot,resend,config,heartbeat ring=64 boot=" #boot

/* Events whose inputs the rig remembers (see struct rig's after). */
#define RIG_AFTER 256

struct row {
    uint32_t t;
    const char *closed;
    const char *cmd;
    const char *bytes;
    const char *out;
};

struct rig {
    struct board_core core;
    uint8_t raw[BOARD_INPUT_BYTES];
    uint32_t t;
    int started;
    char out[16384]; /* bytes written since the last collect */
    size_t out_len;
    /* A transmit buffer of tx_cap bytes (0 = unlimited) draining tx_drain bytes per tick. */
    uint16_t tx_cap, tx_drain, tx_pending;
    unsigned blocked; /* bytes written into a full buffer */
    unsigned partial; /* lines that began with less room than their length */
    uint16_t line_room, line_len; /* room when the line being written began; its bytes so far */
    int in_line;
    /* Bytes from the host waiting to reach the core, rx_rate per tick (0 = at once). */
    uint16_t rx_rate;
    char rx_queue[8192];
    size_t rx_len, rx_pos;
    /* When each line was written. */
    uint32_t line_t[1024];
    size_t lines;
    FILE *log;        /* when set, every line in and out is written to it (the transcript) */
    size_t logged;    /* bytes of out already written to log */
    int full_ev;      /* compare EV lines with their inputs (see above) */
    /* The inputs after event seq, as the lines have shown them: after[seq % RIG_AFTER], valid
     * when after_seq[...] == seq + 1 (0: not seen). */
    char after[RIG_AFTER][24];
    uint32_t after_seq[RIG_AFTER];
};

/* A fresh core with boot number `boot`; quiet = no periodic SNAP or HB. */
void rig_init(struct rig *r, uint16_t boot, int quiet);

/* Sets the raw inputs from a `closed` string. */
void rig_closed(struct rig *r, const char *closed);

/* Ticks every ms up to and including t. */
void rig_advance(struct rig *r, uint32_t t);

/* Sends a command body framed with its CRC (shorthands expanded). */
void rig_cmd(struct rig *r, const char *body);

/* Sends bytes verbatim. */
void rig_bytes(struct rig *r, const char *bytes, size_t n);

/* Bytes sent but not yet delivered to the core (rx_rate). */
size_t rig_rx_waiting(const struct rig *r);

/* Checks the lines written since the last check against `expect` (as in a row's out). */
void rig_expect(struct rig *r, const char *expect, const char *file, int line, const char *where);

/* Runs a table. */
void rig_run_table(struct rig *r, const struct row *rows, size_t n, const char *file, int line);

#define RUN_TABLE(rig, rows) rig_run_table((rig), (rows), sizeof(rows) / sizeof((rows)[0]), __FILE__, __LINE__)
#define EXPECT(rig, text) rig_expect((rig), (text), __FILE__, __LINE__, "")

/* The occupancy hex of a square list ("1-20 31") on this board. */
void occ_hex(const char *squares, char *out);

/* The LED pattern of "5:S 28-32:1". */
void led_pattern(const char *spec, char *out);

/* Writes the transcript session (test_transcript.c) to f. */
void transcript_print(FILE *f);

#endif /* DAMBORD_TEST_RIG_H */
