/* test_frame.c: CRC-16/CCITT-FALSE, the line writer, frame checks and the line reader (frame.h). */
#include <string.h>

#include "frame.h"
#include "runner.h"

/* CRC-16/CCITT-FALSE of one byte, bit by bit as the catalogue defines it. */
static uint16_t crc16_bitwise(uint16_t crc, uint8_t byte)
{
    crc ^= (uint16_t)(byte << 8);
    for (int i = 0; i < 8; i++)
        crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    return crc;
}

static void t_crc_check_value(void)
{
    /* The catalogue check value of CRC-16/CCITT-FALSE. */
    CHECK_EQ(crc16((const uint8_t *)"123456789", 9), 0x29B1);
    CHECK_EQ(crc16((const uint8_t *)"", 0), 0xFFFF);
    CHECK_EQ(crc16_update(0, 0x01), 0x1021);
    CHECK_EQ(crc16_update(0, 0x80), 0x9188);
    /* the byte-wise update against the bitwise definition, for every byte and many CRCs */
    for (unsigned crc = 0; crc < 65536; crc += 7) {
        for (unsigned byte = 0; byte < 256; byte++) {
            uint16_t want = crc16_bitwise((uint16_t)crc, (uint8_t)byte);
            if (crc16_update((uint16_t)crc, (uint8_t)byte) != want) {
                test_fail(__FILE__, __LINE__, "crc16_update(%04X, %02X) = %04X, expected %04X", crc, byte,
                          crc16_update((uint16_t)crc, (uint8_t)byte), want);
                return;
            }
        }
    }
}

static char wbuf[256];
static size_t wlen;
static void wput(void *ctx, uint8_t b)
{
    (void)ctx;
    wbuf[wlen++] = (char)b;
    wbuf[wlen] = 0;
}

static void t_writer(void)
{
    static const struct {
        uint32_t v;
        const char *text;
    } dec[] = {{0, "0"}, {7, "7"}, {10, "10"}, {100, "100"}, {65535, "65535"},
               {1000000000UL, "1000000000"}, {4294967295UL, "4294967295"}, {1203, "1203"}};
    struct frame_writer w = {wput, 0, 0};
    for (size_t i = 0; i < sizeof dec / sizeof dec[0]; i++) {
        wlen = 0;
        frame_dec(&w, dec[i].v);
        CHECK_STR(wbuf, dec[i].text);
    }
    wlen = 0;
    frame_begin(&w);
    frame_str(&w, "123456789");
    frame_end(&w);
    CHECK_STR(wbuf, "123456789*29B1\n");
    wlen = 0;
    frame_begin(&w);
    for (uint8_t v = 0; v < 16; v++)
        frame_hex(&w, v);
    CHECK_STR(wbuf, "0123456789ABCDEF");
    wlen = 0;
    frame_hex16(&w, 0x0A5F);
    CHECK_STR(wbuf, "0A5F");
    /* a constant text whose CRC was worked out once: the same line as writing it */
    static const char text[] = "HELLO dambord";
    wlen = 0;
    frame_begin(&w);
    frame_rom(&w, text);
    frame_dec(&w, 7);
    frame_end(&w);
    char direct[64];
    strcpy(direct, wbuf);
    wlen = 0;
    frame_begin(&w);
    frame_rom_known(&w, text, frame_rom_crc(text));
    frame_dec(&w, 7);
    frame_end(&w);
    CHECK_STR(wbuf, direct);
}

static void t_frame_check(void)
{
    static const struct {
        const char *line;
        enum frame_status status;
        uint8_t body_len;
        uint16_t crc; /* of the body, on FRAME_BAD_CRC */
    } rows[] = {
        {"123456789*29B1", FRAME_OK, 9, 0},
        {"123456789*29b1", FRAME_OK, 9, 0}, /* either case of hex digit is read */
        {"*FFFF", FRAME_OK, 0, 0},
        {"123456789*29B2", FRAME_BAD_CRC, 0, 0x29B1},
        {"123456789*B129", FRAME_BAD_CRC, 0, 0x29B1},
        {"123456789", FRAME_NO_CRC, 0, 0},
        {"123456789*", FRAME_NO_CRC, 0, 0},
        {"123456789*29B", FRAME_NO_CRC, 0, 0},
        {"123456789*29B11", FRAME_NO_CRC, 0, 0},
        {"123456789*29G1", FRAME_NO_CRC, 0, 0},
        {"123456789*F4", FRAME_NO_CRC, 0, 0},   /* a CRC-8 line of protocol 1 */
        {"1234*5678*29B1", FRAME_NO_CRC, 0, 0}, /* a `*` inside the body */
        {"SNAP\t*9321", FRAME_BAD_CHAR, 0, 0},   /* right CRC, but a tab */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint8_t body_len = 0xEE;
        uint16_t crc = 0xEEEE;
        enum frame_status s = frame_check(rows[i].line, (uint8_t)strlen(rows[i].line), &body_len, &crc);
        CHECK_EQ(s, rows[i].status);
        if (s == FRAME_OK)
            CHECK_EQ(body_len, rows[i].body_len);
        if (s == FRAME_BAD_CRC)
            CHECK_EQ(crc, rows[i].crc);
    }
    CHECK_EQ(crc16((const uint8_t *)"SNAP\t", 5), 0x9321);
}

/* Pushes bytes and returns the status at the last one. */
static enum line_status push_all(struct line_reader *r, const char *bytes, size_t n)
{
    enum line_status s = LINE_NONE;
    for (size_t i = 0; i < n; i++)
        s = line_reader_push(r, (uint8_t)bytes[i]);
    return s;
}

static void t_line_reader(void)
{
    static const struct {
        const char *bytes;
        enum line_status status;
        const char *line;
    } rows[] = {
        {"AB\n", LINE_READY, "AB"},
        {"AB\r\n", LINE_READY, "AB"}, /* \r before \n dropped */
        {"A\rB\n", LINE_READY, "A\rB"}, /* a \r inside stays (and fails the frame check) */
        {"AB\r\r\n", LINE_READY, "AB\r"},
        {"\n", LINE_NONE, 0},           /* empty lines are skipped */
        {"\r\n", LINE_NONE, 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        struct line_reader r = {0};
        enum line_status s = push_all(&r, rows[i].bytes, strlen(rows[i].bytes));
        CHECK_EQ(s, rows[i].status);
        if (s == LINE_READY) {
            CHECK_EQ(r.len, strlen(rows[i].line));
            CHECK(memcmp(r.buf, rows[i].line, r.len) == 0);
        }
    }
}

static void t_line_reader_limit(void)
{
    char longest[FRAME_LINE_MAX + 3];
    struct line_reader r = {0};
    memset(longest, 'x', sizeof longest);
    /* FRAME_LINE_MAX bytes is a line, with or without \r. */
    CHECK_EQ(push_all(&r, longest, FRAME_LINE_MAX), LINE_NONE);
    CHECK_EQ(push_all(&r, "\r\n", 2), LINE_READY);
    CHECK_EQ(r.len, FRAME_LINE_MAX);
    CHECK_EQ(push_all(&r, longest, FRAME_LINE_MAX), LINE_NONE);
    CHECK_EQ(push_all(&r, "\n", 1), LINE_READY);
    /* One more is too long, however long it goes on. */
    CHECK_EQ(push_all(&r, longest, FRAME_LINE_MAX + 1), LINE_NONE);
    CHECK_EQ(push_all(&r, "\n", 1), LINE_LONG);
    for (int i = 0; i < 10; i++)
        CHECK_EQ(push_all(&r, longest, sizeof longest), LINE_NONE);
    CHECK_EQ(push_all(&r, "\n", 1), LINE_LONG);
    /* And the reader is fine afterwards. */
    CHECK_EQ(push_all(&r, "OK\n", 3), LINE_READY);
    CHECK_EQ(r.len, 2);
}

const struct test frame_tests[] = {
    {"frame: CRC-16/CCITT-FALSE check value", t_crc_check_value},
    {"frame: writer numbers, hex and line end", t_writer},
    {"frame: check of received frames", t_frame_check},
    {"frame: line reader ends lines at \\n and drops \\r", t_line_reader},
    {"frame: line reader length limit", t_line_reader_limit},
    {0, 0},
};
