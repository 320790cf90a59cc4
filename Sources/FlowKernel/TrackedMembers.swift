import Observation

/// The members of a value that an observable model's readers have read, each with what it takes to
/// compare it and to announce its change.
///
/// A model that shows a whole value (a state struct, say) cannot know which members SwiftUI reads
/// until they are read: it records each member key path on first read, and on each new value calls
/// `willSet`/`didSet` only for the recorded members whose value differs. The registrar's key path
/// for a member is the model's whole-value key path with the member's appended, so the registrar
/// tells apart a reader of one member from a reader of another, and from a reader of the whole.
/// A member is never forgotten: the set is bounded by the distinct key paths ever read, and a
/// member nobody observes any more costs one comparison per change.
///
/// Not isolated itself: its model keeps it in a main-actor property. Shared by the observable
/// models of ReactiveLite and PrexCore (the kernel is the one target both depend on).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
package struct TrackedMembers<Model: Observable, Root> {
    /// One member: its comparison and its registrar calls, with the key path baked in.
    package struct Member {
        /// Whether the member differs between two values of the root; always true when the
        /// member's type is not `Equatable`.
        package let differs: (Root, Root) -> Bool
        /// Whether `differs` compares (the member's type is `Equatable`).
        package let isCompared: Bool
        package let access: (Model, ObservationRegistrar) -> Void
        package let willSet: (Model, ObservationRegistrar) -> Void
        package let didSet: (Model, ObservationRegistrar) -> Void
    }

    private let base: KeyPath<Model, Root>
    private var members: [PartialKeyPath<Root>: Member] = [:]

    /// Creates an empty set whose registrar key paths start at `base`, the model's whole value.
    package init(base: KeyPath<Model, Root>) {
        self.base = base
    }

    /// Records `keyPath` if new, compared with `==`, and registers its access with `registrar`.
    package mutating func access<Value: Equatable>(
        _ keyPath: KeyPath<Root, Value>,
        of model: Model,
        in registrar: ObservationRegistrar
    ) {
        access(keyPath, of: model, in: registrar, isCompared: true) { old, new in
            old[keyPath: keyPath] != new[keyPath: keyPath]
        }
    }

    /// Records `keyPath` if new, counting every new value as a change of it (its type cannot be
    /// compared), and registers its access with `registrar`.
    package mutating func accessUncompared<Value>(
        _ keyPath: KeyPath<Root, Value>,
        of model: Model,
        in registrar: ObservationRegistrar
    ) {
        access(keyPath, of: model, in: registrar, isCompared: false) { _, _ in true }
    }

    private mutating func access<Value>(
        _ keyPath: KeyPath<Root, Value>,
        of model: Model,
        in registrar: ObservationRegistrar,
        isCompared: Bool,
        differs: @escaping (Root, Root) -> Bool
    ) {
        if let member = members[keyPath] {
            member.access(model, registrar)
            return
        }
        let path = base.appending(path: keyPath)
        let member = Member(
            differs: differs,
            isCompared: isCompared,
            access: { model, registrar in registrar.access(model, keyPath: path) },
            willSet: { model, registrar in registrar.willSet(model, keyPath: path) },
            didSet: { model, registrar in registrar.didSet(model, keyPath: path) }
        )
        members[keyPath] = member
        member.access(model, registrar)
    }

    /// The recorded members whose value differs between `old` and `new`.
    package func changed(from old: Root, to new: Root, wholeChanged: Bool = true) -> [Member] {
        members.values.filter { (wholeChanged || $0.isCompared) && $0.differs(old, new) }
    }
}

/// Whether two values are equal, when their type is `Equatable`; `false` (a change) when it is not.
///
/// Checked at run time, since a generic model does not know statically whether its value is
/// `Equatable`. An optional of an `Equatable` type is one too, so `nil` to `nil` is no change. A
/// value of a type that is not `Equatable` always counts as changed: a spurious invalidation at
/// worst, never a missed one. Only Observation's models call it, hence the same availability (a
/// cast to `any Equatable` also needs a recent runtime).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
package func observedValuesAreEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(toValue: rhs)
}

extension Equatable {
    fileprivate func isEqual(toValue other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
