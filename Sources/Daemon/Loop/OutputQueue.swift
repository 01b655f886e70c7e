import JSONCodec
import ToastCore
import Transport

/// The lines waiting to go out to one client, as chunks freed the moment they are written.
/// One array trimmed from its front kept its largest size for the connection's life (a
/// drained 2 MiB backlog stayed 2 MiB) and moved its whole rest at each partial write.
struct OutputQueue {
    /// Small lines are gathered into chunks of this size (one write each), each reserved
    /// whole: at malloc's mmap threshold (`ProcessMemory`), so a chunk is pages of its own,
    /// resident only as far as it is filled and given back when written. A longer line (a
    /// big reply) is a chunk of its own.
    static let chunkBytes = 128 << 10

    private var chunks: [[UInt8]] = []
    /// How much of the first chunk is written already.
    private var offset = 0
    /// Bytes waiting.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Queues `json` and its newline.
    mutating func append(_ json: JSON) { append(line: json.utf8) }

    /// Queues a line already encoded (an event going to many clients is encoded once), and
    /// its newline.
    mutating func append(line: [UInt8]) {
        let size = line.count + 1
        if let last = chunks.indices.last, chunks[last].count + size <= Self.chunkBytes {
            chunks[last] += line
            chunks[last].append(0x0A)
        } else {
            var chunk = [UInt8]()
            chunk.reserveCapacity(max(size, Self.chunkBytes))
            chunk += line
            chunk.append(0x0A)
            chunks.append(chunk)
        }
        count += size
    }

    /// Writes what `socket` takes now, chunk after chunk; the bytes written, or nil when the
    /// peer is gone.
    mutating func write(to socket: UnixSocket) -> Int? {
        var written = 0
        while let first = chunks.first {
            guard let n = socket.write(first[offset...]) else { return nil }
            written += n
            count -= n
            offset += n
            guard offset == first.count else { break }
            chunks.removeFirst()
            offset = 0
        }
        return written
    }

    /// Everything waiting is forgotten (the client is dropped).
    mutating func removeAll() {
        chunks = []
        offset = 0
        count = 0
    }
}
