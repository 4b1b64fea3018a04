/*
 * cycles.c: measures the cost of the firmware's per-millisecond work in CPU cycles, on the
 * ATmega328P itself or in simavr (`make -C firmware cycles`).
 *
 * Timer/Counter1 counts every clock (ATmega328P datasheet section 16, clk/1); each measured
 * call sits between two reads of TCNT1 (the reads' own cost, 4 cycles, is subtracted). The
 * results go out on USART0 by polling, one `name cycles` line each; then the CPU sleeps with
 * interrupts off, which ends a simavr run.
 *
 * The output is discarded but counted, and the transmit buffer is taken as empty (128 bytes
 * of room) at each tick, so a tick sends what the real buffer could take.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <string.h>

#include "core.h"
#include "max7219.h"
#include "shiftin.h"

static struct board_core core;
static uint16_t tx_free;
static uint16_t bytes_out;

static void put(void *ctx, uint8_t b)
{
    (void)ctx;
    (void)b;
    if (tx_free)
        tx_free--;
    bytes_out++;
}

static uint16_t room(void *ctx)
{
    (void)ctx;
    return tx_free;
}

static void print_char(char c)
{
    while (!(UCSR0A & _BV(UDRE0))) {
    }
    UDR0 = (uint8_t)c;
}

static void print_str(const char *s)
{
    while (*s)
        print_char(*s++);
}

static void print_u32(uint32_t v)
{
    char buf[11];
    uint8_t n = 0;
    do {
        buf[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        print_char(buf[--n]);
}

static void report(const char *name, uint16_t cycles)
{
    print_str(name);
    print_char(' ');
    print_u32(cycles);
    print_char('\n');
}

#define MEASURE(name, call)                                   \
    do {                                                      \
        uint16_t t0_ = TCNT1;                                 \
        call;                                                 \
        uint16_t t1_ = TCNT1;                                 \
        report(name, (uint16_t)(t1_ - t0_ - 4));              \
    } while (0)

int main(void)
{
    struct core_io io;
    uint8_t raw[BOARD_INPUT_BYTES], closed[BOARD_INPUT_BYTES], open[BOARD_INPUT_BYTES];
    uint8_t digits[BOARD_LED_DIGITS];
    uint32_t now = 0;

    UBRR0 = 16;
    UCSR0A = _BV(U2X0);
    UCSR0B = _BV(TXEN0);
    TCCR1A = 0;
    TCCR1B = _BV(CS10);
    shiftin_init();
    max7219_init();
    io.put = put;
    io.room = room;
    io.tone = 0;
    io.ctx = 0;
    core_init(&core, &io, 1);

    memset(open, 0, sizeof open);
    memset(closed, 0xFF, sizeof closed);
    tx_free = 1000;
    core_tick(&core, now++, open); /* HELLO and SNAP */

    print_str("board " BOARD_NAME "\n");
    MEASURE("shiftin_read", shiftin_read(raw));
    tx_free = 128;
    MEASURE("core_tick_quiet", core_tick(&core, now++, open));
    /* every input differs from its debounced state: every counter counts */
    tx_free = 128;
    MEASURE("core_tick_all_counting", core_tick(&core, now++, closed));
    for (uint8_t i = 0; i < CORE_MAKE_MS - 2; i++)
        core_tick(&core, now++, closed);
    /* the make time is reached: every input flips, all become events, the lines that fit go */
    tx_free = 128;
    bytes_out = 0;
    MEASURE("core_tick_all_flip", core_tick(&core, now++, closed));
    report("bytes_sent_in_that_tick", bytes_out);
    tx_free = 128;
    bytes_out = 0;
    MEASURE("core_tick_send_backlog", core_tick(&core, now++, closed));
    report("bytes_sent_in_that_tick", bytes_out);
    core.ring.unsent = 0; /* drop the backlog */
    tx_free = 128;
    MEASURE("core_tick_quiet_again", core_tick(&core, now++, closed));
    MEASURE("scan_plus_tick_quiet", (shiftin_read(raw), core_tick(&core, now++, closed)));
    {
        /* one piece lifted: the tick that reports it writes one EV line (with its inputs) */
        uint8_t lifted[BOARD_INPUT_BYTES];
        memcpy(lifted, closed, sizeof lifted);
        lifted[0] &= (uint8_t)~1;
        for (uint8_t i = 0; i < CORE_BREAK_MS - 1; i++)
            core_tick(&core, now++, lifted);
        tx_free = 128;
        bytes_out = 0;
        MEASURE("core_tick_one_event", core_tick(&core, now++, lifted));
        report("bytes_sent_in_that_tick", bytes_out);
    }
    {
        static const char led[] = "LED 11111SSSSSFFFFFAAAAA00000111110000000000000000000000000";
        char line[82];
        uint8_t n = 0;
        /* a full pattern for this board, framed */
        memcpy(line, led, 4 + BOARD_SQUARES);
        n = (uint8_t)(4 + BOARD_SQUARES);
        uint16_t crc = crc16((const uint8_t *)line, n);
        line[n++] = '*';
        for (int8_t shift = 12; shift >= 0; shift -= 4)
            line[n++] = "0123456789ABCDEF"[(crc >> shift) & 15];
        line[n++] = '\n';
        /* the bytes arrive over 5 ms; the LED latency runs from the last one, the \n */
        uint16_t t0 = TCNT1;
        for (uint8_t i = 0; i < n - 1; i++)
            core_rx_byte(&core, (uint8_t)line[i]);
        uint16_t t1 = TCNT1;
        report("led_command_bytes_before_newline", (uint16_t)(t1 - t0 - 4));
        MEASURE("led_command_newline_check_parse_answer", core_rx_byte(&core, '\n'));
    }
    MEASURE("core_led_frame", core_led_frame(&core, digits));
    MEASURE("max7219_show_all_digits_changed", max7219_show(digits));
    MEASURE("max7219_show_unchanged", max7219_show(digits));
    print_str("done\n");
    while (!(UCSR0A & _BV(TXC0))) {
    }
    cli();
    sleep_mode();
    for (;;) {
    }
}
