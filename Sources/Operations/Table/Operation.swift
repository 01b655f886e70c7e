import JSONCodec
import ToastCore

/// One thing `xtoast` does, declared once in `Operation.table`: its command line (the parser,
/// `--help`, the man page, the completions), its op on the socket (the decoder, the fields it
/// takes, what the client prints of the reply) and the man page's examples of it.
public struct Operation: Sendable {
    /// `xtoast NAME`, and the op's name on the wire (`{"op":"NAME"}`): they are the same word.
    public let name: String
    /// Reads the command's arguments (those after NAME); nil for an op only programs send.
    let parse: (@Sendable ([String]) throws(UsageError) -> Command)?
    /// The op on the socket; nil for a command that sends nothing (`daemon`, `import-dunstrc`).
    public let wire: Wire?
    /// The texts, made only when asked (`--help`, the man page, completions): the client
    /// launches once per toast and reads none of them on its way.
    let makeDocs: @Sendable () -> Docs

    init(_ name: String, parse: (@Sendable ([String]) throws(UsageError) -> Command)?, wire: Wire?,
         docs: @escaping @Sendable () -> Docs) {
        self.name = name
        self.parse = parse
        self.wire = wire
        self.makeDocs = docs
    }

    public var docs: Docs { makeDocs() }

    /// The op's request on the socket, both ways: the fields the client writes of a request
    /// (`encode`, after `"op"`) and how the daemon reads them back (`decode`).
    public struct Wire: Sendable {
        /// Writes a request's fields (`Request.line`); given only requests of this op.
        typealias Encoder = @Sendable (Request, inout JSONWriter) -> Void
        /// Reads the fields (already checked against `fields`) into the request.
        typealias Decoder = @Sendable (Fields) throws(RequestError) -> Request

        /// The fields it takes besides `op`, in the order the error for an unknown one lists them.
        public let fields: [String]
        /// What the client prints of a successful reply to the request.
        public let reply: @Sendable (Request) -> ReplyOutput
        let encode: Encoder
        let decode: Decoder

        init(fields: [String], reply: ReplyOutput = .nothing, encode: @escaping Encoder, decode: @escaping Decoder) {
            self.init(fields: fields, replies: { _ in reply }, encode: encode, decode: decode)
        }

        /// An op whose requests print differently (`history` its entries, `history --clear` nothing).
        init(fields: [String], replies: @escaping @Sendable (Request) -> ReplyOutput, encode: @escaping Encoder,
             decode: @escaping Decoder) {
            self.fields = fields
            self.reply = replies
            self.encode = encode
            self.decode = decode
        }

        /// An op without fields that always means `request`.
        static func plain(_ request: Request, reply: ReplyOutput = .nothing) -> Wire {
            Wire(fields: [], reply: reply, encode: { _, _ in }) { _ throws(RequestError) in request }
        }
    }

    /// What `xtoast` prints of a successful reply.
    public enum ReplyOutput: Sendable {
        /// Nothing: the exit code says it.
        case nothing
        /// The toast's id.
        case id
        /// The reply's fields (without `ok`), as one JSON object.
        case json
        /// Every event that follows, one JSON line each, until the daemon goes away.
        case events
    }

    /// What the op looks like to a reader.
    public struct Docs: Sendable {
        /// `xtoast NAME --help`, its man page section and completions; nil for an op only
        /// programs send.
        public let command: CommandTable.Command?
        /// Its lines in `xtoast --help`'s overview (usage, then what it does); empty when
        /// another op's line names it too (`pause | resume`).
        public let overview: [(usage: String, text: String)]
        /// Requests for the man page's PROTOCOL section, with what each does; the operation
        /// table's test sends each one through the encoder and the decoder.
        public let examples: [(request: Request, meaning: String)]

        init(_ command: CommandTable.Command?, overview: [(usage: String, text: String)] = [],
             examples: [(request: Request, meaning: String)] = []) {
            self.command = command
            self.overview = overview
            self.examples = examples
        }
    }

    /// The op named `name` (a command or a wire op).
    public static func named(_ name: String) -> Operation? { table.first { $0.name == name } }

    /// A command without arguments that sends `request`: `xtoast NAME` alone.
    static func noArguments(_ name: String, _ request: Request) -> @Sendable ([String]) throws(UsageError) -> Command {
        { (rest) throws(UsageError) in
            guard rest.isEmpty else { throw UsageError("\(name) takes no arguments") }
            return .send(request)
        }
    }
}
