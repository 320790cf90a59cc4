/// The store's last action before the first one is applied: kept in place of an optional action,
/// whose every copy and destruction would go through runtime type metadata. Never dispatched,
/// never shown to users (``Store/lastAction`` and the signals turn it into `nil`).
@usableFromInline
struct NoAction: ActionType {
    @usableFromInline
    init() {}

    /// `action`, or `nil` if it is the stand-in for no action.
    @inlinable
    static func optional(_ action: any ActionType) -> (any ActionType)? {
        isNone(action) ? nil : action
    }

    /// Whether `action` is the stand-in for no action.
    @inlinable
    static func isNone(_ action: any ActionType) -> Bool {
        action.typeIdentifier == ObjectIdentifier(NoAction.self)
    }
}
