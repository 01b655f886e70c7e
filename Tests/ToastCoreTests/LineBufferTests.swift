import Operations
import Testing
import ToastCore

private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
private func line(_ s: String) -> LineBuffer.Line { .line(bytes(s)) }

@Suite struct LineBufferTests {
    @Test func defaultLimitIsTheProtocolLimit() {
        #expect(LineBuffer().limit == ProtocolLimits.maxLineBytes)
        #expect(LineBuffer(limit: 10).limit == 10)
    }

    @Test func oneLine() {
        var buffer = LineBuffer()
        #expect(buffer.append(bytes("hello\n")) == [line("hello")])
        #expect(!buffer.hasPartialLine)
    }

    @Test func partialLineWaitsForItsNewline() {
        var buffer = LineBuffer()
        #expect(buffer.append(bytes("hel")).isEmpty)
        #expect(buffer.hasPartialLine)
        #expect(buffer.append(bytes("lo")).isEmpty)
        #expect(buffer.append(bytes(" world\nne")) == [line("hello world")])
        #expect(buffer.hasPartialLine)
        #expect(buffer.append(bytes("xt\n")) == [line("next")])
        #expect(!buffer.hasPartialLine)
    }

    @Test func byteByByte() {
        var buffer = LineBuffer()
        var lines: [LineBuffer.Line] = []
        for b in bytes("{\"op\":\"ping\"}\r\nsecond\n") { lines += buffer.append([b]) }
        #expect(lines == [line("{\"op\":\"ping\"}"), line("second")])
    }

    @Test func multiByteCharacterSplitAcrossChunks() {
        var buffer = LineBuffer()
        let all = bytes("é😀\n")
        #expect(buffer.append(all[0..<3]).isEmpty)
        #expect(buffer.append(all[3...]) == [.line(Array(all.dropLast()))])
    }

    @Test("a limit-sized line whose CR ends one read and LF begins the next is one line; a byte after the CR is too long")
    func crlfAtTheLimitAcrossReads() {
        var buffer = LineBuffer(limit: 4)
        #expect(buffer.append(bytes("abcd\r")).isEmpty)
        #expect(buffer.append(bytes("\nef\n")) == [line("abcd"), line("ef")])
        #expect(buffer.append(bytes("abcd\rx\nok\n")) == [.tooLong, line("ok")])
        #expect(buffer.append(bytes("abcd")).isEmpty)
        #expect(buffer.append(bytes("\n")) == [line("abcd")])
    }

    @Test func crlfIsStripped() {
        var buffer = LineBuffer()
        #expect(buffer.append(bytes("a\r\nb\r\n")) == [line("a"), line("b")])
    }

    @Test func crlfSplitBetweenChunks() {
        var buffer = LineBuffer()
        #expect(buffer.append(bytes("abc\r")).isEmpty)
        #expect(buffer.append(bytes("\n")) == [line("abc")])
    }

    @Test func onlyOneTrailingCRIsStrippedAndInnerCRsStay() {
        var buffer = LineBuffer()
        #expect(buffer.append(bytes("a\rb\r\r\n")) == [line("a\rb\r")])
    }

    @Test func severalLinesInOneChunk() {
        var buffer = LineBuffer()
        #expect(buffer.append(bytes("one\ntwo\nthree\nfou")) == [line("one"), line("two"), line("three")])
        #expect(buffer.append(bytes("r\n")) == [line("four")])
    }

    @Test func emptyLinesAreDelivered() {
        var buffer = LineBuffer()
        #expect(buffer.append(bytes("\n\r\nx\n")) == [line(""), line(""), line("x")])
    }

    @Test func emptyAppendDoesNothing() {
        var buffer = LineBuffer()
        #expect(buffer.append([UInt8]()).isEmpty)
        #expect(!buffer.hasPartialLine)
    }

    @Test func lineExactlyAtTheLimitIsKept() {
        var buffer = LineBuffer(limit: 5)
        #expect(buffer.append(bytes("12345\n")) == [line("12345")])
    }

    @Test func overLimitLineIsReportedOnceAndNextLineSurvives() {
        var buffer = LineBuffer(limit: 5)
        #expect(buffer.append(bytes("123456")) == [.tooLong])
        #expect(!buffer.hasPartialLine)
        // More of the same long line: dropped silently, not reported again.
        #expect(buffer.append(bytes("789012345678901234567890")).isEmpty)
        #expect(buffer.append(bytes("more")).isEmpty)
        #expect(buffer.append(bytes("end\nok\n")) == [line("ok")])
        #expect(buffer.append(bytes("fine\n")) == [line("fine")])
    }

    @Test func overLimitInOneChunkWithNeighbours() {
        var buffer = LineBuffer(limit: 4)
        let lines = buffer.append(bytes("ab\nthis is far too long\ncd\n"))
        #expect(lines == [line("ab"), .tooLong, line("cd")])
    }

    @Test func twoLongLinesAreTwoReports() {
        var buffer = LineBuffer(limit: 3)
        #expect(buffer.append(bytes("aaaaaa\nbbbbbbbb\nc\n")) == [.tooLong, .tooLong, line("c")])
    }

    @Test func crOfACRLFDoesNotCountTowardsTheLimit() {
        // A limit-sized line ending in CRLF is the same line as one ending in LF (issue 12);
        // a byte more is too long either way.
        var buffer = LineBuffer(limit: 5)
        #expect(buffer.append(bytes("12345\r\nnext\n")) == [line("12345"), line("next")])
        #expect(buffer.append(bytes("123456\r\nnext\n")) == [.tooLong, line("next")])
    }

    @Test func protocolSizedLongLine() {
        var buffer = LineBuffer()
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: ProtocolLimits.maxLineBytes + 10)
        var lines: [LineBuffer.Line] = []
        // Arrives in socket-sized reads.
        var start = 0
        while start < big.count {
            let end = min(big.count, start + 4096)
            lines += buffer.append(big[start..<end])
            start = end
        }
        lines += buffer.append(bytes("\n{\"op\":\"ping\"}\n"))
        #expect(lines == [.tooLong, line("{\"op\":\"ping\"}")])
        if case let .line(last)? = lines.last {
            #expect(Request.decode(line: last) == .success(.ping))
        }
    }
}
