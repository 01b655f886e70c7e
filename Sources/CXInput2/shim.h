// XInput 2, for two things:
// - The daemon takes its cards' pointer crossings (enter, leave) as XInput 2 events. No client
//   can forge one (`XSendEvent` refuses generic events), and a card then asks for no core
//   crossing, so crossings another program forges with a mask reach no one: the server does
//   not write them and the daemon does not read them.
// - The integration tests read raw button events: a raw event reaches every client that
//   asks for it on the root window, whoever the pointer's window belongs to, stamped with the
//   same server time the daemon's ButtonPress carries. So a test learns the exact time of its
//   own XTest click on the daemon's card.
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

/// The XInput extension's opcode when the server speaks XInput 2; -1 without it (the daemon
/// then takes core crossings).
static inline int xt_xi2_opcode(Display *display) {
    int opcode = 0, event = 0, error = 0;
    if (!XQueryExtension(display, "XInputExtension", &opcode, &event, &error)) return -1;
    int major = 2, minor = 0;
    if (XIQueryVersion(display, &major, &minor) != Success || major < 2) return -1;
    return opcode;
}

/// Asks for the master pointer's enter and leave events on `window`.
static inline void xt_select_crossings(Display *display, Window window) {
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(bits, XI_Enter);
    XISetMask(bits, XI_Leave);
    XIEventMask mask = { XIAllMasterDevices, sizeof(bits), bits };
    XISelectEvents(display, window, &mask, 1);
}

/// Reads an XInput 2 crossing out of `event` (just taken by `XNextEvent`): 1 for an enter,
/// 2 for a leave, with its window and mode (`XINotifyNormal`, a grab's); 0 for any other event.
static inline int xt_take_crossing(Display *display, XEvent *event, int opcode, Window *window, int *mode) {
    XGenericEventCookie *cookie = &event->xcookie;
    if (cookie->type != GenericEvent || cookie->extension != opcode || !XGetEventData(display, cookie)) return 0;
    int kind = 0;
    if (cookie->evtype == XI_Enter || cookie->evtype == XI_Leave) {
        const XIEnterEvent *crossing = cookie->data;
        *window = crossing->event;
        *mode = crossing->mode;
        kind = cookie->evtype == XI_Enter ? 1 : 2;
    }
    XFreeEventData(display, cookie);
    return kind;
}

/// Asks for raw button presses and releases on `display`'s root window; the XInput
/// extension's opcode, or -1 without XInput 2.
static inline int xt_select_raw_buttons(Display *display) {
    int opcode = 0, event = 0, error = 0;
    if (!XQueryExtension(display, "XInputExtension", &opcode, &event, &error)) return -1;
    // 2.1 at least: from it on raw events come during another client's grab too (the implicit
    // one a press on the daemon's card starts), where 2.0 gave them to the grabbing client only.
    int major = 2, minor = 2;
    if (XIQueryVersion(display, &major, &minor) != Success || (major == 2 && minor < 1)) return -1;
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(bits, XI_RawButtonPress);
    XISetMask(bits, XI_RawButtonRelease);
    XIEventMask mask = { XIAllDevices, sizeof(bits), bits };
    XISelectEvents(display, DefaultRootWindow(display), &mask, 1);
    XSync(display, False);
    return opcode;
}

/// The server time of the next raw button press (`release` 0) or release (1) already received,
/// reading past any other event; 0 when none has come.
static inline unsigned long xt_next_raw_button_time(Display *display, int opcode, int release) {
    int wanted = release ? XI_RawButtonRelease : XI_RawButtonPress;
    XEvent event;
    while (XPending(display)) {
        XNextEvent(display, &event);
        XGenericEventCookie *cookie = &event.xcookie;
        if (cookie->type != GenericEvent || cookie->extension != opcode || !XGetEventData(display, cookie)) continue;
        unsigned long time = cookie->evtype == wanted ? ((XIRawEvent *)cookie->data)->time : 0;
        XFreeEventData(display, cookie);
        if (time) return time;
    }
    return 0;
}
