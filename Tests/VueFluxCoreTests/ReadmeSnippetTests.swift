import Dispatch
import ReactiveLite
import TestSupport
import Testing
import VueFluxCore

#if canImport(UIKit)
    import UIKit
#endif

// The VueFlux README's code, as written there (UIKit stand-ins where UIKit does not exist: see
// UIKitStandIns.swift), in one file as the README intends: the state's `fileprivate` properties are
// reachable from the mutations and the Computed extension here, and from nowhere else. A change that
// breaks a call shape users type fails to compile here. The regions are quoted by docs/vueflux.md
// and the DocC catalog (Tests/DocsTests checks them).

// snippet: counter-file
enum CounterAction {
    case increment, decrement
}

final class CounterState: State {
    typealias Action = CounterAction
    typealias Mutations = CounterMutations

    fileprivate let count = Variable(0)
}

struct CounterMutations: Mutations {
    func commit(action: CounterAction, state: CounterState) {
        switch action {
        case .increment:
            state.count.value += 1

        case .decrement:
            state.count.value -= 1
        }
    }
}

extension Computed where State == CounterState {
    var countTextValues: Signal<String> {
        return state.count.signal.map { String($0) }
    }

    var count: Constant<Int> {
        return state.count.constant
    }

    var valueSignal: Signal<Int> {
        return state.count.signal
    }
}

extension Actions where State == CounterState {
    func increment() {
        dispatch(action: .increment)
    }

    func decrement() {
        dispatch(action: .decrement)
    }
}
// snippet-end: counter-file

// snippet: counter-view-controller
final class CounterViewController: UIViewController {
    let counterLabel = UILabel()
    private let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .queue(.global()))

    override func viewDidLoad() {
        super.viewDidLoad()
        store.computed.countTextValues.bind(to: counterLabel, \.text)
    }

    @IBAction func incrementButtonTapped(sender: UIButton) {
        store.actions.increment()  // this store only; Store<CounterState>.actions.increment() reaches all
    }

    @IBAction func decrementButtonTapped(sender: UIButton) {
        store.actions.decrement()
    }
}
// snippet-end: counter-view-controller

// snippet: shared-store
final class CounterStore: Store<CounterState> {
    static let shared = CounterStore()

    private init() {
        super.init(state: .init(), mutations: .init(), executor: .queue(.global()))
    }
}
// snippet-end: shared-store

// Serialized: the global-dispatch snippet reaches every CounterState store, and only this suite
// makes them.
@Suite(.serialized) struct ReadmeSnippetTests {
    @MainActor
    @Test func counterFlowUpdatesTheLabel() async {
        let controller = CounterViewController()
        controller.viewDidLoad()
        #expect(controller.counterLabel.text == "0")

        controller.incrementButtonTapped(sender: UIButton())
        controller.incrementButtonTapped(sender: UIButton())
        #expect(await eventuallyOnMain { controller.counterLabel.text == "2" })

        controller.decrementButtonTapped(sender: UIButton())
        #expect(await eventuallyOnMain { controller.counterLabel.text == "1" })
    }

    @Test func globalDispatchSnippet() {
        let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .immediate)

        #expect(store.computed.count.value == 0)

        Store<CounterState>.actions.increment()

        #expect(store.computed.count.value == 1)
    }

    @Test func observingOnAnExecutor() async {
        let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .queue(.global()))
        let seen = Recorder<Int>()
        let label = DispatchSpecificKey<UInt8>()
        let background = DispatchQueue(label: "background")
        background.setSpecific(key: label, value: 1)

        store.computed.valueSignal
            .observe(on: .queue(background))
            .observe { value in
                // Executed on the background queue
                if DispatchQueue.getSpecific(key: label) == 1 {
                    seen.append(value)
                }
            }
        store.actions.increment()

        #expect(await eventually { seen.values == [0, 1] })
    }

    // snippet: testing-a-store
    @Test func incrementTwice() {
        let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .immediate)
        store.actions.increment()
        store.actions.increment()
        #expect(store.computed.count.value == 2)
    }
    // snippet-end: testing-a-store

    @MainActor
    @Test func sharedStoreSubclass() async {
        let shared = CounterStore.shared
        #expect(shared === CounterStore.shared)
        let before = shared.computed.count.value

        shared.actions.increment()

        #expect(await eventually { shared.computed.count.value > before })
    }

    @Test func sharedStoreSubclassFromOffTheMainActor() async {
        let before = await CounterStore.shared.computed.count.value
        // snippet: shared-store-off-main
        // Not on the main actor: `shared`, declared in a Store subclass, is reached with `await`;
        // the store's own API (`actions`, `computed`) is not isolated.
        let store = await CounterStore.shared
        store.actions.increment()
        // snippet-end: shared-store-off-main
        #expect(await eventually { store.computed.count.value > before })
    }
}
