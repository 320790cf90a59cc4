import Dispatch
import Foundation
import PrexCore
import TestSupport
import Testing

/// `Dispatcher.dispatchAsync(_:)` and `Presenter.dispatchAsync(_:)`, the suspending dispatch that
/// async code calls (docs/threading.md, "Async code").
@Suite(timeLimit(minutes: 2)) struct AsyncDispatchTests {
    @Test func anAsyncDispatchReturnsAfterItsActionIsAppliedAndAnnounced() async {
        let flux = makeFlux()
        let heard = Log<TestAction>()
        let subscription = flux.dispatcher.register { heard.append($0) }
        await flux.dispatcher.dispatchAsync(.increment)
        #expect(flux.store.state.count == 1)
        #expect(heard.values == [.increment])
        await flux.dispatcher.dispatchAsync(.setTitle("t"))
        #expect(flux.store.state == TestState(count: 1, title: "t"))
        withExtendedLifetime(subscription) {}
    }

    @Test func asyncDispatchesFromManyTasksApplyEveryActionOnce() async {
        let flux = makeFlux()
        let finished = await finishes(within: 60) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        for _ in 0..<200 { await flux.dispatcher.dispatchAsync(.increment) }
                    }
                }
            }
        }
        #expect(finished, "a waiting task was never resumed")
        #expect(flux.store.state.count == 3_200)
    }

    /// Unlike an effect's dispatch, which drops its action once the effect is cancelled, the
    /// public async dispatch applies the action whatever the calling task's cancellation, as the
    /// synchronous dispatch does.
    @Test func aCancelledTasksAsyncDispatchIsStillApplied() async {
        let flux = makeFlux()
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            await flux.dispatcher.dispatchAsync(.increment)
        }
        task.cancel()
        await task.value
        #expect(flux.store.state.count == 1)
    }

    /// Tasks that find another thread's turn suspend: the pool's threads stay free for other
    /// tasks, nothing is applied until the turn ends, and then every action is.
    @Test func tasksThatFindTheTurnTakenSuspendAndLeaveThePoolFree() async {
        let flux = makeFlux()
        let probe = await probeThePoolWhileTasksWaitForATurn(
            hold: { whileHeld in
                let subscription = flux.dispatcher.register { action in
                    if action == .setTitle("hold") { whileHeld() }
                }
                flux.dispatcher.dispatch(.setTitle("hold"))
                flux.dispatcher.unregister(subscription)
            },
            dispatch: { await flux.dispatcher.dispatchAsync(.increment) })
        #expect(probe.probeRan, "the waiting tasks blocked the pool's threads")
        #expect(probe.held)
        #expect(probe.startedBeforeProbe == probe.taskCount)
        #expect(probe.returnedDuringHold == 0, "returned while another thread held the turn")
        #expect(probe.returned == probe.taskCount)
        #expect(flux.store.state.count == probe.taskCount)
    }

    /// A task started with `Task.immediate` from a callback runs on the thread that holds the turn
    /// until it first suspends: its async dispatch queues the action behind the current one, as
    /// the synchronous dispatch does there, and returns before it is applied (waiting there would
    /// wait for its own thread).
    @available(iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aTaskStartedImmediatelyInsideATurnQueuesItsActionBehindTheCurrentOne() {
        let flux = makeFlux()
        let log = Log<String>()
        let subscription = flux.dispatcher.register { action in
            log.append("heard \(action)")
            guard action == .increment else { return }
            Task.immediate {
                await flux.dispatcher.dispatchAsync(.setTitle("async"))
                log.append("dispatchAsync returned")
            }
            log.append("callback returned")
        }
        flux.dispatcher.dispatch(.increment)
        #expect(
            log.values == [
                "heard increment", "dispatchAsync returned", "callback returned",
                "heard setTitle(\"async\")",
            ])
        #expect(flux.store.state == TestState(count: 1, title: "async"))
        withExtendedLifetime(subscription) {}
    }

    /// The same task, dispatching into another flux whose turn another thread holds: its action is
    /// deferred, as a synchronous dispatch from there is, and applied by the task's thread as it
    /// leaves its outermost turn (waiting for that turn then), before the outer dispatch returns.
    @available(iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aTaskStartedImmediatelyInsideATurnDefersAnActionForAFluxHeldElsewhere() async {
        let a = makeFlux()
        let b = makeFlux()
        let gate = Gate()
        let log = Log<String>()
        let bListener = b.dispatcher.register { action in
            switch action {
            case .setTitle("hold"): gate.pass()
            case .setTitle("deferred"): log.append("b applied it on \(Thread.current.name ?? "?")")
            default: break
            }
        }
        Thread { b.dispatcher.dispatch(.setTitle("hold")) }.start()
        await gate.arrival()  // another thread holds b's turn
        // Should the task wait for b's turn instead, the dispatching thread would never release
        // the gate and the two threads would wait for each other: this ends that after 30 s, so
        // that the test fails by its log instead of hanging.
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) { gate.release() }

        let aListener = a.dispatcher.register { action in
            guard action == .increment else { return }
            Task.immediate {
                await b.dispatcher.dispatchAsync(.setTitle("deferred"))
                log.append("dispatchAsync returned")
            }
            gate.release()  // b's holder may end its turn: it leaves the deferred action alone
            log.append("listener returned")
        }
        let finished = await finishes(within: 60) {
            await runOnThreads(1) { _ in
                Thread.current.name = "dispatcher"
                a.dispatcher.dispatch(.increment)
                log.append("dispatch returned with b's title \(b.store.state.title)")
            }
        }
        #expect(finished, "the threads stalled")
        #expect(
            log.values == [
                "dispatchAsync returned", "listener returned", "b applied it on dispatcher",
                "dispatch returned with b's title deferred",
            ])
        withExtendedLifetime((aListener, bListener)) {}
    }
}

@MainActor
@Suite(timeLimit(minutes: 1)) struct PresenterAsyncDispatchTests {
    @Test func aPresentersAsyncDispatchAppliesTheActionThenTheViewShowsIt() async {
        let view = RecordingView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        await presenter.dispatchAsync(.increment)
        #expect(presenter.state.count == 1)
        await drainMainQueue()
        #expect(view.counts == [1])
        #expect(view.onMainQueue == [true])
    }
}
