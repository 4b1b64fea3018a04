/*
 * main.c: the dambord firmware on the ATmega328P: the thin platform around the core.
 *
 * Every millisecond (Timer0, clock.c) the chain of 74HC165 is read (shiftin.c) and handed to
 * core_tick; every received byte (uart.c) goes to core_rx_byte; after either, the LED frame is
 * sent to the MAX7219 (max7219.c), which writes only the digits that changed; the core's tones
 * go to Timer1 (piezo.c). Between ticks the CPU sleeps in Idle mode (ATmega328P datasheet
 * section 10 "Power Management and Sleep Modes", 10.2 Idle Mode), woken by the tick or a byte.
 * The status LED blinks at about 1 Hz while the loop runs.
 *
 * Nothing in the loop waits for the serial output: the core writes a line only when the
 * transmit buffer has room for all of it and keeps the rest (events, queued answers) for a
 * later tick, so scans, debouncing and received commands go on while the link is busy.
 *
 * Build with -DBOARD_10X10 or -DBOARD_8X8 (firmware/Makefile).
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "bootcount.h"
#include "clock.h"
#include "core.h"
#include "max7219.h"
#include "pins.h"
#include "piezo.h"
#include "shiftin.h"
#include "uart.h"

static struct board_core core;

_Static_assert(UART_TX_SIZE - 1 >= CORE_LINE_HELLO, "the transmit buffer must hold a whole HELLO");

static void put(void *ctx, uint8_t byte)
{
    (void)ctx;
    uart_put(byte);
}

static uint16_t room(void *ctx)
{
    (void)ctx;
    return uart_room();
}

static void tone(void *ctx, uint16_t hz)
{
    (void)ctx;
    piezo_tone(hz);
}

int main(void)
{
    struct core_io io; /* filled field by field: a constant initialiser would sit in RAM */
    uint8_t raw[BOARD_INPUT_BYTES], digits[BOARD_LED_DIGITS];

    PINS_STATUS_LED_DDR |= _BV(PINS_STATUS_LED_BIT);
    clock_init();
    shiftin_init();
    max7219_init();
    uart_init();
    piezo_init();
    io.put = put;
    io.room = room;
    io.tone = tone;
    io.ctx = 0;
    core_init(&core, &io, bootcount_next());
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();

    uint32_t last = clock_ms();
    for (;;) {
        uint32_t now = clock_ms();
        uint8_t show = 0;
        if (now != last) {
            last = now;
            shiftin_read(raw);
            core_tick(&core, now, raw);
            show = 1;
            if (now & 512)
                PINS_STATUS_LED_PORT |= _BV(PINS_STATUS_LED_BIT);
            else
                PINS_STATUS_LED_PORT &= (uint8_t)~_BV(PINS_STATUS_LED_BIT);
        }
        int16_t byte;
        while ((byte = uart_get()) >= 0) {
            core_rx_byte(&core, (uint8_t)byte);
            show = 1;
        }
        if (show) {
            core_led_frame(&core, digits);
            max7219_show(digits);
        }
        /* Sleep unless a tick or a byte came meanwhile; sei's next instruction runs before
         * any interrupt, so none can slip in between the check and the sleep. */
        cli();
        if (clock_ms() == last && !uart_pending()) {
            sleep_enable();
            sei();
            sleep_cpu();
            sleep_disable();
        }
        sei();
    }
}
