/* The bus flood of scripts/lib/scale-bench, two roles on one session bus:
 *   bus-flood send N WINDOW   one application sending N Notify calls (expire_timeout 50 ms,
 *                             each its own summary and body, as users' are; SAME=1: one
 *                             summary repeated), at most WINDOW waiting for their replies at
 *                             once; prints the id of each accepted one, then exits.
 *   bus-flood watch N IDLE    listens to NotificationClosed, says "ready", and prints each id
 *                             closed until N were heard or none came for IDLE seconds.
 * The bench checks that every accepted id was closed exactly once. No checks beyond what the
 * measurement needs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <systemd/sd-bus.h>

static unsigned waiting;
static unsigned accepted;

static int on_reply(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata; (void)error;
    waiting--;
    unsigned id = 0;
    if (!sd_bus_message_is_method_error(m, NULL) && sd_bus_message_read(m, "u", &id) >= 0) {
        printf("%u\n", id);
        accepted++;
    }
    return 0;
}

static unsigned closed;
static time_t last;

static int on_closed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    (void)userdata; (void)error;
    unsigned id = 0, reason = 0;
    if (sd_bus_message_read(m, "uu", &id, &reason) >= 0) {
        printf("%u\n", id);
        closed++;
        last = time(NULL);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) return 2;
    sd_bus *bus = NULL;
    if (sd_bus_open_user(&bus) < 0) return 1;
    unsigned n = (unsigned)strtoul(argv[2], NULL, 10);
    if (strcmp(argv[1], "watch") == 0) {
        int idle = atoi(argv[3]);
        if (sd_bus_add_match(bus, NULL, "type='signal',interface='org.freedesktop.Notifications',member='NotificationClosed'",
                             on_closed, NULL) < 0) return 1;
        fprintf(stderr, "ready\n");
        last = time(NULL);
        while (closed < n && time(NULL) - last < idle) {
            int r = sd_bus_process(bus, NULL);
            if (r < 0) return 1;
            if (r == 0) sd_bus_wait(bus, 1000000);
        }
    } else {
        unsigned window = (unsigned)strtoul(argv[3], NULL, 10), sent = 0;
        const char *same = getenv("SAME");
        int repeat = same && strcmp(same, "1") == 0;
        char app[32], summary[48], body[64];
        snprintf(app, sizeof app, "bench-%d", (int)getpid());
        while (sent < n || waiting > 0) {
            while (sent < n && waiting < window) {
                sd_bus_message *call = NULL;
                if (sd_bus_message_new_method_call(bus, &call, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                                   "org.freedesktop.Notifications", "Notify") < 0) return 1;
                snprintf(summary, sizeof summary, "flood %u", sent);
                snprintf(body, sizeof body, "from %s, call %u", app, sent);
                if (sd_bus_message_append(call, "susssasa{sv}i", repeat ? "bench" : app, 0u, "", repeat ? "flood" : summary,
                                          repeat ? "" : body, 0, 0, 50) < 0) return 1;
                if (sd_bus_call_async(bus, NULL, call, on_reply, NULL, 60000000) < 0) return 1;
                sd_bus_message_unref(call);
                sent++;
                waiting++;
            }
            int r = sd_bus_process(bus, NULL);
            if (r < 0) return 1;
            if (r == 0) sd_bus_wait(bus, 1000000);
        }
    }
    fflush(stdout);
    sd_bus_flush_close_unref(bus);
    return 0;
}
