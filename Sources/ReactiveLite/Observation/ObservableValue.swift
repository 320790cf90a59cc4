import FlowKernel
import Observation

/// A value from a ``Signal``, kept on the main actor as an `Observable` model: what a SwiftUI view
/// reads to show a ``Variable``, a ``Constant`` or any signal.
///
/// ```swift
/// let model = variable.observable()
/// Text(model.value)            // the whole value
/// Text(model.title)            // one member of it, tracked on its own
/// ```
///
/// **Thread and order.** The model receives the signal's values through
/// ``Executor/mainThread``: on the main actor, in the order they were sent, at once when sent on
/// the main queue with nothing waiting, otherwise through the main queue. Observation hears about a
/// change on the main actor, before the model holds it (as with any `willSet`).
///
/// **What is invalidated.** Reading ``value`` observes the whole value; reading a member through
/// dynamic member lookup (`model.title`) observes that member alone. Tracking stops at that first
/// level: `model.user.name` observes `user`, and a change of `user.age` invalidates it too. On a new
/// value, observers of the whole are told only if it differs from the value held (compared with
/// `==` when its type is `Equatable` at run time; always otherwise), and observers of a member only
/// if that member differs (compared with `==` when the member's type is `Equatable`; a member of
/// another type counts as changed on every new value). A new value equal to the one held notifies
/// nobody, except observers of an `Equatable` member that differs (a type whose `==` compares an id
/// alone calls a renamed value equal): the model always holds the last value delivered.
///
/// **Lifetime.** The model holds its subscription, and the subscription holds the model weakly:
/// nothing the signal's source owns keeps the model alive. Deinitializing the model disposes of the
/// subscription at once, so a deallocated model stops observing, including values already queued
/// for the main queue. A model does not keep its source alive either.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ObservableValue<Value: Sendable>: Observable {
    private var current: Value
    private var members = TrackedMembers<ObservableValue, Value>(base: \.value)
    private let registrar = ObservationRegistrar()
    private let subscription = DisposableScope()

    /// Creates a model holding `initial`, then every value of `signal`.
    ///
    /// A replaying signal (of a ``Variable`` or a ``Constant``) gives its current value at once; pass
    /// that value as `initial` (as ``Variable/observable()`` does) and the replay changes nothing.
    ///
    /// - Parameters:
    ///   - signal: The values to hold, each delivered on the main actor in order.
    ///   - initial: The value held until `signal` delivers one.
    public init(_ signal: Signal<Value>, initial: Value) {
        current = initial
        subscription += signal.observe(on: .mainThread).observe { [weak self] value in
            // `.mainThread` runs this on the main queue, which is the main actor.
            MainActor.assumeIsolated {
                self?.receive(value)
            }
        }
    }

    deinit {
        subscription.dispose()
    }

    /// The value held: the last one the signal delivered (or the initial value).
    ///
    /// Reading it observes the whole value: see ``ObservableValue`` for when it is invalidated.
    public var value: Value {
        registrar.access(self, keyPath: \.value)
        return current
    }

    /// A member of the value held (`model.title`), observed on its own and compared with `==`: it is
    /// invalidated only when a new value changes this member.
    public subscript<Member: Equatable>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
        members.access(keyPath, of: self, in: registrar)
        return current[keyPath: keyPath]
    }

    /// A member of the value held whose type is not `Equatable`, observed on its own: it is
    /// invalidated on every new value, since it cannot be compared.
    public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
        members.accessUncompared(keyPath, of: self, in: registrar)
        return current[keyPath: keyPath]
    }

    /// Stores `new` and tells the observers of whatever it changed.
    private func receive(_ new: Value) {
        let old = current
        // The whole value's `==` decides only for readers of the whole: a member that differs is
        // announced (and the new value held) even when a custom `==` calls the values equal.
        let wholeChanged = !observedValuesAreEqual(old, new)
        let changed = members.changed(from: old, to: new, wholeChanged: wholeChanged)
        if wholeChanged {
            registrar.willSet(self, keyPath: \.value)
        }
        for member in changed {
            member.willSet(self, registrar)
        }
        current = new
        for member in changed {
            member.didSet(self, registrar)
        }
        if wholeChanged {
            registrar.didSet(self, keyPath: \.value)
        }
    }
}
