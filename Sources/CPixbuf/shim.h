// The door from Swift to gdk-pixbuf, which decodes icons (PNG, JPEG, SVG, XPM, ICO, ...).
#ifndef XTOAST_CPIXBUF_SHIM_H
#define XTOAST_CPIXBUF_SHIM_H

#include <gdk-pixbuf/gdk-pixbuf.h>

/// What the loader's "size-prepared" handler is told and what it found. GObject signals take
/// a C callback, so the handler lives here rather than in Swift.
typedef struct {
    int box;        // fit the image into box x box pixels, keeping its aspect ratio
    int max_side;   // refuse images whose header says a side is larger than this
    int width;      // the size the header announced (0 until known)
    int height;
    int refused;    // set when the header's size is refused; decoding then stops
} xt_size_request;

/// Refusing sets the size to 0x0, which makes gdk-pixbuf's loaders stop before allocating
/// the image (the same way `gdk_pixbuf_get_file_info` stops after the header).
static void xt_on_size_prepared(GdkPixbufLoader *loader, gint width, gint height, gpointer data) {
    xt_size_request *request = (xt_size_request *)data;
    request->width = width;
    request->height = height;
    if (width <= 0 || height <= 0 || width > request->max_side || height > request->max_side) {
        request->refused = 1;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
        return;
    }
    int box = request->box;
    if (box <= 0) return;
    double s = width >= height ? (double)box / width : (double)box / height;
    int w = (int)(width * s + 0.5), h = (int)(height * s + 0.5);
    gdk_pixbuf_loader_set_size(loader, w < 1 ? 1 : w, h < 1 ? 1 : h);
}

/// g_signal_connect is a macro; this is the call it stands for.
static inline void xt_loader_watch_size(GdkPixbufLoader *loader, xt_size_request *request) {
    g_signal_connect_data(loader, "size-prepared", G_CALLBACK(xt_on_size_prepared), request, NULL, 0);
}

static inline void xt_pixbuf_unref(void *object) { if (object) g_object_unref(object); }

#endif
