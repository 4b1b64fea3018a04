// Two places where avr8js 0.21's USART differs from the datasheet, put right for every simulated
// AVR of dambord (the ATmega328P board and the ATmega2560 running StandardFirmata), and the
// character time both need.

import type { AVRUSART, CPU } from 'avr8js';

/** Register addresses of the USART whose receive flag is kept (UCSRnA, UCSRnB). */
export interface UsartRegisters {
  readonly UCSRA: number;
  readonly UCSRB: number;
}

/** The USART's baud-rate and mode registers, for its character time. */
export interface UsartRateRegisters {
  readonly UBRRL: number;
  readonly UBRRH: number;
  readonly UCSRA: number;
}

/** Cycles one character takes on the USART at its present settings (start, data, parity and stop bits; U2X halves the divider). */
export function usartCyclesPerChar(cpu: CPU, usart: AVRUSART, regs: UsartRateRegisters): number {
  const ubrr = (cpu.data[regs.UBRRH] << 8) | cpu.data[regs.UBRRL];
  const multiplier = cpu.data[regs.UCSRA] & 0x02 ? 8 : 16;
  return (ubrr + 1) * multiplier * (1 + usart.bitsPerChar + usart.stopBits + (usart.parityEnabled ? 1 : 0));
}

/** Both fixes on one USART. */
export function fixUsart(cpu: CPU, usart: AVRUSART, regs: UsartRegisters): void {
  makeUdreLevelTriggered(usart);
  keepRxcOnUcsrbWrite(cpu, usart, regs);
}

/**
 * USART data register empty is a level, not an event (datasheet 20.6.3: "UDRE0 is set while the
 * buffer is empty; the interrupt is executed as long as UDRIE0 is one"; only a write to UDR0
 * clears it). avr8js 0.21 clears the flag when it takes the interrupt, so firmware whose UDRE
 * handler finds nothing to send and turns UDRIE0 off (as uart.c does) never gets the interrupt
 * again when it turns UDRIE0 back on: transmission stops for good after the first idle moment.
 * Marking the interrupt `constant` (as avr8js does for RXC) keeps the flag until UDR is written.
 */
export function makeUdreLevelTriggered(usart: AVRUSART): void {
  const udre = (usart as unknown as { UDRE?: { constant?: boolean } }).UDRE;
  if (!udre) throw new Error('avr8js: AVRUSART has no UDRE interrupt config; check hardware/sim/usartFix.ts against this avr8js version');
  udre.constant = true;
}

type InterruptConfig = Parameters<CPU['setInterruptFlag']>[0];

/**
 * RXC0 is cleared only by reading UDR0, or by turning the receiver off, which flushes it
 * (datasheet 20.7.3 and 20.7.4). avr8js 0.21 also clears it, and drops its pending interrupt,
 * on every write to UCSR0B that leaves the receiver on: a byte that completes while the
 * firmware toggles UDRIE0 (as uart.c's UDRE handler and uart_put do several times a line) is
 * never read, and the next one overwrites it. This puts the flag and its interrupt back.
 */
export function keepRxcOnUcsrbWrite(cpu: CPU, usart: AVRUSART, regs: UsartRegisters): void {
  const rxc = (usart as unknown as { RXC?: InterruptConfig }).RXC;
  if (!rxc) throw new Error('avr8js: AVRUSART has no RXC interrupt config; check hardware/sim/usartFix.ts against this avr8js version');
  const { UCSRA, UCSRB } = regs;
  const RXC = 0x80;
  const RXEN = 0x10;
  const orig = cpu.writeHooks[UCSRB];
  cpu.writeHooks[UCSRB] = (value, old, addr, mask) => {
    const received = (cpu.data[UCSRA] & RXC) !== 0;
    const r = orig(value, old, addr, mask);
    if (received && value & RXEN && old & RXEN) cpu.setInterruptFlag(rxc);
    return r;
  };
}

