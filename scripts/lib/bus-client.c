/* An application already on the session bus, for scripts/bench: it connects once, says
 * "ready", then sends one Notify per line it reads on stdin (the line is the summary,
 * expire_timeout 0) and waits for the reply. The bench times a line written to its pixels on
 * screen: the notification server's own path, without a client's start-up or a bus
 * handshake. A line "close" closes the last notification (CloseNotification), for the
 * scaling rows, which keep the load steady: each Notify is closed before the next. No checks
 * beyond what the measurement needs. */
#include <stdio.h>
#include <string.h>
#include <systemd/sd-bus.h>

int main(void) {
    sd_bus *bus = NULL;
    if (sd_bus_open_user(&bus) < 0) return 1;
    puts("ready");
    fflush(stdout);
    char line[256];
    unsigned last = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        sd_bus_error error = SD_BUS_ERROR_NULL;
        sd_bus_message *reply = NULL;
        int r;
        if (strcmp(line, "close") == 0) {
            r = sd_bus_call_method(bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                   "org.freedesktop.Notifications", "CloseNotification", &error, &reply, "u", last);
            sd_bus_error_free(&error);
            sd_bus_message_unref(reply);
            if (r < 0) return 1;
            continue;
        }
        r = sd_bus_call_method(bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                   "org.freedesktop.Notifications", "Notify", &error, &reply, "susssasa{sv}i",
                                   "bench", 0u, "", line, "", 0, 0, 0);
        if (r >= 0) sd_bus_message_read(reply, "u", &last);
        sd_bus_error_free(&error);
        sd_bus_message_unref(reply);
        if (r < 0) return 1;
    }
    sd_bus_flush_close_unref(bus);
    return 0;
}
