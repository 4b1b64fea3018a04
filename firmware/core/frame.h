/*
 * frame.h: the line framing of the link protocol (docs/protocol.md, "Lines").
 *
 * Every line is `BODY*HHHH\n`: BODY printable ASCII without `*`, HHHH the CRC-16/CCITT-FALSE
 * of BODY (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR; check value 0x29B1
 * for "123456789") as four upper-case hex digits. A line is at most FRAME_LINE_MAX bytes from
 * the first BODY byte to the last H; a `\r` before the `\n` is dropped.
 *
 * The writer streams a line byte by byte through a callback and keeps the CRC as it goes, so
 * no line is ever held in RAM. The reader collects one received line with a length limit and
 * checks its frame.
 */
#ifndef DAMBORD_FRAME_H
#define DAMBORD_FRAME_H

#include <stdint.h>

/* Longest line, `BODY*HHHH` without the `\r\n`. */
#define FRAME_LINE_MAX 128
/* Hex digits of the CRC. */
#define FRAME_CRC_DIGITS 4
/* Longest body: the line less `*HHHH`. */
#define FRAME_BODY_MAX (FRAME_LINE_MAX - 1 - FRAME_CRC_DIGITS)

/* The CRC of nothing: where every line's CRC starts. */
#define CRC16_INIT 0xFFFF
/* CRC-16/CCITT-FALSE of one more byte. */
uint16_t crc16_update(uint16_t crc, uint8_t byte);
/* CRC-16/CCITT-FALSE of n bytes. Example: crc16((const uint8_t *)"123456789", 9) == 0x29B1. */
uint16_t crc16(const uint8_t *p, uint8_t n);

/* Receives each byte of the output, in order. */
typedef void (*frame_put_fn)(void *ctx, uint8_t byte);

/* Writes one line at a time: frame_begin, then the body in pieces, then frame_end. */
struct frame_writer {
    frame_put_fn put;
    void *ctx;
    uint16_t crc;
};

void frame_begin(struct frame_writer *w);
void frame_char(struct frame_writer *w, char c);
/* A NUL-terminated string in RAM. */
void frame_str(struct frame_writer *w, const char *s);
/* A NUL-terminated string declared ROM (see rom.h). */
void frame_rom(struct frame_writer *w, const char *rom);
/* The CRC a line has after the ROM text `rom` (from frame_begin): to work out once the CRC of a
 * text that never changes. */
uint16_t frame_rom_crc(const char *rom);
/* The ROM text `rom` at the start of a line, its CRC already known (frame_rom_crc): written
 * without working it out again, byte by byte. */
void frame_rom_known(struct frame_writer *w, const char *rom, uint16_t crc);
/* An unsigned decimal number, no leading zeros. */
void frame_dec(struct frame_writer *w, uint32_t v);
/* One upper-case hex digit of v & 15. */
void frame_hex(struct frame_writer *w, uint8_t v);
/* Four upper-case hex digits of v. */
void frame_hex16(struct frame_writer *w, uint16_t v);
/* Ends the line: `*HHHH\n`. */
void frame_end(struct frame_writer *w);

/* What frame_check found. */
enum frame_status {
    FRAME_OK = 0,
    FRAME_NO_CRC,   /* no `*`, or `*` not followed by exactly four hex digits: ERR SYNTAX */
    FRAME_BAD_CRC,  /* the CRC does not match the body: ERR CRC */
    FRAME_BAD_CHAR, /* a byte of the body is not printable ASCII: ERR SYNTAX */
};

/*
 * Checks the frame of a received line (without `\r\n`). On FRAME_OK *body_len is the length of
 * BODY; on FRAME_BAD_CRC *crc is the CRC of the body as received (so a person typing at a
 * terminal can be told the right one). Hex digits of HH are accepted in either case.
 */
enum frame_status frame_check(const char *line, uint8_t len, uint8_t *body_len, uint16_t *crc);

/* What line_reader_push found. */
enum line_status {
    LINE_NONE = 0, /* the line goes on (or an empty line was skipped) */
    LINE_READY,    /* a line is complete: reader->buf, reader->len (no `\r\n`) */
    LINE_LONG,     /* a line longer than FRAME_LINE_MAX ended: it was discarded */
};

/* Collects received bytes into lines. Zero-initialise it. */
struct line_reader {
    uint8_t len;
    uint8_t flags; /* LINE_F_* below */
    char buf[FRAME_LINE_MAX];
};

/*
 * Takes one received byte. A line ends at `\n`; one `\r` right before it is dropped. Bytes past
 * FRAME_LINE_MAX are not stored and the line is reported LINE_LONG when its `\n` comes. Empty
 * lines are skipped. After LINE_READY the line stays in buf until the next byte is pushed.
 */
enum line_status line_reader_push(struct line_reader *r, uint8_t byte);

#endif /* DAMBORD_FRAME_H */
