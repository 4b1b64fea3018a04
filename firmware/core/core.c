/* core.c: the board's firmware without its hardware. Contract in core.h, protocol in
 * docs/protocol.md. */
#include "core.h"

#include "command.h"
#include "rom.h"

#if BOARD_BUTTONS > 4
#error "SNAP writes the buttons as one hex digit"
#endif

enum {
    CORE_F_STARTED = 1,
    CORE_F_SNAP = 2,   /* a requested SNAP waits for the events before it */
    CORE_F_RESEND = 4, /* OK RESEND waits for the resent events */
    CORE_F_TONE = 8,   /* a tone is sounding */
};

static const char T_HELLO[] ROM = "HELLO dambord " FIRMWARE_VERSION " squares=" BOARD_STR(BOARD_SQUARES)
    " buttons=" BOARD_STR(BOARD_BUTTONS) " caps=leds,blink,beep,snapshot,resend,config,heartbeat ring="
    BOARD_STR(EVENT_RING) " boot=";
static const char T_SNAP[] ROM = "SNAP ";
static const char T_EV[] ROM = "EV ";
static const char T_HB[] ROM = "HB ";
static const char T_OK[] ROM = "OK ";
static const char T_ERR[] ROM = "ERR ";
static const char T_LED[] ROM = "LED";
static const char T_BEEP[] ROM = "BEEP";
static const char T_RESEND[] ROM = "RESEND";
static const char T_CFG[] ROM = "CFG";
static const char E_CRC[] ROM = "CRC expected ";
static const char E_SYNTAX[] ROM = "SYNTAX ";
static const char E_NO_CRC[] ROM = "SYNTAX no checksum";
static const char E_CHAR[] ROM = "SYNTAX bad character";
static const char E_LONG[] ROM = "LONG line over " BOARD_STR(FRAME_LINE_MAX) " bytes";
static const char E_ARG[] ROM = "ARG ";
static const char E_GONE[] ROM = "GONE oldest ";
static const char EVENT_LETTER[] ROM = "LPDU";

void core_init(struct board_core *c, const struct core_io *io, uint16_t boot)
{
    c->out.put = io->put;
    c->out.ctx = io->ctx;
    c->out.crc = 0;
    c->room = io->room;
    c->tone = io->tone;
    c->debounce.make_ms = CORE_MAKE_MS;
    c->debounce.break_ms = CORE_BREAK_MS;
    c->snap_ms = CORE_SNAP_MS;
    c->hb_ms = CORE_HB_MS;
    uint8_t none[BOARD_INPUT_BYTES] = {0};
    defer_pk_reset(&c->keys, none);
    event_ring_init(&c->ring);
    leds_clear(&c->leds);
    c->rx.len = 0;
    c->rx.flags = 0;
    c->now = c->last_snap = c->last_hb = c->tone_end = 0;
    c->second_ms = 0;
    c->boot = boot;
    c->errors = 0;
    c->flags = 0;
}

static uint8_t room_for_line(const struct board_core *c)
{
    return !c->room || c->room(c->out.ctx) >= CORE_ROOM_LINE;
}

static void send_hello(struct board_core *c)
{
    frame_begin(&c->out);
    frame_rom(&c->out, T_HELLO);
    frame_dec(&c->out, c->boot);
    frame_end(&c->out);
}

/* Whether input k is closed in the debounced state. */
static uint8_t closed(const struct board_core *c, uint8_t k)
{
    return (c->keys.stable[k / 8] >> (k % 8)) & 1;
}

static void send_snap(struct board_core *c)
{
    struct frame_writer *w = &c->out;
    frame_begin(w);
    frame_rom(w, T_SNAP);
    frame_dec(w, c->ring.last_seq);
    frame_char(w, ' ');
    frame_dec(w, c->now);
    frame_char(w, ' ');
    for (int8_t d = BOARD_OCC_DIGITS - 1; d >= 0; d--) {
        uint8_t nibble = 0;
        for (uint8_t b = 0; b < 4; b++) {
            uint8_t k = (uint8_t)(d * 4 + b);
            if (k < BOARD_SQUARES && closed(c, k))
                nibble |= (uint8_t)(1 << b);
        }
        frame_hex(w, nibble);
    }
    frame_char(w, ' ');
    uint8_t buttons = 0;
    for (uint8_t b = 0; b < BOARD_BUTTONS; b++)
        if (closed(c, (uint8_t)(BOARD_SQUARES + b)))
            buttons |= (uint8_t)(1 << b);
    frame_hex(w, buttons);
    frame_end(w);
}

static void send_event(struct board_core *c, uint16_t seq, const struct event *ev)
{
    struct frame_writer *w = &c->out;
    frame_begin(w);
    frame_rom(w, T_EV);
    frame_dec(w, seq);
    frame_char(w, ' ');
    frame_dec(w, ev->ms);
    frame_char(w, ' ');
    frame_char(w, (char)rom_byte(EVENT_LETTER + (ev->code >> 6)));
    frame_char(w, ' ');
    frame_dec(w, ev->code & 63);
    frame_end(w);
}

static void send_hb(struct board_core *c)
{
    frame_begin(&c->out);
    frame_rom(&c->out, T_HB);
    frame_dec(&c->out, c->ring.last_seq);
    frame_char(&c->out, ' ');
    frame_dec(&c->out, c->now);
    frame_end(&c->out);
}

static void send_ok(struct board_core *c, const char *what)
{
    frame_begin(&c->out);
    frame_rom(&c->out, T_OK);
    frame_rom(&c->out, what);
    frame_end(&c->out);
}

/* `ERR ` + code and detail (ROM) [+ detail2 (ROM)]. Counts the refusal. */
static void send_err(struct board_core *c, const char *code_detail, const char *detail2)
{
    c->errors++;
    frame_begin(&c->out);
    frame_rom(&c->out, T_ERR);
    frame_rom(&c->out, code_detail);
    if (detail2)
        frame_rom(&c->out, detail2);
    frame_end(&c->out);
}

/* Sends what waits for room: events, then OK RESEND and a requested SNAP once they are out. */
static void pump(struct board_core *c)
{
    const struct event *ev;
    uint16_t seq;
    while ((ev = event_ring_unsent(&c->ring, &seq)) != 0) {
        if (!room_for_line(c))
            return;
        send_event(c, seq, ev);
        event_ring_sent(&c->ring);
    }
    if ((c->flags & CORE_F_RESEND) && room_for_line(c)) {
        send_ok(c, T_RESEND);
        c->flags &= (uint8_t)~CORE_F_RESEND;
    }
    if ((c->flags & CORE_F_SNAP) && room_for_line(c)) {
        send_snap(c);
        c->flags &= (uint8_t)~CORE_F_SNAP;
    }
}

static void stop_tone(struct board_core *c)
{
    c->flags &= (uint8_t)~CORE_F_TONE;
    if (c->tone)
        c->tone(c->out.ctx, 0);
}

void core_tick(struct board_core *c, uint32_t now_ms, const uint8_t *raw)
{
    if (!(c->flags & CORE_F_STARTED)) {
        c->flags |= CORE_F_STARTED;
        c->now = c->last_snap = c->last_hb = now_ms;
        c->second_ms = (uint16_t)(now_ms % 1000);
        defer_pk_reset(&c->keys, raw);
        send_hello(c);
        send_snap(c);
        return;
    }
    uint32_t elapsed = now_ms - c->now;
    c->now = now_ms;
    if (elapsed < 1000) {
        c->second_ms = (uint16_t)(c->second_ms + elapsed);
        if (c->second_ms >= 1000)
            c->second_ms = (uint16_t)(c->second_ms - 1000);
    } else {
        c->second_ms = (uint16_t)((c->second_ms + elapsed) % 1000);
    }

    uint8_t changed[BOARD_INPUT_BYTES];
    defer_pk_scan(&c->keys, raw, elapsed > 255 ? 255 : (uint8_t)elapsed, &c->debounce, changed);
    for (uint8_t i = 0; i < BOARD_INPUT_BYTES; i++) {
        if (!changed[i])
            continue;
        for (uint8_t b = 0; b < 8; b++) {
            if (!(changed[i] >> b & 1))
                continue;
            uint8_t k = (uint8_t)(i * 8 + b);
            uint8_t on = closed(c, k);
            if (k < BOARD_SQUARES)
                event_ring_push(&c->ring, now_ms, on ? EVENT_PLACE : EVENT_LIFT, (uint8_t)(k + 1));
            else
                event_ring_push(&c->ring, now_ms, on ? EVENT_DOWN : EVENT_UP, (uint8_t)(k - BOARD_SQUARES + 1));
        }
    }

    if ((c->flags & CORE_F_TONE) && (int32_t)(now_ms - c->tone_end) >= 0)
        stop_tone(c);

    pump(c);
    if (c->ring.unsent)
        return;
    if (c->snap_ms && now_ms - c->last_snap >= c->snap_ms && room_for_line(c)) {
        send_snap(c);
        c->last_snap = now_ms;
    }
    if (c->hb_ms && now_ms - c->last_hb >= c->hb_ms && room_for_line(c)) {
        send_hb(c);
        c->last_hb = now_ms;
    }
}

static void run(struct board_core *c, const struct command *cmd)
{
    switch (cmd->kind) {
    case CMD_HELLO:
        send_hello(c);
        break;
    case CMD_SNAP:
        c->flags |= CORE_F_SNAP;
        pump(c);
        break;
    case CMD_RESEND:
        if (event_ring_resend(&c->ring, cmd->seq) == RESEND_GONE) {
            c->errors++;
            frame_begin(&c->out);
            frame_rom(&c->out, T_ERR);
            frame_rom(&c->out, E_GONE);
            frame_dec(&c->out, event_ring_oldest(&c->ring));
            frame_end(&c->out);
        } else {
            c->flags |= CORE_F_RESEND;
            pump(c);
        }
        break;
    case CMD_LED:
        leds_set(&c->leds, cmd->pattern);
        send_ok(c, T_LED);
        break;
    case CMD_BEEP:
        if (c->tone)
            c->tone(c->out.ctx, cmd->hz);
        c->flags |= CORE_F_TONE;
        c->tone_end = c->now + cmd->ms;
        send_ok(c, T_BEEP);
        break;
    case CMD_CFG:
        if (cmd->set & CFG_MAKE)
            c->debounce.make_ms = cmd->make_ms;
        if (cmd->set & CFG_BREAK)
            c->debounce.break_ms = cmd->break_ms;
        if (cmd->set & CFG_SNAP) {
            c->snap_ms = cmd->snap_ms;
            c->last_snap = c->now;
        }
        if (cmd->set & CFG_HB) {
            c->hb_ms = cmd->hb_ms;
            c->last_hb = c->now;
        }
        send_ok(c, T_CFG);
        break;
    }
}

static void line(struct board_core *c, const char *text, uint8_t len)
{
    uint8_t body_len = 0, crc = 0;
    switch (frame_check(text, len, &body_len, &crc)) {
    case FRAME_NO_CRC:
        send_err(c, E_NO_CRC, 0);
        return;
    case FRAME_BAD_CHAR:
        send_err(c, E_CHAR, 0);
        return;
    case FRAME_BAD_CRC:
        c->errors++;
        frame_begin(&c->out);
        frame_rom(&c->out, T_ERR);
        frame_rom(&c->out, E_CRC);
        frame_hex(&c->out, crc >> 4);
        frame_hex(&c->out, crc);
        frame_end(&c->out);
        return;
    case FRAME_OK:
        break;
    }
    struct command cmd;
    switch (command_parse(text, body_len, &cmd)) {
    case CMD_OK:
        run(c, &cmd);
        break;
    case CMD_ERR_SYNTAX:
        send_err(c, E_SYNTAX, cmd.detail);
        break;
    case CMD_ERR_ARG:
        send_err(c, E_ARG, cmd.detail);
        break;
    }
}

void core_rx_byte(struct board_core *c, uint8_t byte)
{
    switch (line_reader_push(&c->rx, byte)) {
    case LINE_READY:
        line(c, c->rx.buf, c->rx.len);
        break;
    case LINE_LONG:
        send_err(c, E_LONG, 0);
        break;
    case LINE_NONE:
        break;
    }
}

void core_led_frame(const struct board_core *c, uint8_t digits[BOARD_LED_DIGITS])
{
    leds_frame(&c->leds, c->second_ms, digits);
}
