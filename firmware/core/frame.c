/* frame.c: CRC-8/SMBUS, the line writer and the line reader. Contract in frame.h. */
#include "frame.h"
#include "rom.h"

enum { LINE_F_DONE = 1, LINE_F_LONG = 2, LINE_F_CR = 4 };

/* CRC_TABLE[i] is i shifted through the polynomial eight times: one lookup per byte instead of
 * eight shifts (about 10 cycles a byte on the AVR instead of 60). test_frame.c checks it
 * against the bitwise definition. */
static const uint8_t CRC_TABLE[256] ROM = {
    0x00, 0x07, 0x0E, 0x09, 0x1C, 0x1B, 0x12, 0x15, 0x38, 0x3F, 0x36, 0x31, 0x24, 0x23, 0x2A, 0x2D,
    0x70, 0x77, 0x7E, 0x79, 0x6C, 0x6B, 0x62, 0x65, 0x48, 0x4F, 0x46, 0x41, 0x54, 0x53, 0x5A, 0x5D,
    0xE0, 0xE7, 0xEE, 0xE9, 0xFC, 0xFB, 0xF2, 0xF5, 0xD8, 0xDF, 0xD6, 0xD1, 0xC4, 0xC3, 0xCA, 0xCD,
    0x90, 0x97, 0x9E, 0x99, 0x8C, 0x8B, 0x82, 0x85, 0xA8, 0xAF, 0xA6, 0xA1, 0xB4, 0xB3, 0xBA, 0xBD,
    0xC7, 0xC0, 0xC9, 0xCE, 0xDB, 0xDC, 0xD5, 0xD2, 0xFF, 0xF8, 0xF1, 0xF6, 0xE3, 0xE4, 0xED, 0xEA,
    0xB7, 0xB0, 0xB9, 0xBE, 0xAB, 0xAC, 0xA5, 0xA2, 0x8F, 0x88, 0x81, 0x86, 0x93, 0x94, 0x9D, 0x9A,
    0x27, 0x20, 0x29, 0x2E, 0x3B, 0x3C, 0x35, 0x32, 0x1F, 0x18, 0x11, 0x16, 0x03, 0x04, 0x0D, 0x0A,
    0x57, 0x50, 0x59, 0x5E, 0x4B, 0x4C, 0x45, 0x42, 0x6F, 0x68, 0x61, 0x66, 0x73, 0x74, 0x7D, 0x7A,
    0x89, 0x8E, 0x87, 0x80, 0x95, 0x92, 0x9B, 0x9C, 0xB1, 0xB6, 0xBF, 0xB8, 0xAD, 0xAA, 0xA3, 0xA4,
    0xF9, 0xFE, 0xF7, 0xF0, 0xE5, 0xE2, 0xEB, 0xEC, 0xC1, 0xC6, 0xCF, 0xC8, 0xDD, 0xDA, 0xD3, 0xD4,
    0x69, 0x6E, 0x67, 0x60, 0x75, 0x72, 0x7B, 0x7C, 0x51, 0x56, 0x5F, 0x58, 0x4D, 0x4A, 0x43, 0x44,
    0x19, 0x1E, 0x17, 0x10, 0x05, 0x02, 0x0B, 0x0C, 0x21, 0x26, 0x2F, 0x28, 0x3D, 0x3A, 0x33, 0x34,
    0x4E, 0x49, 0x40, 0x47, 0x52, 0x55, 0x5C, 0x5B, 0x76, 0x71, 0x78, 0x7F, 0x6A, 0x6D, 0x64, 0x63,
    0x3E, 0x39, 0x30, 0x37, 0x22, 0x25, 0x2C, 0x2B, 0x06, 0x01, 0x08, 0x0F, 0x1A, 0x1D, 0x14, 0x13,
    0xAE, 0xA9, 0xA0, 0xA7, 0xB2, 0xB5, 0xBC, 0xBB, 0x96, 0x91, 0x98, 0x9F, 0x8A, 0x8D, 0x84, 0x83,
    0xDE, 0xD9, 0xD0, 0xD7, 0xC2, 0xC5, 0xCC, 0xCB, 0xE6, 0xE1, 0xE8, 0xEF, 0xFA, 0xFD, 0xF4, 0xF3,
};

uint8_t crc8_update(uint8_t crc, uint8_t byte)
{
    return rom_byte((const char *)CRC_TABLE + (uint8_t)(crc ^ byte));
}

uint8_t crc8(const uint8_t *p, uint8_t n)
{
    uint8_t crc = 0;
    while (n--)
        crc = crc8_update(crc, *p++);
    return crc;
}

void frame_begin(struct frame_writer *w)
{
    w->crc = 0;
}

void frame_char(struct frame_writer *w, char c)
{
    w->crc = crc8_update(w->crc, (uint8_t)c);
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

void frame_end(struct frame_writer *w)
{
    uint8_t crc = w->crc;
    w->put(w->ctx, '*');
    frame_hex(w, crc >> 4);
    frame_hex(w, crc);
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

enum frame_status frame_check(const char *line, uint8_t len, uint8_t *body_len, uint8_t *crc)
{
    uint8_t star = 0;
    while (star < len && line[star] != '*')
        star++;
    if (star + 3 != len)
        return FRAME_NO_CRC;
    int hi = hex_value(line[star + 1]);
    int lo = hex_value(line[star + 2]);
    if (hi < 0 || lo < 0)
        return FRAME_NO_CRC;
    uint8_t want = crc8((const uint8_t *)line, star);
    if (want != (uint8_t)(hi << 4 | lo)) {
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
