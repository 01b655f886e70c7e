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
#include <locale.h>
#include <langinfo.h>
#include <string.h>

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

// MARK: The input method (XIM). Its values are set through varargs lists, which Swift cannot
// call; these wrappers set exactly the values InputMethod.swift uses.

/// Makes the process's character type the environment's (LANG, LC_ALL, LC_CTYPE), as XIM
/// needs, and a UTF-8 one when that is not UTF-8 (C.UTF-8; then the previous one if that is
/// missing too). Returns 1 when the result is UTF-8 and Xlib supports it.
static inline int xt_use_utf8_ctype(void) {
    if (!setlocale(LC_CTYPE, "")) setlocale(LC_CTYPE, "C");
    const char *codeset = nl_langinfo(CODESET);
    if (!codeset || strcmp(codeset, "UTF-8") != 0) {
        if (!setlocale(LC_CTYPE, "C.UTF-8")) return 0;
    }
    return XSupportsLocale() ? 1 : 0;
}

/// Whether the input method offers `style` among its XNQueryInputStyle answers.
static inline int xt_im_offers_style(XIM im, XIMStyle style) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, NULL) != NULL || !styles) return 0;
    int found = 0;
    for (unsigned short i = 0; i < styles->count_styles; i++) {
        if (styles->supported_styles[i] == style) found = 1;
    }
    XFree(styles);
    return found;
}

/// Sets the input method's destroy callback (XNDestroyCallback); 1 when it was taken.
static inline int xt_im_set_destroy_callback(XIM im, XIMProc proc, XPointer client_data) {
    XIMCallback callback = { client_data, proc };
    return XSetIMValues(im, XNDestroyCallback, &callback, NULL) == NULL ? 1 : 0;
}

/// An input context of `style` for `client` (focus on `client` too, until changed). For
/// over-the-spot (XIMPreeditPosition) the spot and `fontset` are given at creation, as the
/// style requires; NULL when the input method refuses.
static inline XIC xt_create_ic(XIM im, XIMStyle style, Window client, short spot_x, short spot_y, XFontSet fontset) {
    if ((style & XIMPreeditPosition) && fontset) {
        XPoint spot = { spot_x, spot_y };
        XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, XNFontSet, fontset, NULL);
        if (!preedit) return NULL;
        XIC ic = XCreateIC(im, XNInputStyle, style, XNClientWindow, client, XNFocusWindow, client,
                           XNPreeditAttributes, preedit, NULL);
        XFree(preedit);
        return ic;
    }
    return XCreateIC(im, XNInputStyle, style, XNClientWindow, client, XNFocusWindow, client, NULL);
}

/// Moves the preedit's spot (over-the-spot), in the focus window's coordinates.
static inline void xt_ic_set_spot(XIC ic, short x, short y) {
    XPoint spot = { x, y };
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    if (!preedit) return;
    XSetICValues(ic, XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
}

/// The window whose keys the context takes (XNFocusWindow).
static inline void xt_ic_set_focus_window(XIC ic, Window window) {
    XSetICValues(ic, XNFocusWindow, window, NULL);
}

/// The events the input method wants on the focus window besides KeyPress (XNFilterEvents).
static inline long xt_ic_filter_events(XIC ic) {
    long mask = 0;
    if (XGetICValues(ic, XNFilterEvents, &mask, NULL) != NULL) return 0;
    return mask;
}

/// A font set for the input method's preedit (over-the-spot draws it itself with this), or
/// NULL. Missing charsets are no error: the input method draws what it can.
static inline XFontSet xt_create_preedit_fontset(Display *display) {
    char **missing = NULL, *fallback = NULL;
    int count = 0;
    XFontSet set = XCreateFontSet(display, "-*-*-medium-r-normal--*-*-*-*-*-*-*-*,*", &missing, &count, &fallback);
    if (missing) XFreeStringList(missing);
    return set;
}

#endif
