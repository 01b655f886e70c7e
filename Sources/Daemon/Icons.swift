import ToastCore
import X11

extension ToastDaemon {
    /// Finds and loads a toast's `--icon` once, at show or update, at the card's icon size in
    /// device pixels. On failure the card shows its kind's icon and the client gets a warning.
    func resolveIcon(for toast: Toast) -> String? {
        iconPaths[toast.id] = nil
        guard let spec = toast.icon else { return nil }
        switch painter.icons.resolveIcon(spec, pixelSize: Int(composer.px(CardComposer.iconSize))) {
        case let .success(path):
            iconPaths[toast.id] = path
            return nil
        case let .failure(error):
            return "\(error)"
        }
    }
}
