// XInput 2's raw button events, for the integration tests only (the daemon never links libXi):
// a raw event reaches every client that asks for it on the root window, whoever the pointer's
// window belongs to, stamped with the same server time the daemon's ButtonPress carries. So a
// test learns the exact time of its own XTest click on the daemon's card.
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

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
