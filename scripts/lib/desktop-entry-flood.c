/* The desktop-entry rows of scripts/lib/desktop-entry-bench: one application on the session
 * bus sending N Notify calls, each closed before the next (so the load stays steady), with a
 * `desktop-entry` hint that is the same every time ("same") or new every time ("distinct").
 * Prints how many were accepted. No checks beyond what the measurement needs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    int n = atoi(argv[1]);
    int distinct = strcmp(argv[2], "distinct") == 0;
    sd_bus *bus = NULL;
    if (sd_bus_open_user(&bus) < 0) return 1;
    int accepted = 0;
    for (int i = 0; i < n; i++) {
        char entry[64];
        snprintf(entry, sizeof entry, distinct ? "org.bench.app%d" : "org.bench.app", i);
        sd_bus_error error = SD_BUS_ERROR_NULL;
        sd_bus_message *reply = NULL;
        int r = sd_bus_call_method(bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                   "org.freedesktop.Notifications", "Notify", &error, &reply, "susssasa{sv}i",
                                   "bench", 0u, "", "Build finished", "all tests passed", 0, 1, "desktop-entry", "s", entry, 0);
        unsigned id = 0;
        if (r >= 0 && sd_bus_message_read(reply, "u", &id) >= 0) accepted++;
        sd_bus_error_free(&error);
        sd_bus_message_unref(reply);
        reply = NULL;
        if (id) {
            sd_bus_call_method(bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                               "org.freedesktop.Notifications", "CloseNotification", &error, &reply, "u", id);
            sd_bus_error_free(&error);
            sd_bus_message_unref(reply);
        }
    }
    printf("%d\n", accepted);
    sd_bus_flush_close_unref(bus);
    return 0;
}
