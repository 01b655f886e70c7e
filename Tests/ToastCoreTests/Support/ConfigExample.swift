import Foundation

/// The text of `assets/config.example`, for the tests that check what it says.
enum ConfigExample {
    static let text: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets/config.example")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()
}
