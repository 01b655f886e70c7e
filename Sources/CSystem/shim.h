// The one door to the Linux system calls Glibc's Swift module leaves out or makes awkward:
// signalfd (its set-up needs sigset_t macros), timerfd and epoll (not exported at all), a
// spawned child's clean slate (posix_spawn's close-from action) and malloc tuning.
// X11 and its libraries enter through CX11; nothing here needs them.
#ifndef XTOAST_CSYSTEM_SHIM_H
#define XTOAST_CSYSTEM_SHIM_H

#include <malloc.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>

/// Blocks SIGTERM, SIGINT, SIGHUP and SIGCHLD and returns a non-blocking, close-on-exec
/// signalfd that reads them; -1 with errno set on failure. The sigset_t sequence stays here so
/// Swift holds no sigset_t plumbing (on some libcs sigemptyset and sigaddset are macros).
static inline int xt_signalfd_for_daemon(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGCHLD);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/// One malloc arena for every thread. Pango reads the fontconfig configuration on a thread of
/// its own, and glibc would give that thread an arena of its own: about 400 KiB that stay
/// dirty for the daemon's whole life. Call before any thread starts.
static inline void xt_malloc_single_arena(void) { mallopt(M_ARENA_MAX, 1); }

/// Blocks of `bytes` or more come from mmap, each given back the moment it is freed. Set
/// once, it also stops glibc raising the threshold after each such free (its default), which
/// let a burst of large output queues settle in the heap among small live blocks.
static inline void xt_malloc_mmap_threshold(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }

/// Gives the free pages inside the heap back to the kernel (`malloc_trim`).
static inline void xt_malloc_trim(void) { malloc_trim(0); }

/// A non-blocking, close-on-exec timerfd on CLOCK_MONOTONIC; -1 with errno set on failure.
static inline int xt_timerfd_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

/// Arms `fd` to fire once at `deadline_ns`, an absolute CLOCK_MONOTONIC time in nanoseconds.
/// A deadline already past fires at once; 0 would disarm, so it is raised to 1 ns.
/// Returns 0, or -1 with errno set.
static inline int xt_timerfd_arm_at(int fd, uint64_t deadline_ns) {
    if (deadline_ns == 0) deadline_ns = 1;
    struct itimerspec spec = {0};
    spec.it_value.tv_sec = (time_t)(deadline_ns / 1000000000u);
    spec.it_value.tv_nsec = (long)(deadline_ns % 1000000000u);
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

/// A non-blocking, close-on-exec timerfd on CLOCK_REALTIME, for deadlines on the wall clock
/// ("until 18:00"): it fires at that time even after a suspend, when the monotonic clock
/// stood still; -1 with errno set on failure.
static inline int xt_timerfd_create_realtime(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
}

/// Arms a CLOCK_REALTIME `fd` at `deadline_ns` (UNIX time in nanoseconds), cancelled when the
/// clock is set (`read` then fails with ECANCELED, so the caller looks at the time again).
static inline int xt_timerfd_arm_realtime_at(int fd, uint64_t deadline_ns) {
    if (deadline_ns == 0) deadline_ns = 1;
    struct itimerspec spec = {0};
    spec.it_value.tv_sec = (time_t)(deadline_ns / 1000000000u);
    spec.it_value.tv_nsec = (long)(deadline_ns % 1000000000u);
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

/// Disarms `fd`: it stays open and will not fire until armed again. Returns 0, or -1 with errno set.
static inline int xt_timerfd_disarm(int fd) {
    struct itimerspec spec = {0};
    return timerfd_settime(fd, 0, &spec, NULL);
}

/// Asks a spawned child to close every descriptor from `from` up, whatever the parent forgot
/// to mark close-on-exec. Returns 0 or an errno value (`posix_spawn_file_actions_addclosefrom_np`).
static inline int xt_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// `POSIX_SPAWN_SETSID` (glibc 2.26): the spawned child starts a session of its own. glibc
/// names it only under `_GNU_SOURCE`, which this header cannot define (it changes `bind`'s types).
#ifdef POSIX_SPAWN_SETSID
#define XT_POSIX_SPAWN_SETSID POSIX_SPAWN_SETSID
#else
#define XT_POSIX_SPAWN_SETSID 0x80
#endif

/// A close-on-exec epoll descriptor: readable (for poll) when any descriptor added is. -1 on failure.
static inline int xt_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

/// Watches `fd` for reading (and its end) in `epoll_fd`. Returns 0, or -1 with errno set.
static inline int xt_epoll_watch(int epoll_fd, int fd) {
    struct epoll_event event = {0};
    event.events = EPOLLIN;
    event.data.fd = fd;
    return epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event);
}

/// Stops watching `fd` (before it is closed). Returns 0, or -1 with errno set.
static inline int xt_epoll_unwatch(int epoll_fd, int fd) { return epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, NULL); }

#endif
