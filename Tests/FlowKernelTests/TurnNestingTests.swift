import Foundation
import TestSupport
import Testing

@testable import FlowKernel

/// A chain of sources whose work calls the next one nests one turn per link on the calling
/// thread; past ``Turn/nestingLimit`` the work is deferred to the end of the outermost turn, so a
/// chain of any length runs in bounded stack (docs/threading.md, "Nesting").
@Suite struct TurnNestingTests {
    /// The links of a chain: the item of source `index` records itself, then sends into the next.
    final class Chain: Sendable {
        let sources: [Source]
        let applied = Recorder<Int>()
        let appliedCount = Counter()
        let deepest = Locked(0)
        /// Links whose call into the next returned before the next link's work was applied.
        let returnedBeforeTheNextWasApplied = Counter()

        init(length: Int) {
            sources = (0..<length).map { _ in Source() }
        }

        func send(_ index: Int, direct: Bool) {
            let body: @Sendable (UInt) -> Void = { _ in
                self.applied.append(index)
                self.appliedCount.increment()
                self.deepest.withLock { $0 = max($0, Turn<Source.Item>.nestingDepth) }
                if index + 1 < self.sources.count {
                    self.send(index + 1, direct: direct)
                    if self.appliedCount.value < index + 2 {
                        self.returnedBeforeTheNextWasApplied.increment()
                    }
                }
            }
            if direct {
                sources[index].sendDirect(body)
            } else {
                sources[index].send(body)
            }
        }
    }

    @Test(arguments: [false, true])
    func aChainLongerThanTheLimitRunsInBoundedStackAndIsAppliedBeforeTheOutermostCallReturns(
        direct: Bool
    ) async {
        // Links nested one within another overflowed a 512 KiB stack from about 300 on, in a debug
        // build, before the limit; and 50,000 links, deferred every `nestingLimit` links, did while
        // each deferred run applied the next from inside itself.
        let length = 50_000
        let chain = Chain(length: length)
        let appliedWhenTheCallReturned = Locked(0)
        await runOnThread(stackSize: secondaryThreadStackSize) {
            chain.send(0, direct: direct)
            appliedWhenTheCallReturned.withLock { $0 = chain.appliedCount.value }
        }
        #expect(appliedWhenTheCallReturned.withLock { $0 } == length)
        #expect(chain.applied.values == Array(0..<length), "links were applied out of order or twice")
        #expect(chain.deepest.withLock { $0 } == Turn<Source.Item>.nestingLimit)
        // Each deferral let the stack unwind: one call in every `nestingLimit` links returned first.
        #expect(chain.returnedBeforeTheNextWasApplied.value == (length - 1) / Turn<Source.Item>.nestingLimit)
        #expect(chain.sources.allSatisfy { $0.isIdle })
    }

    /// Below the limit nothing changes: a call forwarded into a free turn takes it and applies its
    /// work before it returns.
    @Test(arguments: [false, true])
    func belowTheLimitAForwardedCallAppliesItsWorkBeforeItReturns(direct: Bool) {
        let chain = Chain(length: Turn<Source.Item>.nestingLimit)
        chain.send(0, direct: direct)
        #expect(chain.applied.values == Array(0..<Turn<Source.Item>.nestingLimit))
        #expect(chain.returnedBeforeTheNextWasApplied.value == 0)
    }
}
