/* frame.c: CRC-16/CCITT-FALSE, the line writer and the line reader. Contract in frame.h. */
#include "frame.h"
#include "rom.h"

enum { LINE_F_DONE = 1, LINE_F_LONG = 2, LINE_F_CR = 4 };

/* CRC-16/CCITT-FALSE a byte at a time without a table: the byte's eight steps through the
 * polynomial x^16 + x^12 + x^5 + 1 folded into shifts of one value (x, the high byte of the CRC
 * and the input byte, with its high nibble folded in once more). About 30 cycles a byte on the
 * AVR and no flash for a table; test_frame.c checks it against the bitwise definition. */
uint16_t crc16_update(uint16_t crc, uint8_t byte)
{
    uint8_t x = (uint8_t)(crc >> 8) ^ byte;
    x ^= x >> 4;
    return (uint16_t)((crc << 8) ^ ((uint16_t)x << 12) ^ ((uint16_t)x << 5) ^ x);
}

uint16_t crc16(const uint8_t *p, uint8_t n)
{
    uint16_t crc = CRC16_INIT;
    while (n--)
        crc = crc16_update(crc, *p++);
    return crc;
}

void frame_begin(struct frame_writer *w)
{
    w->crc = CRC16_INIT;
}

void frame_char(struct frame_writer *w, char c)
{
    w->crc = crc16_update(w->crc, (uint8_t)c);
    w->put(w->ctx, (uint8_t)c);
}

void frame_str(struct frame_writer *w, const char *s)
{
    while (*s)
        frame_char(w, *s++);
}

void frame_rom(struct frame_writer *w, const char *rom)
{
    uint8_t c;
    while ((c = rom_byte(rom++)) != 0)
        frame_char(w, (char)c);
}

uint16_t frame_rom_crc(const char *rom)
{
    uint16_t crc = CRC16_INIT;
    uint8_t c;
    while ((c = rom_byte(rom++)) != 0)
        crc = crc16_update(crc, c);
    return crc;
}

void frame_rom_known(struct frame_writer *w, const char *rom, uint16_t crc)
{
    uint8_t c;
    while ((c = rom_byte(rom++)) != 0)
        w->put(w->ctx, c);
    w->crc = crc;
}

void frame_dec(struct frame_writer *w, uint32_t v)
{
    /* Repeated subtraction: no 32-bit division on the AVR. */
    static const uint32_t pow10[] ROM = {1000000000UL, 100000000UL, 10000000UL, 1000000UL,
                                     100000UL,     10000UL,     1000UL,     100UL, 10UL};
    uint8_t started = 0;
    for (uint8_t i = 0; i < sizeof pow10 / sizeof pow10[0]; i++) {
        char d = '0';
        uint32_t p = rom_u32(&pow10[i]);
        while (v >= p) {
            v -= p;
            d++;
        }
        if (d != '0' || started) {
            frame_char(w, d);
            started = 1;
        }
    }
    frame_char(w, (char)('0' + v));
}

void frame_hex(struct frame_writer *w, uint8_t v)
{
    v &= 15;
    frame_char(w, (char)(v < 10 ? '0' + v : 'A' + v - 10));
}

void frame_hex16(struct frame_writer *w, uint16_t v)
{
    frame_hex(w, (uint8_t)(v >> 12));
    frame_hex(w, (uint8_t)(v >> 8));
    frame_hex(w, (uint8_t)(v >> 4));
    frame_hex(w, (uint8_t)v);
}

void frame_end(struct frame_writer *w)
{
    uint16_t crc = w->crc;
    w->put(w->ctx, '*');
    frame_hex16(w, crc); /* the CRC's own digits do not enter it: the reader checks the body's */
    w->put(w->ctx, '\n');
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

enum frame_status frame_check(const char *line, uint8_t len, uint8_t *body_len, uint16_t *crc)
{
    uint8_t star = 0;
    while (star < len && line[star] != '*')
        star++;
    if (star + 1 + FRAME_CRC_DIGITS != len)
        return FRAME_NO_CRC;
    uint16_t got = 0;
    for (uint8_t i = 1; i <= FRAME_CRC_DIGITS; i++) {
        int v = hex_value(line[star + i]);
        if (v < 0)
            return FRAME_NO_CRC;
        got = (uint16_t)(got << 4 | (uint16_t)v);
    }
    uint16_t want = crc16((const uint8_t *)line, star);
    if (want != got) {
        *crc = want;
        return FRAME_BAD_CRC;
    }
    for (uint8_t i = 0; i < star; i++)
        if (line[i] < ' ' || line[i] > '~')
            return FRAME_BAD_CHAR;
    *body_len = star;
    return FRAME_OK;
}

static void line_store(struct line_reader *r, uint8_t byte)
{
    if (r->len < FRAME_LINE_MAX)
        r->buf[r->len++] = (char)byte;
    else
        r->flags |= LINE_F_LONG;
}

enum line_status line_reader_push(struct line_reader *r, uint8_t byte)
{
    if (r->flags & LINE_F_DONE) {
        r->len = 0;
        r->flags = 0;
    }
    if (byte == '\n') {
        uint8_t flags = r->flags;
        r->flags = LINE_F_DONE;
        if (flags & LINE_F_LONG)
            return LINE_LONG;
        return r->len ? LINE_READY : LINE_NONE;
    }
    if (r->flags & LINE_F_CR) {
        /* The `\r` was not the end of the line: it is part of it. */
        r->flags &= (uint8_t)~LINE_F_CR;
        line_store(r, '\r');
    }
    if (byte == '\r')
        r->flags |= LINE_F_CR;
    else
        line_store(r, byte);
    return LINE_NONE;
}
