/*
 * rom.h: constant text kept in flash on the AVR, in ordinary memory on the host.
 *
 * String literals on the AVR are copied into RAM at start; the core's texts (HELLO, error
 * details, command words) would take a quarter of the RAM budget. Text the core declares
 * `static const char NAME[] ROM = "..."` stays in flash and is read one byte at a time with
 * rom_byte(). The core includes no AVR header: the attribute is the compiler's and the read is
 * one LPM instruction (AVR instruction set manual, LPM Rd, Z).
 */
#ifndef DAMBORD_ROM_H
#define DAMBORD_ROM_H

#include <stdint.h>

#if defined(__AVR__)
#define ROM __attribute__((__progmem__))
static inline uint8_t rom_byte(const char *p)
{
    uint8_t b;
    __asm__("lpm %0, Z" : "=r"(b) : "z"(p));
    return b;
}
#else
#define ROM
static inline uint8_t rom_byte(const char *p)
{
    return (uint8_t)*p;
}
#endif

/* A pointer declared ROM (a table of ROM texts): 16 bits on the AVR, read byte by byte. */
#if defined(__AVR__)
static inline const char *rom_ptr(const char *const *p)
{
    const char *b = (const char *)p;
    return (const char *)(uintptr_t)((uint16_t)rom_byte(b) | (uint16_t)rom_byte(b + 1) << 8);
}
#else
static inline const char *rom_ptr(const char *const *p)
{
    return *p;
}
#endif

/* A 32-bit number declared ROM (both targets are little-endian). */
static inline uint32_t rom_u32(const uint32_t *p)
{
    const char *b = (const char *)p;
    return (uint32_t)rom_byte(b) | (uint32_t)rom_byte(b + 1) << 8 | (uint32_t)rom_byte(b + 2) << 16 |
           (uint32_t)rom_byte(b + 3) << 24;
}

#endif /* DAMBORD_ROM_H */
