import PrexCore

/// The view a ``TestStore``'s presenter serves: it shows nothing, since the test store asserts on
/// the store's state, not on what a view was sent.
final class PassiveView<State: PrexCore.State>: View {
    func reflect(change: StateChange<State>) {}
}
