/*
 * uart.c: USART0 at 115200 baud, 8N1, with interrupt-driven receive and transmit rings.
 *
 * ATmega328P datasheet (Atmel-8271), section 20 "USART0": 20.3.1 and Table 20-1 (baud =
 * F_CPU / (8 (UBRR0 + 1)) in double speed mode, U2X0 = 1), Table 20-6 (16 MHz, U2X0 = 1,
 * 115.2 kbaud: UBRR0 = 16, error 2.1%), 20.6.3 the data register empty interrupt (UDRIE0)
 * feeding the transmitter, 20.7.3 the receive complete interrupt (RXCIE0).
 */
#include "uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>

#include "pins.h"

#if F_CPU != 16000000UL || PINS_UART_BAUD != 115200UL
#error "uart.c: UBRR0 = 16 with U2X0 is 115200 baud at 16 MHz"
#endif

static volatile uint8_t rx_buf[UART_RX_SIZE], tx_buf[UART_TX_SIZE];
static volatile uint8_t rx_head, rx_tail, tx_head, tx_tail;

ISR(USART_RX_vect)
{
    uint8_t byte = UDR0;
    uint8_t next = (uint8_t)((rx_head + 1) & (UART_RX_SIZE - 1));
    if (next != rx_tail) {
        rx_buf[rx_head] = byte;
        rx_head = next;
    }
}

ISR(USART_UDRE_vect)
{
    if (tx_tail == tx_head) {
        UCSR0B &= (uint8_t)~_BV(UDRIE0);
        return;
    }
    UDR0 = tx_buf[tx_tail];
    tx_tail = (uint8_t)((tx_tail + 1) & (UART_TX_SIZE - 1));
}

void uart_init(void)
{
    UBRR0 = 16;
    UCSR0A = _BV(U2X0);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00); /* 8 data bits, no parity, 1 stop bit */
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

void uart_put(uint8_t byte)
{
    uint8_t next = (uint8_t)((tx_head + 1) & (UART_TX_SIZE - 1));
    if (next == tx_tail)
        return; /* full: never wait (the core checks uart_room for the whole line first) */
    tx_buf[tx_head] = byte;
    tx_head = next;
    UCSR0B |= _BV(UDRIE0);
}

uint16_t uart_room(void)
{
    return (uint8_t)((tx_tail - tx_head - 1) & (UART_TX_SIZE - 1));
}

int16_t uart_get(void)
{
    if (rx_tail == rx_head)
        return -1;
    uint8_t byte = rx_buf[rx_tail];
    rx_tail = (uint8_t)((rx_tail + 1) & (UART_RX_SIZE - 1));
    return byte;
}

uint8_t uart_pending(void)
{
    return rx_tail != rx_head;
}
