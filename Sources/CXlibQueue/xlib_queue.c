// Xlib's private display structure is needed for its free list of queue nodes; it is kept
// out of the Swift-facing header, where a complete `struct _XDisplay` would change how
// every `Display *` imports.
#include <X11/Xlibint.h>
#include "CXlibQueue.h"

size_t xt_release_event_nodes(void *display) {
    Display *dpy = display;
    size_t freed = 0;
    LockDisplay(dpy);
    struct _XSQEvent *node = dpy->qfree;
    dpy->qfree = NULL;
    while (node) {
        struct _XSQEvent *next = node->next;
        Xfree(node);
        node = next;
        freed++;
    }
    UnlockDisplay(dpy);
    return freed;
}
