#ifndef XTOAST_CARGUMENTS_H
#define XTOAST_CARGUMENTS_H

/// The client's argv as glibc hands it to the program's initialisers, in place of the Swift
/// runtime's CommandLine.cpp (see arguments.c). `CommandLine.arguments` reads these.
char *_Nullable *_Nullable _swift_stdlib_getUnsafeArgvArgc(int *_Nonnull outArgLen);
void _swift_stdlib_overrideUnsafeArgvArgc(char *_Nullable *_Nullable argv, int argc);

#endif
