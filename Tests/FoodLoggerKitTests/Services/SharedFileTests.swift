import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct SharedFileTests {
    /// The most memory this process has held at once, in bytes.
    static func peakMemory() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Int(usage.ru_maxrss) * 1024
        #endif
    }

    @Test func concurrentWritersEachOpeningTheFileKeepEveryEntry() async throws {
        // Given 40 writers at once, each with its own SharedFile (its own open of the lock
        // file, as separate runs have), each adding one entry to what is on disk
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("cache/table.json")
        let writers = 40

        // When they all update at the same time
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    try? await SharedFile(url).update([String: Int].self) { onDisk in
                        var table = onDisk ?? [:]
                        table["writer \(writer)"] = writer
                        return table
                    }
                }
            }
        }

        // Then every entry is there, and no temporary file is left beside it
        let table = try #require(SharedFile(url).read([String: Int].self), "the file holds a table")
        #expect(table.count == writers, "every writer's entry kept: \(table.count) of \(writers)")
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted()
        #expect(names == ["table.json", "table.json.lock"], "the file and its lock, no temporary files: \(names)")
    }

    @Test func theLockExcludesASecondOpenUntilTheFirstIsDone() async throws {
        // Given one holder of the lock that sleeps while holding it
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("stamp")
        let order = Recorder()

        // When a second writer, with its own open, asks for the lock meanwhile
        async let first: Void = try SharedFile(url).withLock { () async throws(SharedFile.Failure) in
            order.append("first in")
            try? await Task.sleep(nanoseconds: 300_000_000)
            order.append("first out")
        }
        try? await Task.sleep(nanoseconds: 50_000_000)
        try await SharedFile(url).withLock { () throws(SharedFile.Failure) in order.append("second in") }
        try await first

        // Then the second gets it only after the first let go
        #expect(order.values == ["first in", "first out", "second in"], "\(order.values)")
    }

    @Test func aHugeFileIsAbsentAndIsNotReadIntoMemory() throws {
        // Given a 1 GiB file (sparse: it takes no disk)
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("places.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("{}".utf8)))
        #expect(truncate(url.path, 1 << 30) == 0, "a 1 GiB sparse file")
        let before = Self.peakMemory()

        // When it is read
        let data = SharedFile(url).read()

        // Then it is absent, and the process's peak memory did not grow by anything like its size
        #expect(data == nil, "larger than the cap: absent")
        let grown = Self.peakMemory() - before
        #expect(grown < 64 << 20, "peak memory grew by \(grown) bytes")
    }

    @Test func aFileJustUnderTheCapIsReadAndOneByteMoreIsNot() throws {
        // Given files of exactly the cap and one byte over it
        let folder = try TemporaryFolder()
        let fits = folder.url.appendingPathComponent("fits"), over = folder.url.appendingPathComponent("over")
        try Data(repeating: 65, count: 1000).write(to: fits)
        try Data(repeating: 65, count: 1001).write(to: over)

        // When each is read with a cap of 1000 bytes
        // Then the first is read whole and the second is absent
        #expect(SharedFile(fits, maxBytes: 1000).read()?.count == 1000, "at the cap: read")
        #expect(SharedFile(over, maxBytes: 1000).read() == nil, "over the cap: absent")
    }

    @Test func aFIFOOrAFolderIsAbsentWithoutBlocking() throws {
        // Given a FIFO nobody writes to, and a folder, where files are expected
        let folder = try TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)

        // When they are read
        // Then both are absent (reading the FIFO would wait for a writer forever)
        #expect(SharedFile(fifo).read() == nil, "a FIFO is no cache")
        #expect(SharedFile(folder.url).read() == nil, "a folder is no cache")
    }

    @Test func aFileThatIsNotTheExpectedJSONIsAbsentAndIsReplacedOnUpdate() async throws {
        // Given a file of garbage
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("table.json")
        try Data("not json".utf8).write(to: url)

        // When it is read as a table and then updated
        let read = SharedFile(url).read([String: Int].self)
        var seen: [String: Int]?? = .none
        try await SharedFile(url).update([String: Int].self) { onDisk in
            seen = .some(onDisk)
            return ["new": 1]
        }

        // Then it was absent both times and holds the update now, private to the user
        #expect(read == nil, "garbage is no table")
        #expect(seen == .some(nil), "the merge saw no table")
        #expect(SharedFile(url).read([String: Int].self) == ["new": 1])
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "written 0600, not \(String(mode ?? 0, radix: 8))")
    }

    @Test func aFolderThatCannotBeMadeIsAFailureNamingThePath() async throws {
        // Given a path under a regular file, where no folder can be made (even by root)
        let folder = try TemporaryFolder()
        let blocker = folder.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        let url = blocker.appendingPathComponent("cache/places.json")

        // When it is updated
        // Then the update fails, naming the folder and the system's reason
        await #expect(throws: SharedFile.Failure(blocker.appendingPathComponent("cache"), errno: ENOTDIR)) {
            try await SharedFile(url).update { _ in Data("x".utf8) }
        }
    }
}

/// What happened, in order, from any task.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var values: [String] { lock.withLock { recorded } }
    func append(_ value: String) { lock.withLock { recorded.append(value) } }

    @Test func aLinkedStateFileIsWrittenThroughAndStaysALink() async throws {
        // Given a cache table kept elsewhere through a link
        let folder = try TemporaryFolder()
        let target = folder.url.appendingPathComponent("elsewhere/table.json")
        let url = folder.url.appendingPathComponent("cache/table.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"before":1}"#.utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)

        // When it is updated
        try await SharedFile(url).update([String: Int].self) { onDisk in (onDisk ?? [:]).merging(["after": 2]) { $1 } }

        // Then the link stays and its target holds the change, with no temporary file beside it
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == target.path, "still a link")
        #expect(SharedFile(target).read([String: Int].self) == ["before": 1, "after": 2], "the target changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path) == ["table.json"])
    }

    @Test func aLinkThatLeadsNowhereYetMakesItsTarget() throws {
        // Given a link to a file not made yet
        let folder = try TemporaryFolder()
        let target = folder.url.appendingPathComponent("synced/list.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let url = folder.url.appendingPathComponent("list.json")
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)

        // When it is written
        try SharedFile(url).replace(with: Data("[1]".utf8))

        // Then the target is made, and the link still leads there
        #expect(try Data(contentsOf: target) == Data("[1]".utf8), "the target made")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == target.path, "still a link")
    }

    @Test func aLinkToADeviceIsReplacedItselfAndTheDeviceLeftAlone() throws {
        // Given a state file that is a link to /dev/null (run as root, a rename there would
        // replace the device)
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("stamp")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/null")

        // When it is written
        try SharedFile(url).replace(with: Data("x".utf8))

        // Then the link is replaced by the file, /dev/null is still a device, and nothing is left in /dev
        #expect(try Data(contentsOf: url) == Data("x".utf8), "the file written in the link's place")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) == nil, "no longer a link")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/null is a device still")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".null.") }
        #expect(leftovers.isEmpty, "no temporary file in /dev: \(leftovers)")
    }

    @Test func takingTheLockRemovesTheLeftoversOfKilledWritersOnly() async throws {
        // Given a last list, two copies killed writers left, a live writer's, and a file of
        // another name that merely looks alike
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("last-list.json")
        try Data("[]".utf8).write(to: url)
        let gone = [".last-list.json.999999999.1.tmp", ".last-list.json.4194305.2.tmp"]
        let kept = [".last-list.json.1.3.tmp", ".last-list.json.x.3.tmp", ".other.json.999999999.1.tmp"]
        for name in gone + kept { try Data("old".utf8).write(to: folder.url.appendingPathComponent(name)) }

        // When a run takes the lock (and changes nothing)
        try await SharedFile(url).withLock { () throws(SharedFile.Failure) in }

        // Then only the killed writers' copies are gone
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == (kept + ["last-list.json", "last-list.json.lock"]).sorted(), "\(names)")
    }

    @Test func aLockHeldTooLongIsAFailureThatSaysHowLong() async throws {
        // Given a file whose lock another run holds
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("stamp")
        let holder = try await SharedFile(url).lock()
        defer { close(holder) }

        // When another waits for it a short while
        let error = await #expect(throws: SharedFile.Failure.self) {
            try await SharedFile(url, lockWait: .milliseconds(100)).withLock { () throws(SharedFile.Failure) in }
        }

        // Then it gives up, saying the lock was held that long
        #expect(error?.lockHeld == .milliseconds(100) && error?.path == url.path + ".lock", "\(String(describing: error))")
    }
}
