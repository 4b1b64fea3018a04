/*
 * command.h: the parser of the host's commands (docs/protocol.md, "Host to board").
 *
 * Parses the BODY of a line whose frame was already checked (frame.h): words separated by one
 * or more spaces, the command word in upper case. Pure: it reads the body and fills a struct
 * command; the core carries the command out.
 *
 *   HELLO                       who are you
 *   SNAP                        the occupancy now
 *   RESEND SEQ                  SEQ 1-65535
 *   LED PATTERN                 BOARD_SQUARES characters of 0 1 S F A
 *   BEEP HZ MS                  HZ 100-8000, MS 1-2000
 *   CFG [KEY=VALUE ...]         make, break 0-255; snap, hb 0-65535 (ms, 0 = off)
 *
 * Numbers are decimal digits only (leading zeros allowed, at most 5 digits). A CFG is all or
 * nothing: one bad pair refuses the whole command.
 */
#ifndef DAMBORD_COMMAND_H
#define DAMBORD_COMMAND_H

#include <stdint.h>

enum command_kind { CMD_HELLO = 1, CMD_SNAP, CMD_RESEND, CMD_LED, CMD_BEEP, CMD_CFG };

/* What command_parse found; the codes are the protocol's ERR codes. */
enum command_status {
    CMD_OK = 0,
    CMD_ERR_SYNTAX, /* not a command this board knows: ERR SYNTAX */
    CMD_ERR_ARG,    /* a known command with a bad, missing or extra argument: ERR ARG */
};

/* Which CFG keys were given. */
enum { CFG_MAKE = 1, CFG_BREAK = 2, CFG_SNAP = 4, CFG_HB = 8 };

#define BEEP_HZ_MIN 100
#define BEEP_HZ_MAX 8000
#define BEEP_MS_MIN 1
#define BEEP_MS_MAX 2000

struct command {
    uint8_t kind;       /* enum command_kind, when CMD_OK or CMD_ERR_ARG */
    const char *detail; /* on error: what was wrong, ROM text (rom.h) for the ERR line */
    uint16_t seq;       /* RESEND */
    uint16_t hz, ms;    /* BEEP */
    const char *pattern; /* LED: BOARD_SQUARES checked characters, pointing into the body */
    uint8_t set;        /* CFG: CFG_* bits of the keys given (none: nothing changes) */
    uint8_t make_ms, break_ms;
    uint16_t snap_ms, hb_ms;
};

/* Parses a body of `len` bytes. Example: "BEEP 440 100" -> CMD_OK, kind CMD_BEEP, hz 440, ms 100. */
enum command_status command_parse(const char *body, uint8_t len, struct command *out);

/* The command word of a kind, ROM text: command_word(CMD_LED) is "LED". */
const char *command_word(uint8_t kind);

/* The detail of a refusal, ROM text: for a kind, its ERR ARG text ("BEEP HZ 100-8000 MS
 * 1-2000"); for 0, ERR SYNTAX's "unknown command". The same text command_parse puts in detail. */
const char *command_refusal(uint8_t kind);

#endif /* DAMBORD_COMMAND_H */
