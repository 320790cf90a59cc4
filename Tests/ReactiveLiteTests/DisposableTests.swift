import Foundation
import TestSupport
import Testing

@testable import ReactiveLite

@Suite struct AnyDisposableTests {
    @Test func runsItsHandlerOnceOnly() {
        let counter = Counter()
        let disposable = AnyDisposable { counter.increment() }
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(counter.value == 1)
    }

    @Test func concurrentDisposalRunsTheHandlerOnce() async {
        let counter = Counter()
        let disposable = AnyDisposable { counter.increment() }
        await runOnThreads(8) { _ in disposable.dispose() }
        #expect(counter.value == 1)
    }

    /// Documented: a later call does not wait for the closure (waiting could deadlock).
    @Test(timeLimit(minutes: 1))
    func aSecondCallWhileTheHandlerRunsReturnsWithoutWaitingForIt() async {
        let gate = Gate()
        let runs = Counter()
        let disposable = AnyDisposable {
            runs.increment()
            gate.pass()
        }
        Thread { disposable.dispose() }.start()
        await gate.arrival()
        let secondReturned = Shared(false)
        Thread {
            disposable.dispose()
            secondReturned.value = true
        }.start()
        #expect(await eventually(within: 5) { secondReturned.value })
        #expect(disposable.isDisposed)
        gate.release()
        #expect(runs.value == 1)
    }

    @Test func plainDisposableRecordsDisposal() {
        let disposable = AnyDisposable()
        disposable.dispose()
        #expect(disposable.isDisposed)
    }

    /// The handler, and what it captured, is released once it has run: a disposable kept for
    /// longer (in a scope, a property) does not keep an observer's captures alive.
    @Test func theHandlerIsReleasedOnceItHasRun() {
        final class Captured: Sendable {}
        var captured: Captured? = Captured()
        weak let watched = captured
        let disposable = AnyDisposable { [captured] in withExtendedLifetime(captured) {} }
        captured = nil
        #expect(watched != nil, "the handler holds what it captured until it runs")
        disposable.dispose()
        #expect(watched == nil)
        withExtendedLifetime(disposable) {}
    }
}

@Suite struct DisposableScopeTests {
    @Test func readmeExampleDisposesWhenTheScopeIsReleased() {
        let sink = Sink<Int>()
        let recorder = Recorder<Int>()
        var disposableScope: DisposableScope? = DisposableScope()

        disposableScope += sink.signal.observe(recorder.observer)
        sink.send(value: 1)
        disposableScope = nil
        sink.send(value: 2)

        #expect(recorder.values == [1])
        #expect(sink.channel.observerCount == 0)
    }

    @Test func disposesInInsertionOrder() {
        let recorder = Recorder<Int>()
        let scope = DisposableScope(disposables: [AnyDisposable { recorder.append(1) }])
        scope += AnyDisposable { recorder.append(2) }
        scope.add(disposable: AnyDisposable { recorder.append(3) })
        scope.dispose()
        scope.dispose()
        #expect(scope.isDisposed)
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func addingToADisposedScopeDisposesAtOnce() {
        let scope = DisposableScope()
        scope.dispose()
        let disposable = AnyDisposable()
        scope += disposable
        #expect(disposable.isDisposed)
    }

    @Test func addingAnAlreadyDisposedDisposableDoesNotKeepIt() {
        let scope = DisposableScope()
        weak var released: AnyDisposable?
        do {
            let disposable = AnyDisposable()
            released = disposable
            disposable.dispose()
            scope += disposable
        }
        #expect(released == nil)
        #expect(!scope.isDisposed)
    }

    /// A scope that lives as long as its owner lets go of the disposables that ended after they
    /// were added, as more are added: its size follows the observations still running, not every
    /// observation the owner ever made. Those still running are disposed of with the scope, in
    /// the order they were added.
    @Test func aLongLivedScopeLetsGoOfDisposablesThatEndedAfterTheyWereAdded() {
        let scope = DisposableScope()
        let recorder = Recorder<Int>()
        weak var released: AnyDisposable?
        do {
            let ended = AnyDisposable()
            released = ended
            scope += ended
            ended.dispose()
        }
        scope += AnyDisposable { recorder.append(1) }
        for _ in 0..<1_000 {
            let ended = AnyDisposable()
            scope += ended
            ended.dispose()
        }
        scope += AnyDisposable { recorder.append(2) }
        #expect(released == nil)
        #expect(recorder.values == [])
        scope.dispose()
        #expect(recorder.values == [1, 2])
    }

    /// Threads adding to one scope while they dispose of half of what they added (so the scope
    /// sweeps while others add): the scope keeps every disposable still running, and disposes of
    /// each of them once when it goes.
    @Test func sweepsWhileThreadsAddLoseNothing() async {
        let scope = DisposableScope()
        let disposedByScope = Shared(0)
        let threads = 8
        let perThread = 2_000
        await runOnThreads(threads) { _ in
            for index in 0..<perThread {
                if index.isMultiple(of: 2) {
                    scope += AnyDisposable { disposedByScope.withLock { $0 += 1 } }
                } else {
                    let ended = AnyDisposable()
                    scope += ended
                    ended.dispose()
                }
            }
        }
        #expect(disposedByScope.value == 0)
        scope.dispose()
        #expect(disposedByScope.value == threads * perThread / 2)
    }

    @Test func initializerDropsAlreadyDisposedDisposables() {
        weak var released: AnyDisposable?
        let recorder = Recorder<Int>()
        let scope: DisposableScope
        do {
            let ended = AnyDisposable()
            released = ended
            ended.dispose()
            scope = DisposableScope([ended, AnyDisposable { recorder.append(1) }])
        }
        #expect(released == nil)
        scope.dispose()
        #expect(recorder.values == [1])
    }

    @Test func sequenceInitializerKeepsAndDisposesInOrder() {
        let recorder = Recorder<Int>()
        let disposables: [any Disposable] = (1...3).map { index in AnyDisposable { recorder.append(index) } }
        let scope = DisposableScope(disposables.lazy.reversed())
        scope.dispose()
        #expect(recorder.values == [3, 2, 1])
    }

    @Test func addingToANilScopeDisposesAtOnce() {
        let scope: DisposableScope? = nil
        let disposable = AnyDisposable()
        scope += disposable
        #expect(disposable.isDisposed)
    }

    @Test func releasesTheObserverClosureOnDisposal() {
        let sink = Sink<Int>()
        let scope = DisposableScope()
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            scope += sink.signal.observe { _ in _ = owner }
        }
        #expect(weakOwner != nil)
        scope.dispose()
        #expect(weakOwner == nil)
    }

    /// Thread A disposes of the scope and is held inside its first disposable (a source's slow
    /// stop). A second `dispose()` here used to return at once with the scope's second observation
    /// still live, so a value set after it reached the observer.
    @Test func aSecondDisposeReturnsOnlyOnceEveryDisposableIsDisposedOf() async {
        let gate = Gate()
        let variable = Variable(0)
        let recorder = Recorder<Int>()
        let slowStop = Signal<Int> { _ in AnyDisposable { gate.pass() } }
        let scope = DisposableScope()
        scope += slowStop.observe { _ in }
        scope += variable.signal.observe(recorder.observer)
        let firstReturned = Counter()
        Thread {
            scope.dispose()
            firstReturned.increment()
        }.start()
        await gate.arrival()

        scope.dispose()
        variable.value = 1
        #expect(firstReturned.value == 0)
        gate.release()
        #expect(await eventually { firstReturned.value == 1 })
        #expect(recorder.values == [0])
    }

    /// A scope added to itself, or two scopes holding each other: disposing of one disposes of
    /// each once and returns (it used to call itself until the stack overflowed).
    @Test func aScopeAddedToItselfOrToAScopeItHoldsIsDisposedOfOnce() {
        let alone = DisposableScope()
        let disposedWithAlone = Counter()
        alone += AnyDisposable { disposedWithAlone.increment() }
        alone += alone
        alone.dispose()
        #expect(alone.isDisposed)
        #expect(disposedWithAlone.value == 1)

        let first = DisposableScope()
        let second = DisposableScope()
        let disposedWithSecond = Counter()
        first += second
        second += first
        second += AnyDisposable { disposedWithSecond.increment() }
        first.dispose()
        #expect(first.isDisposed && second.isDisposed)
        #expect(disposedWithSecond.value == 1)
    }

    /// A disposable of the user's whose `dispose()` disposes of the scope that holds it, and does
    /// its work each time it is called: called once, and the disposables after it still are.
    @Test func aDisposableThatDisposesOfItsOwnScopeIsCalledOnce() {
        final class DisposingItsScope: Disposable, @unchecked Sendable {
            // Only the test's thread touches these.
            weak var scope: DisposableScope?
            var calls = 0
            var isDisposed: Bool { calls > 0 }
            func dispose() {
                calls += 1
                scope?.dispose()
            }
        }
        let scope = DisposableScope()
        let disposable = DisposingItsScope()
        disposable.scope = scope
        let after = Counter()
        scope += disposable
        scope += AnyDisposable { after.increment() }
        scope.dispose()
        #expect(disposable.calls == 1)
        #expect(after.value == 1)
    }
}

/// The slot behind `observe(duringScopeOf:)`, bindings, operators and `values`.
@Suite struct DisposableSlotTests {
    /// A disposable whose first `dispose()` stops at `gate` before it takes effect, as a thread
    /// preempted on its way would; a later call takes effect at once.
    final class SlowFirstDisposal: Disposable {
        let gate = Gate()
        private let state = Shared((calls: 0, stopped: false))

        var isDisposed: Bool { state.value.stopped }

        func dispose() {
            let isFirst = state.withLock { state in
                state.calls += 1
                return state.calls == 1
            }
            if isFirst { gate.pass() }
            state.withLock { $0.stopped = true }
        }
    }

    /// `Disposable`: once `dispose()` returns, the observer is not called again. A second call,
    /// made while the first is still on its way to what the slot holds, must not return before
    /// that is disposed of.
    @Test(timeLimit(minutes: 1))
    func aSecondDisposalReturnsOnlyOnceWhatTheSlotHoldsIsDisposedOf() async {
        let slot = DisposableSlot()
        let inner = SlowFirstDisposal()
        slot.set(inner)
        let firstReturned = Shared(false)
        Thread {
            slot.dispose()
            firstReturned.value = true
        }.start()
        await inner.gate.arrival()
        slot.dispose()
        #expect(inner.isDisposed)
        #expect(!firstReturned.value)
        inner.gate.release()
        #expect(await eventually { firstReturned.value })
        #expect(slot.isDisposed)
    }
}
