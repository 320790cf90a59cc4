import FlowKernel

// The names of Prex's first releases (its early README and its test suite): `ValueChange`,
// `valueIfChanged(for:)`, `View.refrect(change:)` and `Presenter.refrect()`. Prex 0.3.0 renamed
// them `StateChange`, `changedProperty(for:)`, `reflect(change:)` and `reflect()`; code written
// against either compiles with PrexCore and behaves the same.

/// The name of ``StateChange`` in Prex's first releases.
public typealias ValueChange<State: PrexCore.State> = StateChange<State>

extension StateChange {
    /// The type `valueIfChanged(for:)` returns for an optional property, under its name in Prex's
    /// first releases: the same type as ``ChangedProperty``.
    public typealias Changed<Value> = ChangedProperty<Value>

    /// The new value of the property at `keyPath` if it changed: `changedProperty(for:)?.value`,
    /// under its name in Prex's first releases.
    ///
    /// - Parameter keyPath: A property of the state whose type is `Equatable`.
    /// - Returns: The new value, or `nil` when the property is equal in both states. Every
    ///   property counts as changed when `old` is `nil`.
    @inlinable
    public func valueIfChanged<Value: Equatable>(for keyPath: KeyPath<State, Value>) -> Value? {
        changedProperty(for: keyPath)?.value
    }

    /// For an optional property, whether it changed and to what, as Prex's first releases return
    /// it: a change to `nil` is `Changed(value: nil)`, told apart from no change (`nil`).
    ///
    /// - Parameter keyPath: An optional property of the state whose wrapped type is `Equatable`.
    /// - Returns: The new value, wrapped (read it with `.value`), or `nil` when the property is
    ///   equal in both states. Every property counts as changed when `old` is `nil`.
    @inlinable
    public func valueIfChanged<Wrapped: Equatable>(
        for keyPath: KeyPath<State, Wrapped?>
    ) -> Changed<Wrapped?>? {
        changedProperty(for: keyPath)
    }
}

extension View {
    /// Calls ``refrect(change:)``, for a view written with Prex's first name for this method.
    ///
    /// A view that implements neither method shows nothing: the two defaults would call each
    /// other, so this one stops the second time round and reports the view's type once on
    /// standard error, in debug builds (a type that declares no `typealias State` cannot conform
    /// without implementing one, so this takes a deliberate declaration).
    public func reflect(change: StateChange<State>) {
        let identity = ObjectIdentifier(self)
        let outer = EarlyNameForwarding.reflecting
        EarlyNameForwarding.reflecting = identity
        defer { EarlyNameForwarding.reflecting = outer }
        refrect(change: change)
    }

    /// Calls ``reflect(change:)``: the early name of that method, for code that calls it.
    public func refrect(change: StateChange<State>) {
        guard EarlyNameForwarding.reflecting != ObjectIdentifier(self) else {
            MisuseReporter.shared.report(
                kind: "PrexCore.View.reflect",
                "\(String(reflecting: Self.self)) conforms to View but implements neither "
                    + "reflect(change:) nor refrect(change:): it shows no state change.")
            return
        }
        reflect(change: change)
    }
}

/// Which view's default ``View/reflect(change:)`` is calling ``View/refrect(change:)`` on the main
/// actor, so that a view implementing neither stops instead of recursing.
@MainActor
enum EarlyNameForwarding {
    static var reflecting: ObjectIdentifier?
}

extension Presenter {
    /// Pushes the whole current state to the view: ``reflect()`` under its name in Prex's first
    /// releases, with the same contract.
    nonisolated public func refrect() {
        reflect()
    }
}
