// The one door from Swift to the C libraries xtoast draws with.
// Macros and varargs that Swift cannot import get small static inline wrappers here.
// System calls outside X (signalfd, timerfd) go through CSystem instead.
#ifndef XTOAST_CX11_SHIM_H
#define XTOAST_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/extensions/shape.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/scrnsaver.h>
#include <X11/extensions/sync.h>
#include <X11/Xft/Xft.h>
#include <fontconfig/fontconfig.h>
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

static inline unsigned long xt_get_pixel(XImage *image, int x, int y) {
    return XGetPixel(image, x, y);
}

static inline void xt_destroy_image(XImage *image) {
    XDestroyImage(image);
}

/// The state (ScreenSaverOn, Off or Cycle) of a ScreenSaverNotify event, which XEvent's
/// union has no member for.
static inline int xt_screensaver_notify_state(XEvent *event) {
    return ((XScreenSaverNotifyEvent *)event)->state;
}

/// One X error as the daemon keeps it (XErrorLog.swift holds the log: its storage must
/// exist once, so it lives in Swift, not in this header).
#define XT_ERROR_LOG_SIZE 8
typedef struct {
    unsigned char error_code;
    unsigned char request_code;
    unsigned char minor_code;
    unsigned long resource_id;
} xt_error_record;

/// When the connection to the X server breaks, Xlib calls its I/O error handler and then
/// exits the process. The callback runs first, so the daemon can tell its clients and remove
/// its socket; it should end the process itself.
typedef void (*xt_connection_lost_callback)(void);
static xt_connection_lost_callback xt_connection_lost = 0;
static inline int xt_io_error_handler(Display *d) {
    (void)d;
    if (xt_connection_lost) xt_connection_lost();
    return 0;
}
static inline void xt_install_io_error_handler(xt_connection_lost_callback callback) {
    xt_connection_lost = callback;
    XSetIOErrorHandler(xt_io_error_handler);
}

/// Whether fontconfig finds any font at all, asked in a child process: loading fontconfig's
/// configuration dirties about 200 KiB (much of it stack, under its XML parser) that the
/// daemon would keep all session, and the daemon loads its fonts only at its first toast.
/// Call before any thread starts. Returns 1 when there are fonts, 0 when there are none,
/// and 1 when the child could not be made (the first toast will tell).
static inline int xt_fontconfig_has_fonts(void) {
    pid_t child = fork();
    if (child < 0) return 1;
    if (child == 0) {
        FcConfig *config = FcInitLoadConfigAndFonts();
        FcFontSet *fonts = config ? FcConfigGetFonts(config, FcSetSystem) : NULL;
        _exit(fonts && fonts->nfont > 0 ? 0 : 1);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) return 1;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 1 ? 0 : 1;
}

#endif
