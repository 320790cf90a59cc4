import Dispatch
import PrexCore
import TestSupport
import Testing

/// A state whose two properties must always agree: a torn read would show them apart.
private struct ListState: State, Equatable {
    var items: [Int] = []
    var count = 0
}

private enum ListAction: Action {
    case append(Int)
    /// Appends, then waits for `release` after signalling `started`: a mutation that takes time.
    case appendSlowly(Int, started: DispatchSemaphore, release: DispatchSemaphore)
    /// Records the other flux's count as seen from inside this mutation.
    case readOther
    /// Records this flux's own count as seen from inside its mutation.
    case readOwn
}

/// Lets a mutation reach a store that exists only after the mutation does; weak, as the flux holds
/// the mutation.
private final class StoreSlot: Sendable {
    private struct Weak {
        weak var store: Store<ListState>?
    }

    private let slot = Locked(Weak())

    func set(_ store: Store<ListState>) {
        slot.withLock { $0.store = store }
    }

    var count: Int? {
        slot.withLock { $0.store }?.state.count
    }
}

private struct ListMutation: Mutation {
    let own = StoreSlot()
    let other = StoreSlot()
    let reads = Log<Int?>()

    func mutate(action: ListAction, state: inout ListState) {
        switch action {
        case .append(let value):
            state.items.append(value)
            state.count = state.items.count
        case .appendSlowly(let value, let started, let release):
            state.items.append(value)
            started.signal()
            release.wait()
            state.count = state.items.count
        case .readOther:
            reads.append(other.count)
        case .readOwn:
            reads.append(own.count)
        }
    }
}

private func makeInPlaceFlux(
    _ state: ListState = ListState(),
    mutation: ListMutation = ListMutation()
) -> Flux<ListAction, ListState> {
    let flux = Flux(mutatingInPlace: state, mutation: mutation)
    mutation.own.set(flux.store)
    return flux
}

/// The address and capacity of the items' storage, read from a copy that is released at once.
private func buffer(_ store: Store<ListState>) -> (address: UInt, capacity: Int) {
    let items = store.state.items
    return (items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, items.capacity)
}

/// `Flux(mutatingInPlace:mutation:)`: mutations change the store's state in place.
@Suite(timeLimit(minutes: 1)) struct InPlaceFluxTests {
    @Test func mutationsAppendInPlaceWhenNothingElseHoldsTheState() {
        let flux = makeInPlaceFlux()
        var buffers: [(address: UInt, capacity: Int)] = []
        for value in 0..<200 {
            flux.dispatcher.dispatch(.append(value))
            buffers.append(buffer(flux.store))
        }
        // The storage moves only when the array outgrows its capacity, never to copy it.
        for (previous, next) in zip(buffers, buffers.dropFirst()) where previous.capacity == next.capacity {
            #expect(previous.address == next.address)
        }
        #expect(Set(buffers.map(\.capacity)).count < 20)
        #expect(flux.store.state == ListState(items: Array(0..<200), count: 200))
    }

    @Test func theDefaultFluxCopiesTheStateOnEveryAction() {
        // The contrast the test above relies on: there, the previous state is kept for the
        // listeners and readers, so each append copies the array to a new buffer.
        let flux = Flux(state: ListState(), mutation: ListMutation())
        var addresses: [UInt] = []
        for value in 0..<50 {
            flux.dispatcher.dispatch(.append(value))
            addresses.append(buffer(flux.store).address)
        }
        for (previous, next) in zip(addresses, addresses.dropFirst()) {
            #expect(previous != next)
        }
    }

    @Test func listenersReceiveTheNewStateWithNoOldStateSoEveryPropertyCountsAsChanged() {
        let flux = makeInPlaceFlux()
        let log = Log<StateChange<ListState>>()
        let subscription = flux.store.addListener { log.append($0) }
        flux.dispatcher.dispatch(.append(7))
        flux.dispatcher.dispatch(.readOwn)

        #expect(
            log.values == [
                StateChange(new: ListState(items: [7], count: 1), old: nil),
                StateChange(new: ListState(items: [7], count: 1), old: nil),
            ])
        // An action that changed nothing still reports every property as changed: no diff.
        #expect(log.values.last?.count?.value == 1)
        withExtendedLifetime(subscription) {}
    }

    @Test func announcedChangesAreConsecutiveUnderConcurrentDispatch() async {
        let flux = makeInPlaceFlux()
        let log = Log<Int>()
        let subscription = flux.store.addListener { log.append($0.new.count) }
        await runOnThreads(4) { thread in
            for index in 0..<500 {
                flux.dispatcher.dispatch(.append(thread * 500 + index))
            }
        }
        #expect(log.values == Array(1...2_000))
        #expect(flux.store.state.items.sorted() == Array(0..<2_000))
        withExtendedLifetime(subscription) {}
    }

    @Test func readersOnOtherThreadsNeverSeeAPartlyMutatedState() async {
        let flux = makeInPlaceFlux()
        let torn = Counter()
        await runOnThreads(3) { thread in
            if thread == 0 {
                for value in 0..<3_000 {
                    flux.dispatcher.dispatch(.append(value))
                }
            } else {
                for _ in 0..<2_000 {
                    let state = flux.store.state
                    if state.count != state.items.count || state.items != Array(0..<state.count) {
                        torn.increment()
                    }
                }
            }
        }
        #expect(torn.value == 0)
        #expect(flux.store.state.count == 3_000)
    }

    @Test func aReaderOnAnotherThreadWaitsForTheRunningMutationThenSeesItsState() async {
        let flux = makeInPlaceFlux()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let read = Log<ListState>()
        let readerStarted = DispatchSemaphore(value: 0)
        let mutationDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            flux.dispatcher.dispatch(.appendSlowly(1, started: started, release: release))
            mutationDone.signal()
        }
        started.wait()
        DispatchQueue.global().async {
            readerStarted.signal()
            read.append(flux.store.state)
        }
        readerStarted.wait()
        // The reader cannot return while the mutation holds the state, however long this waits.
        try? await Task.sleep(nanoseconds: 50_000_000)
        #expect(read.values.isEmpty)
        release.signal()
        mutationDone.wait()
        #expect(await eventually { read.values.count == 1 })
        #expect(read.values == [ListState(items: [1], count: 1)])
    }

    @Test func aReadFromInsideItsOwnMutationGetsTheInitialStateWithoutWaiting() {
        let mutation = ListMutation()
        let flux = makeInPlaceFlux(ListState(items: [0], count: 1), mutation: mutation)
        flux.dispatcher.dispatch(.append(1))
        flux.dispatcher.dispatch(.readOwn)
        #expect(mutation.reads.values == [1])
        #expect(flux.store.state.count == 2)
    }

    /// A read from inside another flux's mutation, on another thread, while this flux's mutation
    /// runs: a default flux's mutation waits for it and sees its state; an in-place flux's mutation
    /// is answered at once with the initial state, since two mutations reading each other's
    /// stores must not wait for each other (docs/prex.md).
    @Test(arguments: [false, true])
    func aReadFromAnotherFluxsMutationWaitsUnlessThatFluxMutatesInPlace(readerInPlace: Bool) async {
        let flux = makeInPlaceFlux()
        flux.dispatcher.dispatch(.append(0))  // published: count 1; initial: count 0
        let reader = ListMutation()
        reader.other.set(flux.store)
        let readerFlux =
            readerInPlace ? makeInPlaceFlux(mutation: reader) : Flux(state: ListState(), mutation: reader)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let mutationDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            flux.dispatcher.dispatch(.appendSlowly(1, started: started, release: release))
            mutationDone.signal()
        }
        started.wait()
        let readDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            readerFlux.dispatcher.dispatch(.readOther)
            readDone.signal()
        }
        if readerInPlace {
            // Answered while the mutation is still held: at once, with the initial state.
            #expect(await eventually { reader.reads.values.count == 1 })
            #expect(reader.reads.values == [0])
        } else {
            try? await Task.sleep(nanoseconds: 50_000_000)
            #expect(reader.reads.values.isEmpty)
        }
        release.signal()
        mutationDone.wait()
        readDone.wait()
        #expect(reader.reads.values == [readerInPlace ? 0 : 2])
    }

    @Test func twoFluxesWhoseMutationsReadEachOtherFromTwoThreadsDoNotDeadlock() async {
        let first = ListMutation()
        let second = ListMutation()
        let firstFlux = makeInPlaceFlux(mutation: first)
        let secondFlux = makeInPlaceFlux(mutation: second)
        first.other.set(secondFlux.store)
        second.other.set(firstFlux.store)
        let finished = await finishes {
            await runOnThreads(2) { thread in
                let flux = thread == 0 ? firstFlux : secondFlux
                for value in 0..<2_000 {
                    flux.dispatcher.dispatch(.append(value))
                    flux.dispatcher.dispatch(.readOther)
                }
            }
        }
        #expect(finished)
        #expect(firstFlux.store.state.count == 2_000)
        #expect(secondFlux.store.state.count == 2_000)
    }

    @MainActor
    @Test func aViewOfAnInPlaceFluxDispatchedToFromASyncBlockIsReflectedThroughTheMainQueue() async {
        // A listener of another flux, called on the main queue after a presenter of that flux has
        // asked whether it runs there, dispatches into the in-place flux from inside a `sync`
        // block on another queue: the in-place flux's presenter must not reuse that answer.
        let inPlace = Flux(mutatingInPlace: TestState(), mutation: TestMutation())
        let view = RecordingView()
        let presenter = Presenter(view: view, flux: inPlace)
        let outer = makeFlux()
        let outerView = RecordingView()
        let outerPresenter = Presenter(view: outerView, flux: outer)
        let queue = DispatchQueue(label: "in-place-sync")
        let subscription = outer.store.addListener { _ in
            queue.sync { inPlace.dispatcher.dispatch(.increment) }
        }
        outer.dispatcher.dispatch(.increment)
        #expect(await eventuallyOnMain { view.counts == [1] })
        #expect(view.onMainQueue == [true])
        #expect(outerView.counts == [1])
        withExtendedLifetime((presenter, outerPresenter, subscription)) {}
    }

    @MainActor
    @Test func aReflectFromInsideAMutationNeverShowsTheViewTheInitialState() {
        // X mutates in place; its mutation dispatches into Y, which is idle and so applies the
        // action at once, on this thread, inside X's mutation. Y's view reads X and asks X's
        // presenter to reflect while X's state is moved out.
        let xMutation = TestMutation()
        let x = Flux(mutatingInPlace: TestState(), mutation: xMutation)
        let xView = RecordingView()
        let xPresenter = Presenter(view: xView, flux: x)
        let y = makeFlux()
        xMutation.slot.set(y.dispatcher)
        let yView = RecordingView()
        let yPresenter = Presenter(view: yView, flux: y)
        var readInsideX: [Int] = []
        yView.onReflect = { _ in
            readInsideX.append(xPresenter.state.count)
            xPresenter.reflect()
        }
        xPresenter.dispatch(.increment)
        xPresenter.dispatch(.increment)
        xPresenter.dispatch(.chain("x", then: [.noop]))
        // A read there is a read from inside X's mutation: the initial state (documented).
        #expect(readInsideX == [0])
        // The reflect pushes nothing; X's change reaches its view when the mutation returns.
        #expect(xView.counts == [1, 2, 3])
        xPresenter.reflect()
        #expect(xView.counts == [1, 2, 3, 3])
        withExtendedLifetime(yPresenter) {}
    }

    @Test func aDispatchFromInsideAMutationIsAppliedAfterItInOrder() {
        // The same chain on the default flux and on an in-place one ends in the same state.
        let flux = makeFlux()
        let mutation = TestMutation()
        let inPlace = Flux(mutatingInPlace: TestState(), mutation: mutation)
        mutation.slot.set(inPlace.dispatcher)
        let chain = TestAction.chain(
            "a", then: [.chain("b", then: [.chain("d", then: [])]), .chain("c", then: [])])
        flux.dispatcher.dispatch(chain)
        inPlace.dispatcher.dispatch(chain)
        #expect(inPlace.store.state.log == ["a", "b", "c", "d"])
        #expect(inPlace.store.state == flux.store.state)
    }
}
