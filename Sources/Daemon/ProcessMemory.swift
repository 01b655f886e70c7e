import CSystem

/// The daemon lives as long as the session, so what it keeps while idle counts more than what
/// it takes while busy: one malloc arena for all threads, and free heap pages handed back
/// once start-up is over and whenever the last card has gone.
/// The corresponding C functions are `mallopt(M_ARENA_MAX)` and `malloc_trim`.
public enum ProcessMemory {
    /// Before any thread starts (Pango starts one as soon as fonts are set up).
    public static func useSingleArena() { xt_malloc_single_arena() }

    static func trim() { xt_malloc_trim() }
}
