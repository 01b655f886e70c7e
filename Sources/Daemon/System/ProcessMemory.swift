import CSystem

/// The daemon lives as long as the session, so what it keeps while idle counts more than what
/// it takes while busy: one malloc arena for all threads, large blocks mapped on their own,
/// and free heap pages handed back once start-up is over and whenever the last card has gone.
/// The corresponding C functions are `mallopt(M_ARENA_MAX, M_MMAP_THRESHOLD)` and `malloc_trim`.
public enum ProcessMemory {
    /// Before any thread starts (Pango starts one as soon as fonts are set up).
    public static func useSingleArena() {
        xt_malloc_single_arena()
        // Output queues' chunks (`OutputQueue.chunkBytes`) and big replies are mapped apart
        // from the heap, so what a crowd of slow readers took goes back when they go.
        xt_malloc_mmap_threshold(Int32(OutputQueue.chunkBytes))
    }

    static func trim() { xt_malloc_trim() }
}
