/* The album-art day of scripts/soak: one application on the session bus sending N Notify
 * calls, each with SIDE x SIDE RGBA pixels as image-data (4095: 64 MiB a call, within the
 * 4,096 px bound), waiting for each reply. Prints how many were accepted. No checks beyond
 * what the soak needs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    int n = atoi(argv[1]), side = atoi(argv[2]);
    if (n < 0 || side < 1 || side > 4096) return 2;
    size_t size = (size_t)side * side * 4;
    unsigned char *pixels = malloc(size);
    if (!pixels) return 1;
    for (size_t i = 0; i < size; i += 4) { pixels[i] = 0x20; pixels[i + 1] = 0x60; pixels[i + 2] = 0xC0; pixels[i + 3] = 0xFF; }
    sd_bus *bus = NULL;
    if (sd_bus_open_user(&bus) < 0) return 1;
    int accepted = 0;
    for (int i = 0; i < n; i++) {
        sd_bus_message *m = NULL, *reply = NULL;
        sd_bus_error error = SD_BUS_ERROR_NULL;
        char summary[32];
        snprintf(summary, sizeof summary, "Now playing %d", i);
        int r = sd_bus_message_new_method_call(bus, &m, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                               "org.freedesktop.Notifications", "Notify");
        if (r >= 0) r = sd_bus_message_append(m, "susssas", "album-art", 0u, "", summary, "an oversized cover", 0);
        if (r >= 0) r = sd_bus_message_open_container(m, 'a', "{sv}");
        if (r >= 0) r = sd_bus_message_open_container(m, 'e', "sv");
        if (r >= 0) r = sd_bus_message_append(m, "s", "image-data");
        if (r >= 0) r = sd_bus_message_open_container(m, 'v', "(iiibiiay)");
        if (r >= 0) r = sd_bus_message_open_container(m, 'r', "iiibiiay");
        if (r >= 0) r = sd_bus_message_append(m, "iiibii", side, side, side * 4, 1, 8, 4);
        if (r >= 0) r = sd_bus_message_append_array(m, 'y', pixels, size);
        if (r >= 0) r = sd_bus_message_close_container(m);
        if (r >= 0) r = sd_bus_message_close_container(m);
        if (r >= 0) r = sd_bus_message_close_container(m);
        if (r >= 0) r = sd_bus_message_close_container(m);
        if (r >= 0) r = sd_bus_message_append(m, "i", 5000);
        if (r >= 0) r = sd_bus_call(bus, m, 60 * 1000000ULL, &error, &reply);
        unsigned id = 0;
        if (r >= 0 && sd_bus_message_read(reply, "u", &id) >= 0 && id) accepted++;
        sd_bus_error_free(&error);
        sd_bus_message_unref(reply);
        sd_bus_message_unref(m);
    }
    printf("%d\n", accepted);
    sd_bus_flush_close_unref(bus);
    free(pixels);
    return 0;
}
