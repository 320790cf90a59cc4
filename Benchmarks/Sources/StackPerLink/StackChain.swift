import Dispatch
import Foundation
import PrexCore
import ReactiveLite
import RxStateCore
import Synchronization
import VueFluxCore

// Stack per chain link: a chain of sources whose observers each call the next (a store's observer
// dispatching into the next store, a Variable setting the next) nests one call per link on the
// thread that made the first call (docs/threading.md, "A chain nests on the calling thread's
// stack"). What is measured: the bytes of stack one link takes, from the addresses of a local
// variable in the observers of links 10 and 110 of a chain of 200, on a thread with a 64 MiB stack.

// A module of its own, with types of its own: the libraries' generic code is specialized in the
// module that uses it, and there the optimizer merges similar specializations into one function.
// Written in the Workloads module, these chains changed workload 1's code (4 to 51 instructions per
// dispatch more, PrexCore and RxStateCore).

struct ChainPrexState: PrexCore.State {
    var count = 0
}

enum ChainPrexAction: PrexCore.Action {
    case increment
}

struct ChainPrexMutation: PrexCore.Mutation {
    func mutate(action: ChainPrexAction, state: inout ChainPrexState) {
        state.count += 1
    }
}

enum ChainVueFluxAction: Sendable {
    case increment
}

final class ChainVueFluxState: VueFluxCore.State {
    typealias Action = ChainVueFluxAction
    typealias Mutations = ChainVueFluxMutations

    let count = Variable(0)
}

struct ChainVueFluxMutations: VueFluxCore.Mutations {
    func commit(action: ChainVueFluxAction, state: ChainVueFluxState) {
        state.count.value += 1
    }
}

struct ChainRxState: SubstateType {
    var count = 0
}

enum ChainRxAction: ActionType {
    case increment
}

func makeChainRxStore() -> RxStateCore.Store {
    let store = RxStateCore.Store()
    store.register(ChainRxState.self, for: ChainRxAction.self) { state, _ in
        state.count += 1
    }
    store.dispatch(action: StoreAction.add(states: [ChainRxState()]))
    return store
}

/// Whether a chain's observers forward: set once its observers are in place.
final class ChainArming: Sendable {
    private let armed = Atomic<Bool>(false)

    var isArmed: Bool { armed.load(ordering: .acquiring) }

    func arm() { armed.store(true, ordering: .releasing) }
}

/// One subject of the stack measurement: builds a chain and starts it.
struct StackChainSubject: Sendable {
    let name: String
    /// Builds a chain of `links` sources whose observer of link `index` calls `mark(index)` and
    /// then the next source, once `armed` holds (a replaying source calls a new observer at once,
    /// before the chain starts); returns what keeps the chain alive and the call that starts it.
    let build:
        @Sendable (_ links: Int, _ armed: ChainArming, _ mark: @escaping @Sendable (Int) -> Void) -> (
            keep: [any Sendable], start: @Sendable () -> Void
        )
}

/// The three modules and ReactiveLite's Variables, by the name compare.sh passes. Each writes its
/// chain out, its observer calling the next source itself, as a user would: a shared helper that
/// wrapped each observer in one more closure measured 80 bytes more per link in every subject.
let stackChainSubjects: [StackChainSubject] = [
    StackChainSubject(name: "PrexCore") { links, armed, mark in
        let fluxes = (0..<links).map { _ in Flux(state: ChainPrexState(), mutation: ChainPrexMutation()) }
        let keep: [any Sendable] = (0..<(links - 1)).map { index in
            let next = fluxes[index + 1]
            return fluxes[index].store.addListener { _ in
                guard armed.isArmed else { return }
                mark(index)
                next.dispatcher.dispatch(.increment)
            }
        }
        return (keep + [fluxes], { fluxes[0].dispatcher.dispatch(.increment) })
    },
    StackChainSubject(name: "VueFluxCore") { links, armed, mark in
        let stores = (0..<links).map { _ in
            VueFluxCore.Store<ChainVueFluxState>(state: .init(), mutations: .init(), executor: .immediate)
        }
        let keep: [any Sendable] = (0..<(links - 1)).map { index in
            let next = stores[index + 1]
            return stores[index].computed.state.count.signal.observe { _ in
                guard armed.isArmed else { return }
                mark(index)
                next.actions.dispatch(action: .increment)
            }
        }
        return (keep + [stores], { stores[0].actions.dispatch(action: .increment) })
    },
    StackChainSubject(name: "RxStateCore") { links, armed, mark in
        let stores = (0..<links).map { _ in makeChainRxStore() }
        let keep: [any Sendable] = (0..<(links - 1)).map { index in
            let next = stores[index + 1]
            return stores[index].state.observe { _ in
                guard armed.isArmed else { return }
                mark(index)
                next.dispatch(action: ChainRxAction.increment)
            }
        }
        return (keep + [stores], { stores[0].dispatch(action: ChainRxAction.increment) })
    },
    StackChainSubject(name: "ReactiveLite") { links, armed, mark in
        let variables = (0..<links).map { _ in Variable(Int64(0)) }
        let keep: [any Sendable] = (0..<(links - 1)).map { index in
            let next = variables[index + 1]
            return variables[index].signal.observe { value in
                guard armed.isArmed else { return }
                mark(index)
                next.value = value
            }
        }
        return (keep + [variables], { variables[0].value = 1 })
    },
]

/// The bytes of stack one link of `subject`'s chain takes: the distance between the observers of
/// links 10 and 110 of a chain of 200, divided by 100. Runs the chain on a thread of its own with a
/// 64 MiB stack, so that it cannot overflow; returns -1 if the observers were not reached.
func stackPerLink(_ subject: StackChainSubject) -> Int {
    let addresses = Mutex<[Int: UInt]>([:])
    let armed = ChainArming()
    let chain = subject.build(200, armed) { index in
        guard index == 10 || index == 110 else { return }
        var marker = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        addresses.withLock { $0[index] = address }
    }
    armed.arm()
    let done = DispatchSemaphore(value: 0)
    let start = chain.start
    let thread = Thread {
        start()
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
    withExtendedLifetime(chain.keep) {}
    let marks = addresses.withLock { $0 }
    guard let first = marks[10], let later = marks[110], first > later else { return -1 }
    return Int(first - later) / 100
}
