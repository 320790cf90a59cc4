import Dispatch
import Testing

@testable import FlowKernel

@Suite struct MainQueueTests {
    @Test func answersNoOffTheMainQueueInsideAndOutsideALoop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                #expect(!MainQueue.isCurrent)
                #expect(!MainQueue.isCurrentInLoop)
                MainQueue.sharingAnswer {
                    #expect(!MainQueue.isCurrentInLoop)
                    #expect(!MainQueue.isCurrentInLoop)
                }
                continuation.resume()
            }
        }
    }

    @Test @MainActor func answersYesOnTheMainQueueAndANestedLoopOnAnotherQueueAsksAgain() {
        MainQueue.sharingAnswer {
            #expect(MainQueue.isCurrentInLoop)
            // A listener that runs a nested loop inside a `sync` on another queue: the nested loop
            // asks again (the queue differs), and the outer answer is back afterwards.
            DispatchQueue(label: "nested").sync {
                MainQueue.sharingAnswer {
                    #expect(!MainQueue.isCurrentInLoop)
                }
            }
            #expect(MainQueue.isCurrentInLoop)
        }
        #expect(MainQueue.isCurrentInLoop == MainQueue.isCurrent)
    }

    @Test func theAnswerIsPerThread() async {
        await MainActor.run {
            MainQueue.sharingAnswer {
                #expect(MainQueue.isCurrentInLoop)
                let group = DispatchGroup()
                DispatchQueue.global().async(group: group) {
                    #expect(!MainQueue.isCurrentInLoop)
                }
                group.wait()
            }
        }
    }
}
