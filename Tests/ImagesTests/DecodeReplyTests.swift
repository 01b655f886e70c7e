@testable import Images
import Testing

/// What a decoder process writes back (`DecodeHelper.Reply`) and how the daemon reads it:
/// the bytes are the only thing that crosses from the process that touched the file, so a
/// reply that lies about its size, stops short or is not a reply at all must read as nothing.
@Suite struct DecodeReplyTests {
    typealias Reply = DecodeHelper.Reply

    /// A 2×1 image: one opaque blue pixel, one transparent.
    static let image = DecodedImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 0, 0])

    @Test("an image is a byte 1, width and height little-endian, then the BGRA pixels; it reads back whole")
    func imageReply() throws {
        let bytes = Reply.encode(.success(Self.image))
        #expect(bytes == [1, 2, 0, 0, 0, 1, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0])
        #expect(Reply.expectedLength(Array(bytes.prefix(9))) == bytes.count)
        guard case let .success(image)? = Reply.decode(bytes, box: 16) else { throw Failure("the reply did not read back") }
        #expect(image.width == 2 && image.height == 1 && image.pixels == Self.image.pixels)
    }

    @Test("a failure is a byte 0 and the reason, cut at 512 bytes")
    func failureReply() throws {
        #expect(Reply.encode(.failure(ImageError("not an image"))) == [0] + Array("not an image".utf8))
        let long = Reply.failure(String(repeating: "x", count: 2000))
        #expect(long.count == 1 + Reply.maxReasonBytes)
        guard case let .failure(error)? = Reply.decode(long, box: 16) else { throw Failure("the failure did not read back") }
        #expect(error.reason.count == Reply.maxReasonBytes)
        #expect(Reply.expectedLength(long) == nil, "a failure runs to the end of the output")
    }

    @Test("a header not yet whole has no length; one claiming a side past 4096 px is only its header")
    func expectedLength() {
        #expect(Reply.expectedLength([1, 2, 0, 0]) == nil)
        #expect(Reply.expectedLength([]) == nil)
        // 60000 × 60000 would be 14 GB: the reader stops at the header and refuses it.
        #expect(Reply.expectedLength([1, 0x60, 0xEA, 0, 0, 0x60, 0xEA, 0, 0]) == 9)
        #expect(Reply.expectedLength([1, 0, 0x10, 0, 0, 0, 0x10, 0, 0]) == 9 + 4096 * 4096 * 4)
    }

    @Test("a reply that is short, too long, larger than the box asked for, empty or of no kind reads as nothing")
    func malformedReplies() {
        let whole = Reply.encode(.success(Self.image))
        #expect(Reply.decode(Array(whole.dropLast()), box: 16) == nil, "a pixel short (the decoder died)")
        #expect(Reply.decode(whole + [0], box: 16) == nil, "a byte too many")
        #expect(Reply.decode(whole, box: 1) == nil, "2 px wide for a 1 px box")
        #expect(Reply.decode([1, 0, 0, 0, 0, 0, 0, 0, 0], box: 16) == nil, "0 × 0")
        #expect(Reply.decode([], box: 16) == nil)
        #expect(Reply.decode([7, 1, 2, 3], box: 16) == nil)
    }

    @Test("the decode budget: 2 s, or XTOAST_IMAGE_BUDGET seconds from 0.05 to 60; anything else is ignored")
    func budget() {
        #expect(DecodeWorker.budget(from: nil) == 2)
        #expect(DecodeWorker.budget(from: "0.5") == 0.5)
        #expect(DecodeWorker.budget(from: "0.05") == 0.05)
        #expect(DecodeWorker.budget(from: "60") == 60)
        for ignored in ["0.01", "61", "-1", "", "two", "nan", "inf"] {
            #expect(DecodeWorker.budget(from: ignored) == 2, "\(ignored)")
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
