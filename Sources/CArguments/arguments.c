/* The client's command line for Swift's `CommandLine`, kept by an initialiser.
 *
 * The Swift runtime's own CommandLine.cpp (libswiftCore.a) finds argv in a static executable
 * by reading /proc/self/maps at start-up and parsing each line with sscanf: about 55,000
 * instructions, a file opened and read, and their pages, on every launch of a client that
 * starts once per toast (more than the whole rest of a raw C client's run). glibc already
 * hands argc and argv to every .init_array function, static executables included, so they
 * are kept here. Defining the two functions that object file exports keeps the linker from
 * pulling it out of the archive at all (it is searched only for symbols still undefined);
 * were it pulled in by something else, the link fails with a duplicate symbol, not silently.
 * Only the `xtoast` client links this target. */
#include "CArguments.h"

static int startArgc;
static char **startArgv;
static int overriddenArgc;
static char **overriddenArgv;

static void keepArguments(int argc, char **argv, char **envp) {
    (void)envp;
    startArgc = argc;
    startArgv = argv;
}

__attribute__((section(".init_array"), used))
static void (*const keepArgumentsAtStart)(int, char **, char **) = keepArguments;

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (overriddenArgv) {
        *outArgLen = overriddenArgc;
        return overriddenArgv;
    }
    *outArgLen = startArgc;
    return startArgv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    overriddenArgv = argv;
    overriddenArgc = argc;
}
