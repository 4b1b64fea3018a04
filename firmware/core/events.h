/*
 * events.h: the event ring buffer: the last EVENT_RING events with their sequence numbers, so a
 * lost line can be sent again (RESEND), and a cursor of the events not yet sent.
 *
 * Sequence numbers run 1-65535 and then 1 again; 0 means "no event yet". The newest event has
 * number ring->last_seq; the ring holds ring->count events, last_seq - count + 1 .. last_seq
 * (counting in that cycle). When it is full the oldest is overwritten.
 *
 * Events are not written out when they happen: the core sends them from the ring, oldest first,
 * when the output has room (ring->unsent of the newest have not gone out). RESEND moves the
 * cursor back. So a full output delays events but never drops them, until they fall out of the
 * ring, and then the host sees a gap and repairs it with a snapshot.
 */
#ifndef DAMBORD_EVENTS_H
#define DAMBORD_EVENTS_H

#include <stdint.h>

#define EVENT_RING 64

/* What happened; the letters are the protocol's. */
enum event_kind {
    EVENT_LIFT = 0,  /* `L`: a piece left a square */
    EVENT_PLACE = 1, /* `P`: a piece arrived on a square */
    EVENT_DOWN = 2,  /* `D`: a button was pressed */
    EVENT_UP = 3,    /* `U`: a button was released */
};

struct event {
    uint32_t ms;  /* board time when the debounce completed */
    uint8_t code; /* kind << 6 | square or button number (1-63) */
};

struct event_ring {
    struct event ev[EVENT_RING];
    uint16_t last_seq; /* newest sequence number, 0 = none yet */
    uint8_t head;      /* index of the newest event */
    uint8_t count;     /* events held, 0-EVENT_RING */
    uint8_t unsent;    /* the newest `unsent` events still to be sent, 0-count */
};

/* What event_ring_resend found. */
enum resend_status {
    RESEND_OK,   /* the cursor is at the asked number (or the host is up to date) */
    RESEND_GONE, /* the number is not in the ring (too old, or never issued) */
};

/* The number after s: 1-65535, then 1. */
uint16_t event_seq_next(uint16_t s);

/* Empties the ring: the next event is number 1. */
void event_ring_init(struct event_ring *r);

/* Adds an event as not yet sent and returns its number. */
uint16_t event_ring_push(struct event_ring *r, uint32_t ms, enum event_kind kind, uint8_t number);

/* The oldest event not yet sent, or 0 if all went out; *seq gets its number. */
const struct event *event_ring_unsent(const struct event_ring *r, uint16_t *seq);

/* The event `back` steps before the newest (0: the newest); back < count. */
static inline const struct event *event_ring_back(const struct event_ring *r, uint8_t back)
{
    return &r->ev[(uint8_t)(r->head + EVENT_RING - back) % EVENT_RING];
}

/* Marks the event returned by event_ring_unsent as sent. */
void event_ring_sent(struct event_ring *r);

/*
 * RESEND seq (1-65535): the events from seq to the newest go out again. seq one past the
 * newest means the host has everything (RESEND_OK, nothing to send). Any other number not in
 * the ring gives RESEND_GONE.
 */
enum resend_status event_ring_resend(struct event_ring *r, uint16_t seq);

/* The oldest number in the ring, 0 if empty. */
uint16_t event_ring_oldest(const struct event_ring *r);

#endif /* DAMBORD_EVENTS_H */
