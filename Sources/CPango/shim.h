// The door from Swift to Pango, which shapes, breaks and draws the cards' text through Xft.
#ifndef XTOAST_CPANGO_SHIM_H
#define XTOAST_CPANGO_SHIM_H

#include <pango/pangoxft.h>

/// g_object_unref takes a gpointer; this keeps call sites free of pointer casts.
static inline void xt_pango_unref(void *object) { if (object) g_object_unref(object); }

#endif
