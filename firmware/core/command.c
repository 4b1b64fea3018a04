/* command.c: the command parser. Contract in command.h. */
#include "command.h"

#include "board.h"
#include "leds.h"
#include "rom.h"

static const char W_HELLO[] ROM = "HELLO";
static const char W_SNAP[] ROM = "SNAP";
static const char W_RESEND[] ROM = "RESEND";
static const char W_LED[] ROM = "LED";
static const char W_BEEP[] ROM = "BEEP";
static const char W_CFG[] ROM = "CFG";
static const char K_MAKE[] ROM = "make";
static const char K_BREAK[] ROM = "break";
static const char K_SNAP[] ROM = "snap";
static const char K_HB[] ROM = "hb";

static const char E_UNKNOWN[] ROM = "unknown command";
static const char E_HELLO[] ROM = "HELLO takes no argument";
static const char E_SNAP[] ROM = "SNAP takes no argument";
static const char E_RESEND[] ROM = "RESEND SEQ 1-65535";
static const char E_LED[] ROM = "LED PATTERN of " BOARD_STR(BOARD_SQUARES) " 0/1/S/F/A";
static const char E_BEEP[] ROM = "BEEP HZ 100-8000 MS 1-2000";
static const char E_CFG[] ROM = "CFG make|break=0-255 snap|hb=0-65535";

/* Indexed by enum command_kind; REFUSALS[0] is what an unknown command gets (WORDS[0] is never
 * asked for). Tables in ROM: a switch here would become a table of pointers in RAM. */
static const char *const WORDS[] ROM = {W_CFG, W_HELLO, W_SNAP, W_RESEND, W_LED, W_BEEP, W_CFG};
static const char *const REFUSALS[] ROM = {E_UNKNOWN, E_HELLO, E_SNAP, E_RESEND, E_LED, E_BEEP, E_CFG};

const char *command_word(uint8_t kind)
{
    return rom_ptr(&WORDS[kind <= CMD_CFG ? kind : 0]);
}

const char *command_refusal(uint8_t kind)
{
    return rom_ptr(&REFUSALS[kind <= CMD_CFG ? kind : 0]);
}

struct words {
    const char *p;
    uint8_t len;
    uint8_t pos;
};

/* The next word: *w set, its length returned; 0 at the end. */
static uint8_t next_word(struct words *ws, const char **w)
{
    while (ws->pos < ws->len && ws->p[ws->pos] == ' ')
        ws->pos++;
    uint8_t start = ws->pos;
    while (ws->pos < ws->len && ws->p[ws->pos] != ' ')
        ws->pos++;
    *w = ws->p + start;
    return (uint8_t)(ws->pos - start);
}

/* Whether the n bytes at w are the ROM word `rom`. */
static uint8_t is_word(const char *w, uint8_t n, const char *rom)
{
    for (uint8_t i = 0; i < n; i++)
        if (rom_byte(rom + i) != (uint8_t)w[i])
            return 0;
    return rom_byte(rom + n) == 0;
}

/* A decimal number of 1-5 digits; -1 if it is not one or is over 65535. */
static int32_t number(const char *w, uint8_t n)
{
    if (n == 0 || n > 5)
        return -1;
    int32_t v = 0;
    for (uint8_t i = 0; i < n; i++) {
        if (w[i] < '0' || w[i] > '9')
            return -1;
        v = v * 10 + (w[i] - '0');
    }
    return v <= 65535 ? v : -1;
}

static enum command_status arg_error(struct command *out, const char *detail)
{
    out->detail = detail;
    return CMD_ERR_ARG;
}

static enum command_status parse_cfg(struct words *ws, struct command *out)
{
    const char *w;
    uint8_t n;
    while ((n = next_word(ws, &w)) != 0) {
        uint8_t eq = 0;
        while (eq < n && w[eq] != '=')
            eq++;
        if (eq == n)
            return arg_error(out, E_CFG);
        int32_t v = number(w + eq + 1, (uint8_t)(n - eq - 1));
        if (is_word(w, eq, K_MAKE) && v >= 0 && v <= 255) {
            out->make_ms = (uint8_t)v;
            out->set |= CFG_MAKE;
        } else if (is_word(w, eq, K_BREAK) && v >= 0 && v <= 255) {
            out->break_ms = (uint8_t)v;
            out->set |= CFG_BREAK;
        } else if (is_word(w, eq, K_SNAP) && v >= 0) {
            out->snap_ms = (uint16_t)v;
            out->set |= CFG_SNAP;
        } else if (is_word(w, eq, K_HB) && v >= 0) {
            out->hb_ms = (uint16_t)v;
            out->set |= CFG_HB;
        } else {
            return arg_error(out, E_CFG);
        }
    }
    return CMD_OK;
}

enum command_status command_parse(const char *body, uint8_t len, struct command *out)
{
    struct words ws = {body, len, 0};
    const char *w, *arg;
    uint8_t n = next_word(&ws, &w);
    out->detail = 0;
    out->set = 0;

    if (is_word(w, n, W_HELLO)) {
        out->kind = CMD_HELLO;
        return next_word(&ws, &arg) ? arg_error(out, E_HELLO) : CMD_OK;
    }
    if (is_word(w, n, W_SNAP)) {
        out->kind = CMD_SNAP;
        return next_word(&ws, &arg) ? arg_error(out, E_SNAP) : CMD_OK;
    }
    if (is_word(w, n, W_RESEND)) {
        out->kind = CMD_RESEND;
        uint8_t m = next_word(&ws, &arg);
        int32_t seq = number(arg, m);
        if (seq < 1 || next_word(&ws, &w))
            return arg_error(out, E_RESEND);
        out->seq = (uint16_t)seq;
        return CMD_OK;
    }
    if (is_word(w, n, W_LED)) {
        out->kind = CMD_LED;
        uint8_t m = next_word(&ws, &arg);
        if (m != BOARD_SQUARES || next_word(&ws, &w))
            return arg_error(out, E_LED);
        for (uint8_t i = 0; i < m; i++)
            if (led_mode_of(arg[i]) == LED_BAD)
                return arg_error(out, E_LED);
        out->pattern = arg;
        return CMD_OK;
    }
    if (is_word(w, n, W_BEEP)) {
        out->kind = CMD_BEEP;
        uint8_t m = next_word(&ws, &arg);
        int32_t hz = number(arg, m);
        m = next_word(&ws, &arg);
        int32_t ms = number(arg, m);
        if (hz < BEEP_HZ_MIN || hz > BEEP_HZ_MAX || ms < BEEP_MS_MIN || ms > BEEP_MS_MAX || next_word(&ws, &w))
            return arg_error(out, E_BEEP);
        out->hz = (uint16_t)hz;
        out->ms = (uint16_t)ms;
        return CMD_OK;
    }
    if (is_word(w, n, W_CFG)) {
        out->kind = CMD_CFG;
        return parse_cfg(&ws, out);
    }
    out->detail = E_UNKNOWN;
    return CMD_ERR_SYNTAX;
}
