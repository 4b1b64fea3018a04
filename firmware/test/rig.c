/* rig.c: the table-driven virtual-clock rig. Contract in rig.h. */
#include "rig.h"

#include <stdlib.h>
#include <string.h>

#include "runner.h"

static uint16_t room(void *ctx)
{
    struct rig *r = ctx;
    if (!r->tx_cap)
        return 0xFFFF;
    return r->tx_pending >= r->tx_cap ? 0 : (uint16_t)(r->tx_cap - r->tx_pending);
}

static void put(void *ctx, uint8_t byte)
{
    struct rig *r = ctx;
    if (!r->in_line) {
        r->in_line = 1;
        r->line_room = room(r);
        r->line_len = 0;
    }
    r->line_len++;
    if (byte == '\n') {
        r->in_line = 0;
        if (r->line_len > r->line_room)
            r->partial++;
        if (r->lines < sizeof r->line_t / sizeof r->line_t[0])
            r->line_t[r->lines] = r->t;
        r->lines++;
    }
    if (r->out_len < sizeof r->out)
        r->out[r->out_len++] = (char)byte;
    if (r->tx_cap) {
        if (r->tx_pending >= r->tx_cap)
            r->blocked++;
        r->tx_pending++;
    }
}

static void tone(void *ctx, uint16_t hz)
{
    struct rig *r = ctx;
    r->out_len += (size_t)snprintf(r->out + r->out_len, sizeof r->out - r->out_len, "~TONE %u\n", hz);
    if (r->out_len > sizeof r->out)
        r->out_len = sizeof r->out;
}

void rig_init(struct rig *r, uint16_t boot, int quiet)
{
    memset(r, 0, sizeof *r);
    struct core_io io = {put, room, tone, r};
    core_init(&r->core, &io, boot);
    if (quiet)
        r->core.snap_ms = r->core.hb_ms = 0;
}

/* Calls fn(first, last) for each number or range of a list such as "1-20 31 b2"; buttons are
 * passed as BOARD_SQUARES + n. */
static void each_range(const char *list, void (*fn)(int first, int last, void *arg), void *arg)
{
    const char *p = list;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        int offset = 0;
        if (*p == 'b') {
            offset = BOARD_SQUARES;
            p++;
        }
        char *end;
        int first = (int)strtol(p, &end, 10), last = first;
        if (*end == '-')
            last = (int)strtol(end + 1, &end, 10);
        if (end == p || first < 1 || last < first) {
            fprintf(stderr, "rig: bad square list \"%s\"\n", list);
            abort();
        }
        fn(first + offset, last + offset, arg);
        p = end;
    }
}

static void set_inputs(int first, int last, void *arg)
{
    uint8_t *raw = arg;
    for (int n = first; n <= last; n++) {
        if (n > BOARD_INPUTS) {
            fprintf(stderr, "rig: input %d is not on a %s board\n", n, BOARD_NAME);
            abort();
        }
        raw[(n - 1) / 8] |= (uint8_t)(1 << ((n - 1) % 8));
    }
}

void rig_closed(struct rig *r, const char *closed)
{
    memset(r->raw, 0, sizeof r->raw);
    each_range(closed, set_inputs, r->raw);
}

static void tick(struct rig *r, uint32_t t)
{
    if (r->tx_cap)
        r->tx_pending = r->tx_pending > r->tx_drain ? (uint16_t)(r->tx_pending - r->tx_drain) : 0;
    r->t = t;
    core_tick(&r->core, t, r->raw);
    r->started = 1;
    /* the bytes that arrive during this millisecond */
    for (uint16_t i = 0; i < r->rx_rate && r->rx_pos < r->rx_len; i++)
        core_rx_byte(&r->core, (uint8_t)r->rx_queue[r->rx_pos++]);
    if (r->rx_pos == r->rx_len)
        r->rx_pos = r->rx_len = 0;
}

void rig_advance(struct rig *r, uint32_t t)
{
    if (!r->started) {
        tick(r, t);
        return;
    }
    if ((int32_t)(t - r->t) < 0) {
        fprintf(stderr, "rig: time goes back from %u to %u\n", (unsigned)r->t, (unsigned)t);
        abort();
    }
    while (r->t != t)
        tick(r, r->t + 1);
}

static void flush_log(struct rig *r)
{
    if (!r->log)
        return;
    while (r->logged < r->out_len) {
        const char *nl = memchr(r->out + r->logged, '\n', r->out_len - r->logged);
        if (!nl)
            break;
        size_t n = (size_t)(nl - (r->out + r->logged));
        if (r->out[r->logged] != '~')
            fprintf(r->log, "< %.*s\n", (int)n, r->out + r->logged);
        r->logged += n + 1;
    }
}

static void squares_to_bits(int first, int last, void *arg)
{
    uint8_t *bits = arg;
    for (int n = first; n <= last; n++)
        bits[(n - 1) / 8] |= (uint8_t)(1 << ((n - 1) % 8));
}

void occ_hex(const char *squares, char *out)
{
    uint8_t bits[16] = {0};
    each_range(squares, squares_to_bits, bits);
    for (int d = BOARD_OCC_DIGITS - 1; d >= 0; d--) {
        int nibble = 0;
        for (int b = 0; b < 4; b++) {
            int k = d * 4 + b;
            if (bits[k / 8] >> (k % 8) & 1)
                nibble |= 1 << b;
        }
        *out++ = "0123456789ABCDEF"[nibble];
    }
    *out = 0;
}

void led_pattern(const char *spec, char *out)
{
    memset(out, '0', BOARD_SQUARES);
    out[BOARD_SQUARES] = 0;
    const char *p = spec;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char *end;
        int first = (int)strtol(p, &end, 10), last = first;
        if (*end == '-')
            last = (int)strtol(end + 1, &end, 10);
        if (*end != ':' || first < 1 || last > BOARD_SQUARES) {
            fprintf(stderr, "rig: bad LED spec \"%s\"\n", spec);
            abort();
        }
        for (int n = first; n <= last; n++)
            out[n - 1] = end[1];
        p = end + 2;
    }
}

/* Copies text with the shorthands expanded: {squares} (occ) and <spec> (LED pattern). */
static void expand(const char *text, char *out, size_t cap)
{
    size_t n = 0;
    char inner[256], buf[128];
    while (*text && n + 1 < cap) {
        if (*text == '{' || *text == '<') {
            char close = *text == '{' ? '}' : '>';
            const char *end = strchr(text, close);
            if (!end) {
                fprintf(stderr, "rig: unclosed %c in \"%s\"\n", *text, text);
                abort();
            }
            snprintf(inner, sizeof inner, "%.*s", (int)(end - text - 1), text + 1);
            if (close == '}')
                occ_hex(inner, buf);
            else
                led_pattern(inner, buf);
            for (const char *b = buf; *b && n + 1 < cap; b++)
                out[n++] = *b;
            text = end + 1;
        } else {
            out[n++] = *text++;
        }
    }
    out[n] = 0;
}

void rig_cmd(struct rig *r, const char *body)
{
    char text[512], line[600];
    expand(body, text, sizeof text);
    uint16_t crc = crc16((const uint8_t *)text, (uint8_t)strlen(text));
    int n = snprintf(line, sizeof line, "%s*%04X\n", text, crc);
    rig_bytes(r, line, (size_t)n);
}

size_t rig_rx_waiting(const struct rig *r)
{
    return r->rx_len - r->rx_pos;
}

void rig_bytes(struct rig *r, const char *bytes, size_t n)
{
    if (r->rx_rate) {
        if (r->rx_len + n > sizeof r->rx_queue) {
            fprintf(stderr, "rig: more than %zu bytes from the host waiting\n", sizeof r->rx_queue);
            abort();
        }
        memcpy(r->rx_queue + r->rx_len, bytes, n);
        r->rx_len += n;
        return;
    }
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        if (r->log && bytes[i] == '\n') {
            /* the board's lines so far, then this line of the host's */
            flush_log(r);
            fprintf(r->log, "> %.*s\n", (int)(i - start), bytes + start);
            start = i + 1;
        }
        core_rx_byte(&r->core, (uint8_t)bytes[i]);
    }
}

/* The value of hex digit c, or -1. */
static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Whether input k (0-based: squares, then buttons) is set in `OCC BTNS`. */
static int input_set(const char *inputs, int k)
{
    if (k < BOARD_SQUARES) {
        int d = BOARD_OCC_DIGITS - 1 - k / 4;
        return hexval(inputs[d]) >> (k % 4) & 1;
    }
    return hexval(inputs[BOARD_OCC_DIGITS + 1]) >> (k - BOARD_SQUARES) & 1;
}

/* The inputs after event seq, if seen. */
static const char *after_of(const struct rig *r, uint32_t seq)
{
    return r->after_seq[seq % RIG_AFTER] == seq + 1 ? r->after[seq % RIG_AFTER] : 0;
}

static void remember(struct rig *r, uint32_t seq, const char *inputs, size_t n)
{
    snprintf(r->after[seq % RIG_AFTER], sizeof r->after[0], "%.*s", (int)n, inputs);
    r->after_seq[seq % RIG_AFTER] = seq + 1;
}

/*
 * Checks the inputs of an EV or SNAP body (see rig.h) and returns the length of the body to
 * compare: an EV's without its ` OCC BTNS` unless full_ev.
 */
static size_t check_inputs(struct rig *r, const char *l, size_t body, const char *file, int line)
{
    const size_t tail = 1 + BOARD_OCC_DIGITS + 2; /* ` OCC B` */
    int is_ev = body > 3 && memcmp(l, "EV ", 3) == 0;
    int is_snap = body > 5 && memcmp(l, "SNAP ", 5) == 0;
    if (!is_ev && !is_snap)
        return body;
    const char *inputs = l + body - tail + 1;
    for (size_t i = 0; i < tail - 1; i++) {
        if (i != BOARD_OCC_DIGITS && hexval(inputs[i]) < 0) {
            test_fail(file, line, "no inputs at the end of \"%.*s\"", (int)body, l);
            return body;
        }
    }
    unsigned seq = 0, number = 0;
    char kind = 0;
    if (is_snap) {
        if (sscanf(l, "SNAP %u", &seq) != 1)
            return body;
        const char *seen = after_of(r, seq);
        if (seen && memcmp(seen, inputs, tail - 1) != 0)
            test_fail(file, line, "\"%.*s\" after event %u, whose inputs were %s", (int)body, l, seq, seen);
        remember(r, seq, inputs, tail - 1);
        return body;
    }
    if (sscanf(l, "EV %u %*u %c %u", &seq, &kind, &number) != 3) {
        test_fail(file, line, "unreadable \"%.*s\"", (int)body, l);
        return body;
    }
    int k = (int)number - 1 + (kind == 'D' || kind == 'U' ? BOARD_SQUARES : 0);
    int on = kind == 'P' || kind == 'D';
    if (input_set(inputs, k) != on)
        test_fail(file, line, "\"%.*s\" does not show its own input %s", (int)body, l, on ? "set" : "clear");
    const char *again = after_of(r, seq);
    if (again && memcmp(again, inputs, tail - 1) != 0)
        test_fail(file, line, "\"%.*s\" sent again with other inputs than %s", (int)body, l, again);
    /* the event before 1 is 65535 after a wrap, else none (the start's SNAP 0) */
    unsigned prev = seq == 1 ? (after_of(r, 65535) ? 65535 : 0) : seq - 1;
    const char *before = after_of(r, prev);
    if (before) {
        for (int i = 0; i < BOARD_INPUTS; i++)
            if (input_set(before, i) != input_set(inputs, i) && i != k)
                test_fail(file, line, "\"%.*s\": input %d differs from the inputs after event %u, %s", (int)body, l, i + 1, prev, before);
    }
    remember(r, seq, inputs, tail - 1);
    return r->full_ev ? body : body - tail;
}

/* Splits the written bytes into line bodies (CRC checked), joined by '|'. */
static int collect(struct rig *r, char *got, size_t cap, const char *file, int line)
{
    size_t n = 0, start = 0;
    int ok = 1;
    got[0] = 0;
    for (size_t i = 0; i < r->out_len; i++) {
        if (r->out[i] != '\n')
            continue;
        const char *l = r->out + start;
        size_t len = i - start;
        size_t body = len, shown = len;
        if (l[0] != '~') {
            char hh[5];
            if (len < 5 || l[len - 5] != '*') {
                test_fail(file, line, "line without *HHHH: \"%.*s\"", (int)len, l);
                ok = 0;
            } else {
                body = shown = len - 5;
                snprintf(hh, sizeof hh, "%04X", crc16((const uint8_t *)l, (uint8_t)body));
                if (memcmp(hh, l + body + 1, 4) != 0) {
                    test_fail(file, line, "bad CRC on \"%.*s\": expected %s", (int)len, l, hh);
                    ok = 0;
                }
                if (body > FRAME_BODY_MAX) {
                    test_fail(file, line, "line body over %d bytes: \"%.*s\"", FRAME_BODY_MAX, (int)len, l);
                    ok = 0;
                }
                shown = check_inputs(r, l, body, file, line);
            }
        }
        if (n && n + 1 < cap)
            got[n++] = '|';
        for (size_t j = 0; j < shown && n + 1 < cap; j++)
            got[n++] = l[j];
        got[n] = 0;
        start = i + 1;
    }
    if (start != r->out_len) {
        test_fail(file, line, "unterminated output \"%.*s\"", (int)(r->out_len - start), r->out + start);
        ok = 0;
    }
    return ok;
}

void rig_expect(struct rig *r, const char *expect, const char *file, int line, const char *where)
{
    char want[8192], got[16384];
    expand(expect ? expect : "", want, sizeof want);
    flush_log(r);
    collect(r, got, sizeof got, file, line);
    if (strcmp(got, want) != 0)
        test_fail(file, line, "%sat t=%u\n    got:      %s\n    expected: %s", where, (unsigned)r->t, got, want);
    r->out_len = 0;
    r->logged = 0;
}

void rig_run_table(struct rig *r, const struct row *rows, size_t n, const char *file, int line)
{
    char where[64];
    for (size_t i = 0; i < n; i++) {
        const struct row *w = &rows[i];
        if (r->started && (int32_t)(w->t - r->t) > 0)
            rig_advance(r, w->t - 1);
        if (w->closed)
            rig_closed(r, w->closed);
        rig_advance(r, w->t);
        if (w->cmd)
            rig_cmd(r, w->cmd);
        if (w->bytes)
            rig_bytes(r, w->bytes, strlen(w->bytes));
        snprintf(where, sizeof where, "row %zu ", i);
        rig_expect(r, w->out, file, line, where);
    }
}
