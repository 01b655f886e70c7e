#if canImport(Glibc)
import Glibc
#endif

/// libcanberra, loaded at the first sound (`dlopen`) rather than linked: it pulls in
/// libpulse, libsndfile and their codecs (vorbis, FLAC, opus, mp3), about 300 KiB of dirty
/// relocations that a daemon which never plays a sound should not pay for. Only the few
/// functions the player calls are looked up, with their C types spelled here (from
/// `canberra.h`, libcanberra 0.30's stable ABI), so building needs no libcanberra headers.
///
/// The corresponding C functions are `dlopen` and `dlsym`.
struct Canberra {
    typealias Context = OpaquePointer
    typealias Proplist = OpaquePointer
    /// `ca_finish_callback_t`: the context, the id given to `play`, an error code, the user data.
    typealias FinishCallback = @convention(c) (Context?, UInt32, Int32, UnsafeMutableRawPointer?) -> Void

    // Return codes (`CA_SUCCESS`, `CA_ERROR_*`) and property names (`CA_PROP_*`) from canberra.h.
    static let success: Int32 = 0
    static let errorState: Int32 = -3
    static let errorDisconnected: Int32 = -18
    static let applicationName = "application.name"
    static let applicationID = "application.id"
    static let eventID = "event.id"
    static let eventDescription = "event.description"
    static let mediaFilename = "media.filename"

    /// The library's name as Debian's `libcanberra0` installs it.
    static let library = "libcanberra.so.0"

    let contextCreate: @convention(c) (UnsafeMutablePointer<Context?>?) -> Int32
    let contextDestroy: @convention(c) (Context?) -> Int32
    let contextOpen: @convention(c) (Context?) -> Int32
    let contextChangeProps: @convention(c) (Context?, Proplist?) -> Int32
    let contextPlay: @convention(c) (Context?, UInt32, Proplist?, FinishCallback?, UnsafeMutableRawPointer?) -> Int32
    let contextCancel: @convention(c) (Context?, UInt32) -> Int32
    let proplistCreate: @convention(c) (UnsafeMutablePointer<Proplist?>?) -> Int32
    let proplistDestroy: @convention(c) (Proplist?) -> Int32
    let proplistSets: @convention(c) (Proplist?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let errorText: @convention(c) (Int32) -> UnsafePointer<CChar>?

    /// The library's functions, or why it could not be loaded (dlerror's text). Never unloaded:
    /// its threads and the sound server's connection live as long as the daemon.
    static func load() -> Result<Canberra, LoadError> {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LoadError(message: dlerror().map { String(cString: $0) } ?? "cannot load \(library)"))
        }
        func symbol<F>(_ name: String, as _: F.Type) throws(LoadError) -> F {
            guard let address = dlsym(handle, name) else { throw LoadError(message: "\(library) has no \(name)") }
            return unsafeBitCast(address, to: F.self)
        }
        do throws(LoadError) {
            return .success(Canberra(
                contextCreate: try symbol("ca_context_create", as: (@convention(c) (UnsafeMutablePointer<Context?>?) -> Int32).self),
                contextDestroy: try symbol("ca_context_destroy", as: (@convention(c) (Context?) -> Int32).self),
                contextOpen: try symbol("ca_context_open", as: (@convention(c) (Context?) -> Int32).self),
                contextChangeProps: try symbol("ca_context_change_props_full", as: (@convention(c) (Context?, Proplist?) -> Int32).self),
                contextPlay: try symbol("ca_context_play_full",
                                        as: (@convention(c) (Context?, UInt32, Proplist?, FinishCallback?, UnsafeMutableRawPointer?) -> Int32).self),
                contextCancel: try symbol("ca_context_cancel", as: (@convention(c) (Context?, UInt32) -> Int32).self),
                proplistCreate: try symbol("ca_proplist_create", as: (@convention(c) (UnsafeMutablePointer<Proplist?>?) -> Int32).self),
                proplistDestroy: try symbol("ca_proplist_destroy", as: (@convention(c) (Proplist?) -> Int32).self),
                proplistSets: try symbol("ca_proplist_sets",
                                         as: (@convention(c) (Proplist?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
                errorText: try symbol("ca_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self)))
        } catch {
            return .failure(error)
        }
    }

    /// `ca_strerror`'s text for `code`.
    func describe(_ code: Int32) -> String { errorText(code).map { String(cString: $0) } ?? "error \(code)" }

    /// Why libcanberra could not be loaded.
    struct LoadError: Error { let message: String }
}
