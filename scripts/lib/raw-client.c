/* The smallest client xtoast could have, for scripts/bench to measure `xtoast show` against:
 * connect to $XTOAST_SOCKET, write one JSON line (the first argument), wait for the reply
 * line. No parsing, no checks beyond what the measurement needs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv) {
    const char *path = getenv("XTOAST_SOCKET");
    if (argc < 2 || !path || strlen(path) >= sizeof(((struct sockaddr_un *)0)->sun_path)) return 2;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    strcpy(addr.sun_path, path);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) return 1;
    size_t n = strlen(argv[1]);
    if (write(fd, argv[1], n) != (ssize_t)n || write(fd, "\n", 1) != 1) return 1;
    char reply[512];
    for (ssize_t got; (got = read(fd, reply, sizeof reply)) > 0;)
        if (memchr(reply, '\n', (size_t)got)) return 0;
    return 1;
}
