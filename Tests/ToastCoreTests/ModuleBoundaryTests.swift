import Foundation
import Testing

/// Issue 44: ToastCore is the model, by module boundary. The JSON codec (`JSONCodec`) and the
/// pattern engine (`Patterns`) sit below it, the only modules it imports; the command line,
/// the operation table and the wire protocol's requests (`Operations`) and the config file's
/// parser (`ConfigParsing`) sit above it, so the
/// compiler refuses a model file that reaches for them. Read from the tree and Package.swift.
@Suite struct ModuleBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The paths of the Swift files under `Sources/<module>`, relative to that folder.
    static func files(of module: String) -> [String] {
        let folder = root.appendingPathComponent("Sources/\(module)")
        let walker = FileManager.default.enumerator(atPath: folder.path)
        return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
    }

    /// The modules `Sources/<module>`'s files import (system modules included).
    static func imports(of module: String) -> Set<String> {
        var modules: Set<String> = []
        for file in files(of: module) {
            let text = (try? String(contentsOf: root.appendingPathComponent("Sources/\(module)/\(file)"), encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if let at = words.firstIndex(of: "import"), at + 1 < words.count, at == 0 || words[0] == "@testable" {
                    modules.insert(String(words[at + 1]))
                }
            }
        }
        return modules
    }

    /// A target's `dependencies: [...]` in Package.swift, or nil when it is not declared.
    static func dependencies(of target: String) -> [String]? {
        guard let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8),
              let declaration = manifest.range(of: ".target(name: \"\(target)\"") else { return nil }
        let rest = manifest[declaration.upperBound...]
        guard let close = rest.firstIndex(of: ")") else { return nil }
        let arguments = rest[..<close]
        guard let open = arguments.range(of: "dependencies: [") else { return [] }
        let list = arguments[open.upperBound...].prefix { $0 != "]" }
        return list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
    }

    @Test("ToastCore holds no protocol, command-line, operation or regex files")
    func theModelHoldsOnlyTheModel() {
        let files = Self.files(of: "ToastCore")
        #expect(files.count > 100, "Sources/ToastCore was not found from \(Self.root.path)")
        for folder in ["Protocol/", "CommandLine/", "Operations/"] {
            #expect(!files.contains { $0.hasPrefix(folder) }, "Sources/ToastCore/\(folder) is back")
        }
        // Each file by its type's name (`Request+Decoding.swift` is `Request`'s), and where it lives now.
        let elsewhere = ["Request": "Operations", "Command": "Operations", "CommandParser": "Operations",
                         "CommandTable": "Operations", "Operation": "Operations", "OperationTable": "Operations",
                         "FieldRules": "Operations", "LineBuffer": "Operations", "SocketPath": "Operations",
                         "ServerMessage": "Operations", "Dunstctl": "Operations", "Help": "Operations",
                         "GlobPattern": "Patterns", "PosixRegex": "Patterns", "RegexSyntax": "Patterns",
                         "RegexProgram": "Patterns", "RegexBitParallel": "Patterns",
                         "JSON": "JSONCodec", "JSONWriter": "JSONCodec", "ConfigParser": "ConfigParsing"]
        for file in files {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            let type = String(name.prefix { $0 != "+" && $0 != "." })
            if let module = elsewhere[type] { Issue.record("Sources/ToastCore/\(file) belongs in \(module)") }
        }
        #expect(!files.contains { $0.lowercased().contains("regex") }, "a regular expression file in the model")
    }

    @Test("ToastCore depends on the codec and the pattern engine only, and they on nothing of ours")
    func theModelStandsOnTwoModules() {
        #expect(Self.dependencies(of: "ToastCore") == ["JSONCodec", "Patterns"])
        #expect(Self.dependencies(of: "JSONCodec") == [])
        #expect(Self.dependencies(of: "Patterns") == [])
        #expect(Self.imports(of: "ToastCore").isSubset(of: ["JSONCodec", "Patterns", "Glibc"]), "\(Self.imports(of: "ToastCore"))")
        #expect(Self.imports(of: "JSONCodec").isSubset(of: ["Glibc"]))
        #expect(Self.imports(of: "Patterns").isSubset(of: ["Glibc"]))
        #expect(Self.dependencies(of: "Operations")?.contains("ToastCore") == true, "the operations stand on the model")
        #expect(Self.dependencies(of: "ConfigParsing")?.contains("ToastCore") == true, "the config parser stands on the model")
    }
}
