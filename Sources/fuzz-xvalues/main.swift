// libFuzzer target: what any other program can hand the daemon through the X server or the
// session bus, read the way the daemon reads it: root and panel properties as cardinals
// (`_NET_WORKAREA`, `_NET_CURRENT_DESKTOP`, struts; Xlib gives format-32 data as longs, so any
// 64-bit pattern counts), an XSETTINGS blob, and a D-Bus `image-data` header. Nothing may trap,
// and every rectangle that comes out must be one a card can be laid out in. Built by
// scripts/fuzz; in a plain `swift build` it links and does nothing.
import FuzzSupport
import ToastCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var input = FuzzInput(bytes)
    func cardinal() -> UInt {
        var v: UInt = 0
        for _ in 0..<8 { v = v << 8 | UInt(input.byte()) }
        return v
    }
    let screen = Size(width: Double(input.int(in: 1...16_384)), height: Double(input.int(in: 1...16_384)))
    let workarea = (0..<input.int(in: 0...40)).map { _ in cardinal() }
    let current: UInt? = input.bool() ? cardinal() : nil
    let desktop = WorkArea.desktopArea(workarea, current: current)
    let strutValues = (0..<input.pick([0, 4, 11, 12, 13])).map { _ in cardinal() }
    let struts = Strut.parse(strutValues, screen: screen)
    let frames = [Rect(x: 0, y: 0, width: screen.width / 2, height: screen.height),
                  Rect(x: screen.width / 2, y: 0, width: screen.width / 2, height: screen.height)]
    for area in WorkArea.areas(frames: frames, screen: screen, struts: struts, workarea: desktop) {
        fuzzCheck(area.x.isFinite && area.y.isFinite && area.width.isFinite && area.height.isFinite, "area \(area) is not finite")
        fuzzCheck(area.width > 0 && area.height > 0 && area.width <= 2_097_152 && area.height <= 2_097_152, "area \(area) cannot hold a card")
    }
    // The rest of the input as an XSETTINGS blob; a found name is bounded by the blob.
    let blob = Array(bytes[min(bytes.count, size / 2)...])
    if let theme = XSettings.string("Net/IconThemeName", in: blob) {
        fuzzCheck(theme.utf8.count <= blob.count, "a \(theme.utf8.count)-byte name from a \(blob.count)-byte blob")
    }
    // An image-data header: accepted only when the bytes given cover what it describes.
    let width = Int32(truncatingIfNeeded: cardinal()), height = Int32(truncatingIfNeeded: cardinal())
    let rowstride = Int32(truncatingIfNeeded: cardinal())
    let alpha = input.bool()
    let given = input.int(in: 0...65_535) * input.int(in: 1...1024)
    if case let .success(needed) = RawImage.neededBytes(width: width, height: height, rowstride: rowstride, hasAlpha: alpha,
                                                           bitsPerSample: 8, channels: alpha ? 4 : 3, given: given) {
        fuzzCheck(needed <= given && needed >= Int(width) * Int(height), "\(needed) bytes needed of \(given) for \(width)x\(height)")
    }
    return 0
}
