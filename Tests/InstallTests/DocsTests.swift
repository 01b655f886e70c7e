import Foundation
import Testing

/// README is what a new user reads first, so it stays short, and every page it sends a reader
/// to, and every section one page names in another, is there.
@Suite struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README and every Markdown page under docs/, by their path from the repository's root.
    static var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    static func read(_ page: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)) ?? ""
    }

    @Test func readmeFitsOnAFewScreens() {
        let lines = Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines > 20 && lines <= 250, "README.md has \(lines) lines")
    }

    @Test func readmeOpensWithWhatItIsThenInstall() throws {
        let readme = Self.read("README.md")
        let headings = readme.split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        #expect(headings.first == "## Install", "\(headings)")
        #expect(headings.contains("## Working on xtoast"))
        #expect(readme.contains("scripts/run") && readme.contains("scripts/test"))
    }

    @Test(arguments: DocsTests.pages)
    func everyRelativeLinkAndAnchorResolves(_ page: String) {
        let text = Self.read(page)
        #expect(!text.isEmpty, "\(page) is empty")
        let folder = (page as NSString).deletingLastPathComponent
        for link in MarkdownLinks.targets(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? page : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
            let path = Self.root.appendingPathComponent(file).path
            #expect(FileManager.default.fileExists(atPath: path), "\(page): \(link) names no file")
            if parts.count == 2, file.hasSuffix(".md") {
                #expect(MarkdownLinks.anchors(in: Self.read(file)).contains(parts[1]), "\(page): \(link) names no section")
            }
        }
    }

    @Test func theLinkReaderFindsWhatGitHubWould() {
        let text = "See [a](docs/a.md#b-c) and ![p](x.png).\n```sh\n# not a heading [x](nowhere)\n```\n## B: c's!\n"
        #expect(MarkdownLinks.targets(in: text) == ["docs/a.md#b-c", "x.png"])
        #expect(MarkdownLinks.anchors(in: text) == ["b-cs"])
    }
}

/// The links and section anchors of a Markdown page, read as GitHub renders it: nothing inside
/// a fenced code block counts, and an anchor is its heading in lower case with punctuation
/// other than `-` and `_` dropped and spaces turned into `-`.
enum MarkdownLinks {
    static func prose(_ text: String) -> [Substring] {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") { inFence.toggle(); return false }
            return !inFence
        }
    }

    static func targets(in text: String) -> [String] {
        prose(text).flatMap { line -> [String] in
            let pieces = line.components(separatedBy: "](").dropFirst()
            return pieces.compactMap { piece in piece.firstIndex(of: ")").map { String(piece[..<$0]) } }
        }
    }

    static func anchors(in text: String) -> Set<String> {
        Set(prose(text).compactMap { line -> String? in
            guard line.hasPrefix("#") else { return nil }
            let title = line.drop { $0 == "#" }.drop { $0 == " " }
            return String(title.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
        })
    }
}
