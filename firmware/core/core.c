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
    CORE_F_HELLO = 2, /* the start's HELLO waits for room */
    CORE_F_SNAP = 4,  /* the start's SNAP waits for room */
    CORE_F_TONE = 8,  /* a tone is sounding */
};

/* What a queued answer says (struct core_answer.what); each is one line. */
enum {
    ANS_HELLO,       /* HELLO ... */
    ANS_SNAP,        /* SNAP ...: the occupancy when it goes out, after the events before it */
    ANS_OK,          /* OK WORD: arg the command kind (RESEND, LED, BEEP, CFG) */
    ANS_ERR_CMD,     /* ERR ARG TEXT: arg the command kind; 0: ERR SYNTAX unknown command */
    ANS_ERR_CRC,     /* ERR CRC expected HHHH: arg the CRC of the body received */
    ANS_ERR_NO_CRC,  /* ERR SYNTAX no checksum */
    ANS_ERR_CHAR,    /* ERR SYNTAX bad character */
    ANS_ERR_LONG,    /* ERR LONG line over 128 bytes */
    ANS_ERR_GONE,    /* ERR GONE oldest N: N the oldest event held when it goes out */
};

static const char T_HELLO[] ROM = CORE_HELLO_TEXT;
static const char T_SNAP[] ROM = "SNAP ";
static const char T_EV[] ROM = "EV ";
static const char T_HB[] ROM = "HB ";
static const char T_OK[] ROM = "OK ";
static const char T_ERR[] ROM = "ERR ";
static const char E_CRC[] ROM = "CRC expected ";
static const char E_SYNTAX[] ROM = "SYNTAX ";
static const char E_NO_CRC[] ROM = "SYNTAX no checksum";
static const char E_CHAR[] ROM = "SYNTAX bad character";
static const char E_LONG[] ROM = "LONG line over " BOARD_STR(FRAME_LINE_MAX) " bytes";
static const char E_ARG[] ROM = "ARG ";
static const char E_GONE[] ROM = "GONE oldest ";
static const char EVENT_LETTER[] ROM = "LPDU";
static const uint8_t BIT[8] ROM = {1, 2, 4, 8, 16, 32, 64, 128};

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
    c->hello_crc = frame_rom_crc(T_HELLO);
    c->errors = 0;
    c->dropped = 0;
    c->answers_first = c->answers_count = 0;
    c->flags = 0;
}

/* Whether the output has room for a whole line of up to `len` bytes. */
static uint8_t room_for(const struct board_core *c, uint8_t len)
{
    return !c->room || c->room(c->out.ctx) >= len;
}

/* The longest line: its text up to the boot number never changes, so neither does its CRC there
 * (worked out once, in core_init), and writing it costs little more than the bytes. */
static void send_hello(struct board_core *c)
{
    frame_begin(&c->out);
    frame_rom_known(&c->out, T_HELLO, c->hello_crc);
    frame_dec(&c->out, c->boot);
    frame_end(&c->out);
}

/* Whether input k is closed in a set of inputs (a bit per input, as the debounce keeps them). */
static uint8_t closed_in(const uint8_t *inputs, uint8_t k)
{
    return (inputs[k / 8] >> (k % 8)) & 1;
}

/* Whether input k is closed in the debounced state. */
static uint8_t closed(const struct board_core *c, uint8_t k)
{
    return closed_in(c->keys.stable, k);
}

#if BOARD_SQUARES % 8 + BOARD_BUTTONS > 8
#error "write_inputs takes the buttons from one byte"
#endif

/* ` OCC BTNS` of a set of inputs: the squares as BOARD_OCC_DIGITS hex digits (bit k-1 is
 * square k), the buttons as one. Input k is bit k % 8 of byte k / 8, so hex digit d (squares
 * 4d+1 to 4d+4) is a nibble of byte d / 2. */
static void write_inputs(struct frame_writer *w, const uint8_t *inputs)
{
    frame_char(w, ' ');
    for (int8_t d = BOARD_OCC_DIGITS - 1; d >= 0; d--) {
        uint8_t nibble = inputs[d >> 1];
        if (d & 1)
            nibble >>= 4;
        nibble &= 15;
        if (BOARD_SQUARES % 4 && d == BOARD_OCC_DIGITS - 1)
            nibble &= (1 << (BOARD_SQUARES % 4)) - 1; /* the buttons share the last digit's byte */
        frame_hex(w, nibble);
    }
    frame_char(w, ' ');
    frame_hex(w, (uint8_t)(inputs[BOARD_SQUARES / 8] >> (BOARD_SQUARES % 8)) & ((1 << BOARD_BUTTONS) - 1));
}

static void send_snap(struct board_core *c)
{
    struct frame_writer *w = &c->out;
    frame_begin(w);
    frame_rom(w, T_SNAP);
    frame_dec(w, c->ring.last_seq);
    frame_char(w, ' ');
    frame_dec(w, c->now);
    write_inputs(w, c->keys.stable);
    frame_end(w);
}

/* The input an event changed: square n is input n-1, button n input BOARD_SQUARES + n-1. */
static uint8_t event_input(const struct event *ev)
{
    uint8_t n = (uint8_t)((ev->code & 63) - 1);
    return (ev->code >> 6) >= EVENT_DOWN ? (uint8_t)(BOARD_SQUARES + n) : n;
}

/*
 * `EV SEQ MS K N OCC BTNS` for the event `back` steps before the newest: OCC and BTNS are the
 * inputs just after it, the debounced inputs now with the inputs of the `back` newer events
 * turned back (each event is one input changing, and the debounced inputs are those after the
 * newest event). The host checks them against the inputs it knows (docs/protocol.md, "Repair").
 */
static void send_event(struct board_core *c, uint16_t seq, const struct event *ev, uint8_t back)
{
    struct frame_writer *w = &c->out;
    uint8_t inputs[BOARD_INPUT_BYTES];
    for (uint8_t i = 0; i < BOARD_INPUT_BYTES; i++)
        inputs[i] = c->keys.stable[i];
    for (uint8_t b = 0; b < back; b++) {
        uint8_t k = event_input(event_ring_back(&c->ring, b));
        inputs[k >> 3] ^= rom_byte((const char *)BIT + (k & 7));
    }
    frame_begin(w);
    frame_rom(w, T_EV);
    frame_dec(w, seq);
    frame_char(w, ' ');
    frame_dec(w, ev->ms);
    frame_char(w, ' ');
    frame_char(w, (char)rom_byte(EVENT_LETTER + (ev->code >> 6)));
    frame_char(w, ' ');
    frame_dec(w, ev->code & 63);
    write_inputs(w, inputs);
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

/* The room a queued answer waits for. */
static uint8_t answer_room(uint8_t what)
{
    return what == ANS_HELLO ? CORE_LINE_HELLO : what == ANS_SNAP ? CORE_LINE_SNAP : CORE_LINE_REPLY;
}

static void send_answer(struct board_core *c, const struct core_answer *a)
{
    struct frame_writer *w = &c->out;
    if (a->what == ANS_HELLO) {
        send_hello(c);
        return;
    }
    if (a->what == ANS_SNAP) {
        send_snap(c);
        return;
    }
    frame_begin(w);
    if (a->what == ANS_OK) {
        frame_rom(w, T_OK);
        frame_rom(w, command_word(a->arg));
        frame_end(w);
        return;
    }
    frame_rom(w, T_ERR);
    switch (a->what) {
    case ANS_ERR_CMD:
        frame_rom(w, a->arg ? E_ARG : E_SYNTAX);
        frame_rom(w, command_refusal(a->arg));
        break;
    case ANS_ERR_CRC:
        frame_rom(w, E_CRC);
        frame_hex16(w, a->arg);
        break;
    case ANS_ERR_NO_CRC:
        frame_rom(w, E_NO_CRC);
        break;
    case ANS_ERR_CHAR:
        frame_rom(w, E_CHAR);
        break;
    case ANS_ERR_LONG:
        frame_rom(w, E_LONG);
        break;
    default: /* ANS_ERR_GONE */
        frame_rom(w, E_GONE);
        frame_dec(w, event_ring_oldest(&c->ring));
        break;
    }
    frame_end(w);
}

/* Queues an answer; with CORE_ANSWERS already waiting it is dropped (and counted). */
static void answer(struct board_core *c, uint8_t what, uint16_t arg)
{
    if (c->answers_count >= CORE_ANSWERS) {
        c->dropped++;
        return;
    }
    struct core_answer *a = &c->answers[(uint8_t)(c->answers_first + c->answers_count) % CORE_ANSWERS];
    a->what = what;
    a->arg = arg;
    c->answers_count++;
}

/* Queues a refusal and counts it. */
static void refuse(struct board_core *c, uint8_t what, uint16_t arg)
{
    c->errors++;
    answer(c, what, arg);
}

/*
 * Writes what waits, each line only if the output has room for all of it: the start's HELLO
 * and SNAP, the events not yet sent, then the queued answers, oldest first. Stops at the first
 * line that does not fit (the rest keep their order for a later call). Returns 1 when nothing
 * is left waiting.
 */
static uint8_t pump(struct board_core *c)
{
    if (!(c->flags & CORE_F_STARTED))
        return 0;
    if (c->flags & CORE_F_HELLO) {
        if (!room_for(c, CORE_LINE_HELLO))
            return 0;
        send_hello(c);
        c->flags &= (uint8_t)~CORE_F_HELLO;
    }
    if (c->flags & CORE_F_SNAP) {
        if (!room_for(c, CORE_LINE_SNAP))
            return 0;
        send_snap(c);
        c->flags &= (uint8_t)~CORE_F_SNAP;
    }
    const struct event *ev;
    uint16_t seq;
    while ((ev = event_ring_unsent(&c->ring, &seq)) != 0) {
        if (!room_for(c, CORE_LINE_EV))
            return 0;
        send_event(c, seq, ev, (uint8_t)(c->ring.unsent - 1));
        event_ring_sent(&c->ring);
    }
    while (c->answers_count) {
        const struct core_answer *a = &c->answers[c->answers_first];
        if (!room_for(c, answer_room(a->what)))
            return 0;
        send_answer(c, a);
        c->answers_first = (uint8_t)((c->answers_first + 1) % CORE_ANSWERS);
        c->answers_count--;
    }
    return 1;
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
        c->flags |= CORE_F_STARTED | CORE_F_HELLO | CORE_F_SNAP;
        c->now = c->last_snap = c->last_hb = now_ms;
        c->second_ms = (uint16_t)(now_ms % 1000);
        defer_pk_reset(&c->keys, raw);
        pump(c);
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

    if (!pump(c))
        return;
    if (c->snap_ms && now_ms - c->last_snap >= c->snap_ms && room_for(c, CORE_LINE_SNAP)) {
        send_snap(c);
        c->last_snap = now_ms;
    }
    if (c->hb_ms && now_ms - c->last_hb >= c->hb_ms && room_for(c, CORE_LINE_HB)) {
        send_hb(c);
        c->last_hb = now_ms;
    }
}

/* Carries out a parsed command at once and queues its answer. */
static void run(struct board_core *c, const struct command *cmd)
{
    switch (cmd->kind) {
    case CMD_HELLO:
        answer(c, ANS_HELLO, 0);
        return;
    case CMD_SNAP:
        answer(c, ANS_SNAP, 0);
        return;
    case CMD_RESEND:
        /* the cursor moves now: the events go out ahead of the answers, OK RESEND after them */
        if (event_ring_resend(&c->ring, cmd->seq) == RESEND_GONE) {
            refuse(c, ANS_ERR_GONE, 0);
            return;
        }
        break;
    case CMD_LED:
        leds_set(&c->leds, cmd->pattern);
        break;
    case CMD_BEEP:
        if (c->tone)
            c->tone(c->out.ctx, cmd->hz);
        c->flags |= CORE_F_TONE;
        c->tone_end = c->now + cmd->ms;
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
        break;
    }
    answer(c, ANS_OK, cmd->kind);
}

static void line(struct board_core *c, const char *text, uint8_t len)
{
    uint8_t body_len = 0;
    uint16_t crc = 0;
    switch (frame_check(text, len, &body_len, &crc)) {
    case FRAME_NO_CRC:
        refuse(c, ANS_ERR_NO_CRC, 0);
        return;
    case FRAME_BAD_CHAR:
        refuse(c, ANS_ERR_CHAR, 0);
        return;
    case FRAME_BAD_CRC:
        refuse(c, ANS_ERR_CRC, crc);
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
        refuse(c, ANS_ERR_CMD, 0);
        break;
    case CMD_ERR_ARG:
        refuse(c, ANS_ERR_CMD, cmd.kind);
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
        refuse(c, ANS_ERR_LONG, 0);
        break;
    case LINE_NONE:
        return;
    }
    pump(c);
}

void core_led_frame(const struct board_core *c, uint8_t digits[BOARD_LED_DIGITS])
{
    leds_frame(&c->leds, c->second_ms, digits);
}
