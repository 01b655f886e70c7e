import CPango
import CX11
import Images
import ToastCore

/// Executes a `CardScene` into a pixmap with XRender (shapes) and Pango through Xft (text).
///
/// Fonts and the visual are set up once and shared by every card; a card costs one pixmap.
/// The corresponding C functions are `XRenderComposite`, `XRenderCreateSolidFill` and `pango_xft_render_layout`;
/// images go through `ImageCache`.
final class Painter {
    let display: XDisplay
    let visual: CardVisual
    let fonts: FontLibrary
    /// Icon images from `--icon`, decoded and scaled once; `loadIcon` fills it before a paint.
    let images: ImageCache
    /// Finds the file an `--icon` argument names.
    let icons: IconResolver
    /// XRender's 8-bit alpha format for coverage masks; nil on a server without it (shapes are then left out).
    private let maskFormat: UnsafeMutablePointer<XRenderPictFormat>?

    /// Coverage masks already computed, by shape and size. A hover repaints the same card, a
    /// height animation repaints it every frame and a shadow draws five outlines: each would
    /// otherwise recompute identical masks pixel by pixel. Cleared when it grows past `maskLimit`
    /// (a card-sized mask is about 40 KB, so the cache stays under 1 MB).
    private var masks: [MaskKey: [UInt8]] = [:]
    private static let maskLimit = 24

    private enum MaskKey: Hashable {
        case roundedRect(width: Int, height: Int, radius: Double)
        case icon(IconShape, size: Int, phase: Double)
    }

    /// Drops every cached mask (the screen has emptied: what shows next computes its own).
    func forgetMasks() { masks = [:] }

    /// How many masks are cached (for tests of what an empty screen keeps).
    var cachedMaskCount: Int { masks.count }

    private func mask(_ key: MaskKey, _ make: () -> [UInt8]) -> [UInt8] {
        if let cached = masks[key] { return cached }
        if masks.count >= Self.maskLimit { masks.removeAll(keepingCapacity: true) }
        let fresh = make()
        masks[key] = fresh
        return fresh
    }

    private func roundedRectMask(width: Int, height: Int, radius: Double) -> [UInt8] {
        mask(.roundedRect(width: width, height: height, radius: radius)) {
            RoundedRectCoverage.alphaMask(width: width, height: height, radius: radius, stride: (width + 3) & ~3)
        }
    }

    /// `images` outlives painters (a new font or visual makes a new painter), so decoded
    /// icons and decodes under way are kept.
    init(display: XDisplay, visual: CardVisual, fonts: FontLibrary, images: ImageCache) {
        self.display = display
        self.visual = visual
        self.fonts = fonts
        self.images = images
        icons = IconResolver(desktopTheme: { display.xsettingsString("Net/IconThemeName") })
        maskFormat = XRenderFindStandardFormat(display.handle, Int32(PictStandardA8))
    }

    /// `--icon`'s argument as the file a card draws: found (`IconResolver`), then loaded into
    /// `images` now, so the paint that follows cannot fail.
    func loadIcon(_ spec: String, pixelSize: Int) -> Result<String, IconError> {
        icons.resolveIcon(spec, pixelSize: pixelSize).flatMap { path in
            if case let .failed(reason) = images.prepare(path, size: pixelSize) { return .failure(.unreadable(path: path, reason: reason)) }
            return .success(path)
        }
    }

    /// Renders the scene into a new pixmap of the card visual's depth; the caller owns it.
    /// Without an XRender format for the visual the pixmap is only cleared: a blank card
    /// rather than a crash on a server with a partial RENDER extension.
    func render(_ scene: CardScene, width: Int, height: Int) -> Pixmap {
        let d = display.handle
        let w = UInt32(max(1, width)), h = UInt32(max(1, height))
        let pixmap = XCreatePixmap(d, display.root, w, h, UInt32(visual.depth))
        guard let format = visual.format else {
            let gc = XCreateGC(d, pixmap, 0, nil)
            XFillRectangle(d, pixmap, gc, 0, 0, w, h)
            XFreeGC(d, gc)
            return pixmap
        }
        let picture = XRenderCreatePicture(d, pixmap, format, 0, nil)
        defer { XRenderFreePicture(d, picture) }
        var clear = XRenderColor(red: 0, green: 0, blue: 0, alpha: 0)
        XRenderFillRectangle(d, PictOpSrc, picture, &clear, 0, 0, w, h)
        let draw = XftDrawCreate(d, pixmap, visual.visual, visual.colormap)
        defer { if let draw { XftDrawDestroy(draw) } }
        for op in scene.ops {
            switch op {
            case let .roundedRect(rect, radius, color) where radius <= 0:
                // A plain rectangle (the centre's panel, its header) needs no coverage mask: a
                // panel-sized one would cost a few milliseconds and half a megabyte to upload.
                var rc = renderColor(color)
                XRenderFillRectangle(d, PictOpOver, picture, &rc, Int32(pixel: rect.x), Int32(pixel: rect.y),
                                     UInt32(clamping: Int(rect.width.rounded())), UInt32(clamping: Int(rect.height.rounded())))
            case let .roundedRect(rect, radius, color):
                let mw = Int(rect.width.rounded()), mh = Int(rect.height.rounded())
                let mask = roundedRectMask(width: mw, height: mh, radius: radius)
                composite(color, mask: mask, width: mw, height: mh, stride: (mw + 3) & ~3, at: rect.origin, onto: picture)
            case let .roundedRectSlice(rect, radius, visibleWidth, color):
                let mw = Int(rect.width.rounded()), mh = Int(rect.height.rounded())
                let stride = (mw + 3) & ~3
                var mask = roundedRectMask(width: mw, height: mh, radius: radius)
                let visible = Int(visibleWidth.rounded())
                for y in 0..<mh { for x in min(visible, mw)..<mw { mask[y * stride + x] = 0 } }
                composite(color, mask: mask, width: mw, height: mh, stride: stride, at: rect.origin, onto: picture)
            case let .icon(shape, rect, color, phase):
                let size = Int(rect.width.rounded())
                let mask = self.mask(.icon(shape, size: size, phase: phase)) { IconRaster.mask(shape, size: size, phase: phase) }
                composite(color, mask: mask, width: size, height: size, stride: IconRaster.stride(size), at: rect.origin, onto: picture)
            case let .image(path, rect, tint):
                images.draw(path, in: rect, tint: tint, onto: picture)
            case let .text(block, origin, color):
                guard let draw, let layout = fonts.layout(for: block) else { continue }
                var xftColor = XftColor()
                var rc = renderColor(color)
                XftColorAllocValue(d, visual.visual, visual.colormap, &rc, &xftColor)
                if block.firstLine != nil {
                    // A scrolled window: the layout drawn higher, clipped to the lines shown and to
                    // the room the composer gave them (`maxLines` lines of the regular face).
                    let room = Double(min(block.maxLines ?? Layout.maxLines, Layout.maxLines)) * fonts.lineHeight
                    var clip = XRectangle(x: Int16(clamping: Int32(pixel: origin.x)), y: Int16(clamping: Int32(pixel: origin.y)),
                                          width: UInt16(clamping: Int32(pixel: layout.extent.size.width + 2)),
                                          height: UInt16(clamping: Int32(pixel: min(layout.extent.size.height, room))))
                    XftDrawSetClipRectangles(draw, 0, 0, &clip, 1)
                    pango_xft_render_layout(draw, &xftColor, layout.handle, pangoUnits(origin.x), pangoUnits(origin.y - layout.windowTop))
                    XftDrawSetClip(draw, nil)
                } else {
                    pango_xft_render_layout(draw, &xftColor, layout.handle, pangoUnits(origin.x), pangoUnits(origin.y))
                }
                XftColorFree(d, visual.visual, visual.colormap, &xftColor)
            }
        }
        return pixmap
    }

    /// A card coordinate in Pango units (1/1024 px), clamped to what fits a 32-bit int.
    private func pangoUnits(_ v: Double) -> Int32 {
        guard v.isFinite else { return 0 }
        return Int32(max(-1_000_000, min(1_000_000, v)) * Double(PANGO_SCALE))
    }

    /// Premultiplied 16-bit colour, as XRender wants it.
    private func renderColor(_ c: RGBA) -> XRenderColor {
        let a = UInt32(c.a)
        func channel(_ v: UInt8) -> UInt16 { UInt16(UInt32(v) * a / 255 * 257) }
        return XRenderColor(red: channel(c.r), green: channel(c.g), blue: channel(c.b), alpha: UInt16(a * 257))
    }

    /// Paints `color` through an 8-bit coverage mask: anti-aliased shapes without a compositor's help.
    private func composite(_ color: RGBA, mask: [UInt8], width: Int, height: Int, stride: Int, at origin: Point, onto dst: Picture) {
        guard width > 0, height > 0, let maskFormat else { return }
        let d = display.handle
        let maskPixmap = display.uploadPixmap(mask, width: width, height: height, depth: 8, stride: stride)
        defer { XFreePixmap(d, maskPixmap) }
        let maskPicture = XRenderCreatePicture(d, maskPixmap, maskFormat, 0, nil)
        defer { XRenderFreePicture(d, maskPicture) }
        var rc = renderColor(color)
        let source = XRenderCreateSolidFill(d, &rc)
        defer { XRenderFreePicture(d, source) }
        XRenderComposite(d, PictOpOver, source, maskPicture, dst, 0, 0, 0, 0,
                         Int32(pixel: origin.x), Int32(pixel: origin.y), UInt32(clamping: width), UInt32(clamping: height))
    }
}
