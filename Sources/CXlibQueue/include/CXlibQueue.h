#ifndef CXLIBQUEUE_H
#define CXLIBQUEUE_H
#include <stddef.h>

/// Frees the event nodes Xlib keeps for reuse (`Display.qfree`), which it otherwise keeps
/// until the display closes: an event queue that once held a flood's backlog (a round trip
/// or `XPending` reads every event the server holds for the client) kept its peak in memory
/// for the daemon's whole life. Call only while the queue is empty; `display` is a `Display *`.
/// Returns how many nodes were freed.
size_t xt_release_event_nodes(void *display);

#endif
