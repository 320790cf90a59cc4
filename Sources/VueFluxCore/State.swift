/// The state a ``Store`` manages: a class whose properties only ``Mutations`` change and only
/// ``Computed`` publishes.
///
/// A state names its `Action` (what can be dispatched to it) and its `Mutations` (how each action
/// changes it). Keep its properties `fileprivate`, usually ReactiveLite `Variable`s, and write the
/// mutations and the ``Computed`` extension in the same file: the compiler then allows nothing
/// else to read or change them.
///
/// ```swift
/// final class CounterState: State {
///     typealias Action = CounterAction
///     typealias Mutations = CounterMutations
///
///     fileprivate let count = Variable(0)
/// }
/// ```
///
/// A state is `Sendable`: a store hands it to whichever thread its executor commits on. A final
/// class whose stored properties are `let` constants of `Sendable` types (a `Variable` is one)
/// conforms without annotation. One state object belongs to one store: sharing it between two
/// stores lets their commits overlap.
public protocol State: AnyObject, Sendable {
    /// What can be dispatched to a store of this state: usually an enum. Actions cross threads, so
    /// they are `Sendable`.
    associatedtype Action: Sendable

    /// The mutations that apply this state's actions.
    associatedtype Mutations: VueFluxCore.Mutations where Mutations.State == Self
}
