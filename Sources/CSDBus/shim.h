// The door from Swift to sd-bus (libsystemd), for the freedesktop notification server.
#ifndef XTOAST_CSDBUS_SHIM_H
#define XTOAST_CSDBUS_SHIM_H

#include <systemd/sd-bus.h>

/// Where the vtable's methods go: one Swift function and the object it belongs to. The
/// `SD_BUS_VTABLE` macros do not import into Swift, so the table is built here and every
/// method of it calls this one handler, which dispatches on the member name.
typedef int (*xt_bus_handler)(sd_bus_message *message, void *context, sd_bus_error *error);

/// Appends a property's value to `reply`; `name` is the property's.
typedef int (*xt_bus_property_reader)(const char *name, sd_bus_message *reply, void *context);

/// Sets a writable property from `value` (a message positioned at the value); `name` is the property's.
typedef int (*xt_bus_property_writer)(const char *name, sd_bus_message *value, void *context, sd_bus_error *error);

typedef struct {
    xt_bus_handler handler;
    xt_bus_property_reader property;
    xt_bus_property_writer set_property;
    void *context;
} xt_bus_target;

static int xt_bus_dispatch(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    const xt_bus_target *target = (const xt_bus_target *)userdata;
    return target->handler(message, target->context, error);
}

static int xt_bus_get_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                               sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)error;
    const xt_bus_target *target = (const xt_bus_target *)userdata;
    return target->property(property, reply, target->context);
}

static int xt_bus_set_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                               sd_bus_message *value, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface;
    const xt_bus_target *target = (const xt_bus_target *)userdata;
    return target->set_property(property, value, target->context, error);
}

/// org.freedesktop.Notifications, specification 1.2. sd-bus checks each call's signature
/// against this table (a wrong one gets `org.freedesktop.DBus.Error.InvalidArgs` before
/// Swift sees it) and answers `Introspect` from it. `userdata` must be an `xt_bus_target`.
static inline const sd_bus_vtable *xt_notifications_vtable(void) {
    static const sd_bus_vtable table[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_METHOD_WITH_NAMES("Notify", "susssasa{sv}i",
                                 SD_BUS_PARAM(app_name) SD_BUS_PARAM(replaces_id) SD_BUS_PARAM(app_icon)
                                 SD_BUS_PARAM(summary) SD_BUS_PARAM(body) SD_BUS_PARAM(actions)
                                 SD_BUS_PARAM(hints) SD_BUS_PARAM(expire_timeout),
                                 "u", SD_BUS_PARAM(id), xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("CloseNotification", "u", SD_BUS_PARAM(id), "", , xt_bus_dispatch,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("GetCapabilities", "", , "as", SD_BUS_PARAM(capabilities), xt_bus_dispatch,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("GetServerInformation", "", , "ssss",
                                 SD_BUS_PARAM(name) SD_BUS_PARAM(vendor) SD_BUS_PARAM(version) SD_BUS_PARAM(spec_version),
                                 xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        // KDE Plasma's inhibitions, beside the specification: applications ask for quiet
        // (xdg-desktop-portal-kde while a screen is shared) and read whether it is quiet.
        SD_BUS_METHOD_WITH_NAMES("Inhibit", "ssa{sv}",
                                 SD_BUS_PARAM(desktop_entry) SD_BUS_PARAM(reason) SD_BUS_PARAM(hints),
                                 "u", SD_BUS_PARAM(cookie), xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("UnInhibit", "u", SD_BUS_PARAM(cookie), "", , xt_bus_dispatch,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_PROPERTY("Inhibited", "b", xt_bus_get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
        SD_BUS_SIGNAL_WITH_NAMES("NotificationClosed", "uu", SD_BUS_PARAM(id) SD_BUS_PARAM(reason), 0),
        SD_BUS_SIGNAL_WITH_NAMES("ActionInvoked", "us", SD_BUS_PARAM(id) SD_BUS_PARAM(action_key), 0),
        SD_BUS_SIGNAL_WITH_NAMES("ActivationToken", "us", SD_BUS_PARAM(id) SD_BUS_PARAM(activation_token), 0),
        SD_BUS_VTABLE_END
    };
    return table;
}

/// xtoast's own interface beside the specification's, on the same object:
/// `HandOverChallenge` is what `xtoastd --replace` calls on the running server before it asks
/// for the name. The answer is a one-time nonce and that server's socket; the caller brings
/// the nonce back over the socket, where the kernel names the writer, and only then does that
/// server end its D-Bus toasts, while it still owns the name, so every client hears it.
static inline const sd_bus_vtable *xt_daemon_vtable(void) {
    static const sd_bus_vtable table[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_METHOD_WITH_NAMES("HandOverChallenge", "", , "ss", SD_BUS_PARAM(nonce) SD_BUS_PARAM(socket),
                                 xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_VTABLE_END
    };
    return table;
}

/// `sd_bus_add_object_vtable` for xtoast's interface above.
static inline int xt_bus_add_daemon(sd_bus *bus, sd_bus_slot **slot, xt_bus_target *target) {
    return sd_bus_add_object_vtable(bus, slot, "/org/freedesktop/Notifications", "org.xtoast.Daemon",
                                    xt_daemon_vtable(), target);
}

/// dunst's control interface, `org.dunstproject.cmd0`, with dunst's signatures (src/dbus.c of
/// dunst 1.13; Debian 12's dunstctl 1.9 calls a subset), so dunst's own `dunstctl` and bar
/// modules that read `paused` work against xtoast. The lengths are read when asked and not
/// announced (dunst 1.9 announces none); `paused` and `pauseLevel` are.
static inline const sd_bus_vtable *xt_dunst_vtable(void) {
    static const sd_bus_vtable table[] = {
        SD_BUS_VTABLE_START(0),
        SD_BUS_METHOD("ContextMenuCall", "", "", xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("NotificationAction", "u", SD_BUS_PARAM(number), "", , xt_bus_dispatch,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("NotificationClearHistory", "", "", xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("NotificationCloseLast", "", "", xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("NotificationCloseAll", "", "", xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("NotificationListHistory", "", , "aa{sv}", SD_BUS_PARAM(notifications), xt_bus_dispatch,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("NotificationPopHistory", "u", SD_BUS_PARAM(id), "", , xt_bus_dispatch,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("NotificationRemoveFromHistory", "u", SD_BUS_PARAM(id), "", , xt_bus_dispatch,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("NotificationShow", "", "", xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("RuleEnable", "si", SD_BUS_PARAM(name) SD_BUS_PARAM(state), "", , xt_bus_dispatch,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("RuleList", "", , "aa{sv}", SD_BUS_PARAM(rules), xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD_WITH_NAMES("ConfigReload", "as", SD_BUS_PARAM(configs), "", , xt_bus_dispatch,
                                 SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("Ping", "", "", xt_bus_dispatch, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_WRITABLE_PROPERTY("paused", "b", xt_bus_get_property, xt_bus_set_property, 0,
                                 SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_WRITABLE_PROPERTY("pauseLevel", "u", xt_bus_get_property, xt_bus_set_property, 0,
                                 SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_PROPERTY("displayedLength", "u", xt_bus_get_property, 0, 0),
        SD_BUS_PROPERTY("historyLength", "u", xt_bus_get_property, 0, 0),
        SD_BUS_PROPERTY("waitingLength", "u", xt_bus_get_property, 0, 0),
        SD_BUS_VTABLE_END
    };
    return table;
}

/// `sd_bus_add_object_vtable` for dunst's interface above.
static inline int xt_bus_add_dunst(sd_bus *bus, sd_bus_slot **slot, xt_bus_target *target) {
    return sd_bus_add_object_vtable(bus, slot, "/org/freedesktop/Notifications", "org.dunstproject.cmd0",
                                    xt_dunst_vtable(), target);
}

/// `PropertiesChanged` for dunst's `paused` and `pauseLevel` (variadic in C).
static inline int xt_bus_emit_pause_changed(sd_bus *bus) {
    return sd_bus_emit_properties_changed(bus, "/org/freedesktop/Notifications", "org.dunstproject.cmd0",
                                          "paused", "pauseLevel", NULL);
}

/// The bus's own NameLost and NameAcquired signals reach this handler (through the same
/// kind of target) so the server learns when another server takes the name.
static int xt_bus_signal_dispatch(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    return xt_bus_dispatch(message, userdata, error);
}

/// `sd_bus_match_signal` with the shim's dispatcher, so Swift need not form a C function
/// pointer for a static C function.
static inline int xt_bus_match_signal(sd_bus *bus, sd_bus_slot **slot, const char *sender, const char *path,
                                      const char *interface, const char *member, xt_bus_target *target) {
    return sd_bus_match_signal(bus, slot, sender, path, interface, member, xt_bus_signal_dispatch, target);
}

/// `sd_bus_add_match` with the shim's dispatcher: a match rule with argument filters, which
/// `sd_bus_match_signal` cannot express (NameOwnerChanged for names that lost their owner).
static inline int xt_bus_add_match(sd_bus *bus, sd_bus_slot **slot, const char *rule, xt_bus_target *target) {
    return sd_bus_add_match(bus, slot, rule, xt_bus_signal_dispatch, target);
}

/// `org.freedesktop.DBus.Properties.PropertiesChanged` for `Inhibited` (the call is variadic,
/// which Swift cannot make).
static inline int xt_bus_emit_inhibited_changed(sd_bus *bus) {
    return sd_bus_emit_properties_changed(bus, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                                          "Inhibited", NULL);
}

/// `sd_bus_add_object_vtable` for the notifications table above.
static inline int xt_bus_add_notifications(sd_bus *bus, sd_bus_slot **slot, xt_bus_target *target) {
    return sd_bus_add_object_vtable(bus, slot, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                                    xt_notifications_vtable(), target);
}

#endif
