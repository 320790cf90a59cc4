/// An owner of listeners that a `Subscription` can remove itself from.
@usableFromInline
protocol ListenerRegistry: AnyObject, Sendable {
    /// Removes the listener with `id`; does nothing if it is already gone.
    func removeListener(id: UInt64)
}
