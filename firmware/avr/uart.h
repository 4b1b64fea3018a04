/* uart.h: the USB serial link, interrupt-driven ring buffers both ways (see uart.c). */
#ifndef DAMBORD_UART_H
#define DAMBORD_UART_H

#include <stdint.h>

#define UART_RX_SIZE 64  /* power of two */
#define UART_TX_SIZE 128 /* power of two */

/* 115200 baud 8N1, receive and transmit interrupts. */
void uart_init(void);

/* Queues a byte to send. Never waits: a byte that finds the transmit buffer full is dropped,
 * so a caller checks uart_room first (the core writes a line only when all of it fits). */
void uart_put(uint8_t byte);

/* Bytes uart_put can take without waiting. */
uint16_t uart_room(void);

/* The next received byte, or -1 if none. Bytes that arrive into a full buffer are dropped
 * (the line's CRC then fails and the host repairs). */
int16_t uart_get(void);

/* Whether a received byte waits. */
uint8_t uart_pending(void);

#endif /* DAMBORD_UART_H */
