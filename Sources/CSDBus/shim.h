// The door from Swift to sd-bus (libsystemd). Only the `SDBus` target imports it.
#ifndef XTOAST_CSDBUS_SHIM_H
#define XTOAST_CSDBUS_SHIM_H

#include <string.h>
#include <systemd/sd-bus.h>

// The `SD_BUS_VTABLE` macros do not import into Swift (and join parameter names as string
// literals), so a vtable's entries are made here one at a time, from strings and handlers
// that `SDBus.BusInterface` keeps alive as long as the table is exported. Every method and
// property of every interface goes through the same few Swift handlers, so a new interface
// is a description in Swift and needs nothing here.

/// `SD_BUS_VTABLE_START(0)`.
static inline sd_bus_vtable xt_vtable_start(void) {
    sd_bus_vtable entry = SD_BUS_VTABLE_START(0);
    return entry;
}

/// `SD_BUS_VTABLE_END`.
static inline sd_bus_vtable xt_vtable_end(void) {
    sd_bus_vtable entry = SD_BUS_VTABLE_END;
    return entry;
}

/// `SD_BUS_METHOD_WITH_NAMES(member, signature, …, result, …, handler, SD_BUS_VTABLE_UNPRIVILEGED)`;
/// `names` are the parameters' and then the results' names, each ended by a NUL, the list by another.
static inline sd_bus_vtable xt_vtable_method(const char *member, const char *signature, const char *result,
                                             const char *names, sd_bus_message_handler_t handler) {
    sd_bus_vtable entry;
    memset(&entry, 0, sizeof entry);
    entry.type = _SD_BUS_VTABLE_METHOD;
    entry.flags = SD_BUS_VTABLE_UNPRIVILEGED;
    entry.x.method.member = member;
    entry.x.method.signature = signature;
    entry.x.method.result = result;
    entry.x.method.handler = handler;
    entry.x.method.names = names;
    return entry;
}

/// `SD_BUS_PROPERTY` (`set` NULL) or `SD_BUS_WRITABLE_PROPERTY`, with `flags` such as
/// `SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE`.
static inline sd_bus_vtable xt_vtable_property(const char *member, const char *signature, sd_bus_property_get_t get,
                                               sd_bus_property_set_t set, uint64_t flags) {
    sd_bus_vtable entry;
    memset(&entry, 0, sizeof entry);
    entry.type = set ? _SD_BUS_VTABLE_WRITABLE_PROPERTY : _SD_BUS_VTABLE_PROPERTY;
    entry.flags = flags;
    entry.x.property.member = member;
    entry.x.property.signature = signature;
    entry.x.property.get = get;
    entry.x.property.set = set;
    return entry;
}

/// `SD_BUS_SIGNAL_WITH_NAMES(member, signature, names, 0)`.
static inline sd_bus_vtable xt_vtable_signal(const char *member, const char *signature, const char *names) {
    sd_bus_vtable entry;
    memset(&entry, 0, sizeof entry);
    entry.type = _SD_BUS_VTABLE_SIGNAL;
    entry.x.signal.member = member;
    entry.x.signal.signature = signature;
    entry.x.signal.names = names;
    return entry;
}

#endif
