// The door from Swift to libcanberra, which plays event sounds (the freedesktop sound theme,
// or a file) through the desktop's sound server.
#ifndef XTOAST_CCANBERRA_SHIM_H
#define XTOAST_CCANBERRA_SHIM_H

#include <canberra.h>

#endif
