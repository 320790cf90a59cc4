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

    @Test func plainDisposableRecordsDisposal() {
        let disposable = AnyDisposable()
        disposable.dispose()
        #expect(disposable.isDisposed)
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
}
