/* test_frame.c: CRC-8/SMBUS, the line writer, frame checks and the line reader (frame.h). */
#include <string.h>

#include "frame.h"
#include "runner.h"

static void t_crc_check_value(void)
{
    /* The catalogue check value of CRC-8/SMBUS. */
    CHECK_EQ(crc8((const uint8_t *)"123456789", 9), 0xF4);
    CHECK_EQ(crc8((const uint8_t *)"", 0), 0x00);
    CHECK_EQ(crc8_update(0, 0x01), 0x07);
    CHECK_EQ(crc8_update(0, 0x80), 0x89);
    /* the table against the bitwise definition, for every CRC and byte */
    for (unsigned crc = 0; crc < 256; crc++) {
        for (unsigned byte = 0; byte < 256; byte++) {
            uint8_t c = (uint8_t)(crc ^ byte);
            for (int i = 0; i < 8; i++)
                c = (c & 0x80) ? (uint8_t)((c << 1) ^ 0x07) : (uint8_t)(c << 1);
            if (crc8_update((uint8_t)crc, (uint8_t)byte) != c) {
                test_fail(__FILE__, __LINE__, "crc8_update(%02X, %02X) = %02X, expected %02X", crc, byte,
                          crc8_update((uint8_t)crc, (uint8_t)byte), c);
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
    CHECK_STR(wbuf, "123456789*F4\n");
    wlen = 0;
    frame_begin(&w);
    for (uint8_t v = 0; v < 16; v++)
        frame_hex(&w, v);
    CHECK_STR(wbuf, "0123456789ABCDEF");
}

static void t_frame_check(void)
{
    static const struct {
        const char *line;
        enum frame_status status;
        uint8_t body_len;
        uint8_t crc; /* of the body, on FRAME_BAD_CRC */
    } rows[] = {
        {"123456789*F4", FRAME_OK, 9, 0},
        {"123456789*f4", FRAME_OK, 9, 0}, /* either case of hex digit is read */
        {"*00", FRAME_OK, 0, 0},
        {"123456789*F5", FRAME_BAD_CRC, 0, 0xF4},
        {"123456789", FRAME_NO_CRC, 0, 0},
        {"123456789*", FRAME_NO_CRC, 0, 0},
        {"123456789*F", FRAME_NO_CRC, 0, 0},
        {"123456789*F44", FRAME_NO_CRC, 0, 0},
        {"123456789*G4", FRAME_NO_CRC, 0, 0},
        {"1234*5678*F4", FRAME_NO_CRC, 0, 0}, /* a `*` inside the body */
        {"SNAP\t*DD", FRAME_BAD_CHAR, 0, 0},   /* right CRC, but a tab */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint8_t body_len = 0xEE, crc = 0xEE;
        enum frame_status s = frame_check(rows[i].line, (uint8_t)strlen(rows[i].line), &body_len, &crc);
        CHECK_EQ(s, rows[i].status);
        if (s == FRAME_OK)
            CHECK_EQ(body_len, rows[i].body_len);
        if (s == FRAME_BAD_CRC)
            CHECK_EQ(crc, rows[i].crc);
    }
    CHECK_EQ(crc8((const uint8_t *)"SNAP\t", 5), 0xDD);
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
    {"frame: CRC-8/SMBUS check value", t_crc_check_value},
    {"frame: writer numbers, hex and line end", t_writer},
    {"frame: check of received frames", t_frame_check},
    {"frame: line reader ends lines at \\n and drops \\r", t_line_reader},
    {"frame: line reader length limit", t_line_reader_limit},
    {0, 0},
};
