import Foundation
import Testing

@testable import FlowKernel

/// docs/threading.md states the kernel's tuning constants by value and by name: the retries of a
/// waiter and the batch of an executor's drain. A change to either side fails here until the other
/// follows.
@Suite struct DocumentedConstantsTests {
    /// The chapter's text with every run of white space made one space, so that a sentence can be
    /// found across the lines it wraps on.
    static func threadingChapter() throws -> String {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(
            contentsOf: root.appendingPathComponent("docs/threading.md"), encoding: .utf8)
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theWaitersRetriesAndYieldsAreTheOnesTheChapterStates() throws {
        let chapter = try Self.threadingChapter()
        let contended = "it tries \(Locked<Int>.contendedLockRetries) times (`Locked.contendedLockRetries`)"
        let yields = "then \(Locked<Int>.lockYields) times more, yielding the processor before each try"
        let occasional = "thread tries \(Locked<Int>.lockRetries) times (`Locked.lockRetries`)"
        #expect(chapter.contains(contended), "docs/threading.md should say: \(contended)")
        #expect(chapter.contains(yields), "docs/threading.md should say: \(yields)")
        #expect(chapter.contains(occasional), "docs/threading.md should say: \(occasional)")
    }

    @Test func theDrainsBatchIsTheOneTheChapterStates() throws {
        let chapter = try Self.threadingChapter()
        let batch = "at most \(ExecutorDrain.batchLimit) (`ExecutorDrain.batchLimit`"
        #expect(chapter.contains(batch), "docs/threading.md should say: \(batch)")
    }
}
