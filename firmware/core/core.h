/*
 * core.h: the board's firmware without its hardware (sans-I/O).
 *
 * struct board_core holds every piece of state: the debounced switches, the event ring, the
 * LED patterns, the received line, the configuration and the timers. The platform drives it
 * with two calls and gets its output through callbacks:
 *
 *   core_tick(core, now_ms, raw)   once per scan (every millisecond on the board): the board
 *                                  time and the raw chain inputs (board.h: 1 = closed)
 *   core_rx_byte(core, byte)       each byte received from the host
 *   io.put(ctx, byte)              each byte to send, in order; it must not wait: the core
 *                                  starts a line only when io.room has room for all of it
 *   io.room(ctx)                   bytes io.put can take now (at least CORE_LINE_HELLO when
 *                                  the output is empty, or HELLO never goes out)
 *   io.tone(ctx, hz)               start a tone of hz, or stop it (0)
 *   core_led_frame(core, digits)   the MAX7219 digit registers for the last tick's time
 *                                  (blink phases: board time modulo 1000 ms, counted from
 *                                  the first tick and carried on smoothly when time wraps)
 *
 * Time is only what core_tick is given; nothing here reads a clock. The link protocol it
 * speaks is docs/protocol.md:
 *
 *   - the first tick takes the switches as they are (no events), sends HELLO and SNAP;
 *   - each tick debounces every input (debounce_defer_pk.h) and numbers the changes as events
 *     in the ring (events.h) in input order, whatever the output is doing; an EV line carries
 *     the debounced inputs after its event (as SNAP writes them), worked out when it goes out
 *     from the inputs now with the inputs of the later events in the ring turned back, so the
 *     ring keeps no copy of them;
 *   - each received line is checked (frame.h), parsed (command.h) and carried out at once
 *     (LED, BEEP, CFG, RESEND's cursor); its answer joins a queue of up to CORE_ANSWERS
 *     small records (what to say, one byte of argument), rendered when there is room;
 *   - nothing waits for the output: a line is written only when io.room holds all of it
 *     (CORE_LINE_*), in this order: the start's HELLO and SNAP, the events not yet sent,
 *     the queued answers oldest first, then the periodic SNAP (every snap ms) and HB (every
 *     hb ms, each measured from the previous one); what does not fit waits for a later tick;
 *   - so SNAP, HB and OK RESEND go out only when every event they name has gone out, and
 *     the host never sees them ahead of an EV that is merely waiting for room.
 *
 * Example (a host test does exactly this):
 *   struct board_core c; uint8_t raw[BOARD_INPUT_BYTES] = {0};
 *   core_init(&c, &io, 7);
 *   core_tick(&c, 0, raw);          -> "HELLO dambord 2.0.0 proto=2 squares=50 ... boot=7*HHHH", "SNAP 0 0 ..."
 *   raw[0] = 1;                     a piece on square 1
 *   for (t = 1; t <= 5; t++) core_tick(&c, t, raw);   -> at t = 5: "EV 1 5 P 1 0000000000001 0*HHHH"
 */
#ifndef DAMBORD_CORE_H
#define DAMBORD_CORE_H

#include <stdint.h>

#include "board.h"
#include "debounce_defer_pk.h"
#include "events.h"
#include "frame.h"
#include "leds.h"

#define FIRMWARE_VERSION "2.0.0"
/* The link protocol this firmware speaks (docs/protocol.md): HELLO's proto=. */
#define PROTOCOL_VERSION 2

/* Defaults; CFG changes them until the next start. */
#define CORE_MAKE_MS 5
#define CORE_BREAK_MS 5
#define CORE_SNAP_MS 5000
#define CORE_HB_MS 1000

/* The text of HELLO up to its boot number. */
#define CORE_HELLO_TEXT "HELLO dambord " FIRMWARE_VERSION " proto=" BOARD_STR(PROTOCOL_VERSION) " squares=" BOARD_STR(BOARD_SQUARES) " buttons=" \
    BOARD_STR(BOARD_BUTTONS) " caps=leds,blink,beep,snapshot,resend,config,heartbeat ring=" BOARD_STR(EVENT_RING) " boot="

/* The longest line of each kind, `*HHHH\n` included: the room a line waits for (test_congestion.c
 * checks each against the longest line of its kind the core writes). */
#define CORE_LINE_END (1 + FRAME_CRC_DIGITS + 1)                  /* *HHHH\n */
#define CORE_LINE_HELLO (sizeof CORE_HELLO_TEXT - 1 + 5 + CORE_LINE_END) /* boot=65535: 127 bytes */
#define CORE_LINE_EV (27 + BOARD_OCC_DIGITS + CORE_LINE_END)      /* EV 65535 4294967295 L 50 OCC F */
#define CORE_LINE_SNAP (24 + BOARD_OCC_DIGITS + CORE_LINE_END)    /* SNAP 65535 4294967295 OCC F */
#define CORE_LINE_HB (19 + CORE_LINE_END)                         /* HB 65535 4294967295 */
#define CORE_LINE_REPLY (44 + CORE_LINE_END) /* OK and ERR: the longest is ERR ARG CFG make|break=0-255 snap|hb=0-65535 */

/* Answers waiting for room (at 115200 baud a HELLO takes 10 ms, a HELLO command 0.8 ms). A
 * command that finds the queue full is still carried out, but its answer is dropped and
 * counted in board_core.dropped (the host's reply timeout sends it again). */
#define CORE_ANSWERS 16

/* An answer waiting in the queue: ANS_* of core.c and its argument. */
struct core_answer {
    uint8_t what;
    uint16_t arg; /* a command kind, or a CRC */
};

struct core_io {
    void (*put)(void *ctx, uint8_t byte);
    uint16_t (*room)(void *ctx);          /* 0 pointer: unlimited */
    void (*tone)(void *ctx, uint16_t hz); /* 0 pointer: no sound */
    void *ctx;
};

struct board_core {
    struct frame_writer out;
    uint16_t (*room)(void *ctx);
    void (*tone)(void *ctx, uint16_t hz);
    struct defer_pk_config debounce;
    uint16_t snap_ms, hb_ms;
    struct defer_pk_bank keys;
    struct event_ring ring;
    struct leds leds;
    struct line_reader rx;
    uint32_t now;       /* board time of the last tick */
    uint32_t last_snap; /* when the last periodic SNAP went out */
    uint32_t last_hb;   /* when the last HB went out */
    uint32_t tone_end;  /* when the sounding tone stops */
    uint16_t second_ms; /* now % 1000, kept by adding elapsed time: the LED blink phase */
    uint16_t boot;      /* the HELLO's boot number */
    uint16_t hello_crc; /* the CRC of the HELLO's text up to its boot number */
    uint16_t errors;    /* received lines refused (ERR), wrapping */
    uint16_t dropped;   /* answers dropped because CORE_ANSWERS were waiting, wrapping */
    struct core_answer answers[CORE_ANSWERS]; /* a ring: answers[first] is the oldest */
    uint8_t answers_first, answers_count;
    uint8_t flags;      /* CORE_F_* in core.c */
};

/* Sets the core up with the platform's callbacks and this start's boot number. Sends nothing. */
void core_init(struct board_core *c, const struct core_io *io, uint16_t boot);

/* One scan at board time now_ms (wrapping at 2^32) with the raw inputs (BOARD_INPUT_BYTES bytes). */
void core_tick(struct board_core *c, uint32_t now_ms, const uint8_t *raw);

/* One byte from the host. A complete line is carried out at once; its answer is queued and
 * written as soon as the output has room for it (at once with an unlimited output). */
void core_rx_byte(struct board_core *c, uint8_t byte);

/* The MAX7219 digit registers (leds.h) at the time of the last tick. */
void core_led_frame(const struct board_core *c, uint8_t digits[BOARD_LED_DIGITS]);

#endif /* DAMBORD_CORE_H */
