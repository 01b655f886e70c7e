// The one door from Swift to the C libraries xtoast draws with.
// Macros and varargs that Swift cannot import get small static inline wrappers here.
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
#include <X11/Xft/Xft.h>
#include <fontconfig/fontconfig.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>

static inline unsigned long xt_get_pixel(XImage *image, int x, int y) {
    return XGetPixel(image, x, y);
}

static inline void xt_destroy_image(XImage *image) {
    XDestroyImage(image);
}

/// Xlib's default error handler exits the process; a daemon must survive a stray BadWindow.
/// The last error code is kept so callers that care can look.
static int xt_last_error_code = 0;
static inline int xt_error_handler(Display *d, XErrorEvent *e) {
    (void)d;
    xt_last_error_code = e->error_code;
    return 0;
}
static inline void xt_install_error_handler(void) { XSetErrorHandler(xt_error_handler); }
static inline int xt_take_last_error(void) { int c = xt_last_error_code; xt_last_error_code = 0; return c; }

/// XftFont's ascent/descent/height as plain getters (fields import fine, this keeps call sites short).
static inline int xt_font_ascent(XftFont *f) { return f->ascent; }
static inline int xt_font_descent(XftFont *f) { return f->descent; }

/// FcPatternBuild and XftFontOpen are varargs; open by pattern instead.
static inline XftFont *xt_font_open(Display *d, int screen, const char *family, double pixel_size, int weight, int slant) {
    FcPattern *p = FcPatternCreate();
    FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddDouble(p, FC_PIXEL_SIZE, pixel_size);
    FcPatternAddInteger(p, FC_WEIGHT, weight);
    FcPatternAddInteger(p, FC_SLANT, slant);
    FcResult r;
    FcPattern *m = XftFontMatch(d, screen, p, &r);
    FcPatternDestroy(p);
    if (!m) return NULL;
    return XftFontOpenPattern(d, m); // takes ownership of m on success
}

/// signalfd wants a sigset built with macros on some libcs; these are plain functions on glibc,
/// but keeping the sequence here keeps Swift free of sigset_t plumbing.
static inline int xt_signalfd_for_term_hup(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

#endif
