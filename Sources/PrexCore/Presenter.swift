import FlowKernel

/// The link between one view and a flux: it dispatches actions for the view and pushes every state
/// change to it.
///
/// Put side effects (network, storage) in presenter methods, in an extension
/// (`extension Presenter where Action == CounterAction, State == CounterState`) or in a subclass,
/// and finish them with `dispatch(_:)`.
///
/// The class is isolated to the main actor, like the view it serves: methods you add in an
/// extension or a subclass run there, and a subclass needs no concurrency annotation. Its core is
/// `nonisolated` and may be used from any thread: the initializers, `dispatch(_:)`, `state`,
/// `reflect()` and `flux`. So a presenter is `Sendable`, and a completion handler on a background
/// queue can call `presenter.dispatch(_:)` directly.
///
/// The view receives every change on the main actor, in dispatch order: inline (before `dispatch`
/// returns) when the action is applied on the main queue and nothing is pending for this view,
/// otherwise through the main queue. `reflect(change:)` is never nested: a dispatch from inside it
/// is delivered after it returns.
///
/// Lifetime: the presenter holds the view weakly and the flux strongly; the store holds only a
/// callback that refers to neither the presenter nor the view. A deallocated view stops receiving;
/// a deallocated presenter stops reflecting at once, including changes already queued for the
/// main queue.
@MainActor
open class Presenter<Action: PrexCore.Action, State: PrexCore.State> {
    /// The flux this presenter dispatches to and listens to.
    nonisolated public let flux: Flux<Action, State>
    @usableFromInline nonisolated let mailbox: ViewMailbox<State>
    @usableFromInline nonisolated let subscription: Subscription

    /// Connects `view` to `flux`; several presenters may share one flux.
    ///
    /// The view receives nothing until the state changes; call `reflect()` to push the current
    /// state first.
    @inlinable
    nonisolated public init<V: View>(view: V, flux: Flux<Action, State>) where V.State == State {
        // A `weak let`, not a `[weak view]` capture: that is a mutable box, read with a run-time
        // exclusivity check on every change.
        weak let weakView = view
        let mailbox = ViewMailbox<State> { change in
            weakView?.reflect(change: change)
        }
        self.flux = flux
        self.mailbox = mailbox
        self.subscription = flux.store.addListener { change in
            mailbox.post(change)
        }
    }

    /// Connects `view` to a new flux of its own, holding `state` and changed by `mutation`.
    @inlinable
    nonisolated public convenience init<V: View, M: Mutation>(
        view: V,
        state: State,
        mutation: M
    ) where V.State == State, M.Action == Action, M.State == State {
        self.init(view: view, flux: Flux(state: state, mutation: mutation))
    }

    deinit {
        // The subscription cancels itself when released; closing the mailbox also drops the
        // changes already waiting for the main queue.
        subscription.cancel()
        mailbox.close()
        // The screen is gone: so is the work it started (``runEffect(id:fileID:line:_:)``).
        flux.effectRegistry.cancelAll(owner: ObjectIdentifier(self))
    }

    /// The current state of the store.
    ///
    /// `open`, as in Prex: a subclass may override it (its override is `nonisolated` too, since the
    /// property may be read from any thread).
    nonisolated open var state: State {
        flux.store.state
    }

    /// Dispatches `action` to the flux; see `Dispatcher.dispatch(_:)` for the threading contract.
    ///
    /// `final`, so that a call is compiled for the concrete action and state where it is made
    /// instead of going through the class's table into generic code.
    @inlinable
    nonisolated public final func dispatch(_ action: Action) {
        flux.dispatcher.dispatch(action)
    }

    /// Dispatches `action` to the flux from async code (an effect in a task), suspending instead
    /// of blocking while another thread applies actions; see `Dispatcher.dispatchAsync(_:)`.
    @inlinable
    nonisolated public final func dispatchAsync(_ action: Action) async {
        await flux.dispatcher.dispatchAsync(action)
    }

    /// Pushes the whole current state to the view, as a change with no old state (every property
    /// counts as changed).
    ///
    /// Ordered with the store's changes: the view never ends on a state older than the store's.
    /// Delivered inline when called on the main queue with nothing pending, else through the main
    /// queue.
    ///
    /// On a flux that mutates in place (`Flux(mutatingInPlace:mutation:)`), a call made while a
    /// mutation runs on this thread, or from inside any in-place mutation (a listener or a view of
    /// another flux that such a mutation's dispatch applied at once, for example), pushes nothing:
    /// the state is moved out then and reads give the flux's initial state, which the view must
    /// not show. The mutation's change reaches the view when it returns. A call on another thread
    /// waits for the mutation, then pushes the state it produced.
    nonisolated public func reflect() {
        let onMainQueue = MainQueue.isCurrent
        let step = flux.store.withCurrentState { state in
            mailbox.prepare(StateChange(new: state, old: nil), onMainQueue: onMainQueue)
        }
        if let step {
            mailbox.perform(step)
        }
    }
}
