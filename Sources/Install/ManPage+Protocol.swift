import Operations
import ToastCore

extension ManPage {
    /// `xtoast-protocol(7)`: every request (an example of each, and the fields each op takes,
    /// from `Operation.table`), the replies, every event and dismissal reason, and a Python
    /// and a shell client.
    public static func socketProtocol(date: String) -> String {
        var page = [Roff.header("xtoast-protocol", section: 7, date: date, manual: "Miscellaneous")]
        page += [".SH NAME", "xtoast\\-protocol \\- the JSON lines xtoast's daemon speaks on its socket"]
        page += protocolReference()
        page += [".SS Fields"] + Roff.paragraph("Each op takes these fields besides op; any other is refused, naming the ones it takes.")
        for op in Operation.table {
            guard let wire = op.wire else { continue }
            page += [".TP", Roff.bold(op.name)] + Roff.paragraph(wire.fields.isEmpty ? "none" : wire.fields.joined(separator: ", "))
        }
        page += [".SH EXAMPLES", "Python: show a question and wait for the answer.", ".PP", ".RS", ".nf"]
        page += python.split(separator: "\n", omittingEmptySubsequences: false).map(Roff.text)
        page += [".fi", ".RE", ".PP", "The shell, with socat: show a toast, then follow every toast's events.", ".PP", ".RS", ".nf"]
        page += shell.split(separator: "\n", omittingEmptySubsequences: false).map(Roff.text)
        page += [".fi", ".RE", ".SH SEE ALSO"] + seeAlso(except: "xtoast-protocol")
        return page.joined(separator: "\n") + "\n"
    }

    static let python = """
        import json, os, socket
        # The daemon of display :0 (xtoast doctor names the socket it found).
        path = os.environ.get("XTOAST_SOCKET") or os.environ["XDG_RUNTIME_DIR"] + "/xtoast-:0.sock"
        s = socket.socket(socket.AF_UNIX)
        s.connect(path)
        s.sendall(json.dumps({"op": "show", "title": "Deploy?", "message": "Build 214",
                              "timeout": 0, "actions": [{"id": "yes", "label": "Deploy"}]}).encode() + b"\\n")
        lines = s.makefile()
        toast = json.loads(lines.readline())["id"]
        for line in lines:
            event = json.loads(line)
            if event.get("id") == toast and event["event"] in ("action", "dismissed"):
                print(event)
                break
        """

    static let shell = """
        sock=${XTOAST_SOCKET:-$XDG_RUNTIME_DIR/xtoast-:0.sock}    # display :0
        echo '{"op":"show","message":"Backup done","kind":"success"}' |
            socat -t 1 - UNIX-CONNECT:"$sock"
        echo '{"op":"subscribe"}' | socat -t 86400 - UNIX-CONNECT:"$sock"
        """
}
