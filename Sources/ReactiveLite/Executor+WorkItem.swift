import FlowKernel

extension Executor {
    /// A function that an executor runs with a value, and that can be cancelled until it starts:
    /// VueFlux's `Executor.WorkItem`.
    ///
    /// Copies share one cancellation. Safe to use from any thread.
    ///
    /// ```swift
    /// let update = Executor.WorkItem<Int> { count in label.text = "\(count)" }
    /// Executor.mainThread.execute(workItem: update, with: 42)
    /// update.cancel()  // if it has not started yet, it never runs
    /// ```
    public struct WorkItem<Value>: Sendable {
        /// The function while the item is active; `nil` once cancelled.
        private let function: Locked<(@Sendable (Value) -> Void)?>

        /// Creates an active work item.
        ///
        /// - Parameter function: What ``execute(with:)`` runs until the item is cancelled.
        public init(_ function: @escaping @Sendable (Value) -> Void) {
            self.function = Locked(function)
        }

        /// Whether ``cancel()`` was called.
        public var isCanceled: Bool {
            function.withLock { $0 == nil }
        }

        /// Runs the function with `value` now, on the calling thread, unless the item is cancelled.
        ///
        /// `value` is an autoclosure, as in VueFlux's later revisions: it is evaluated only when
        /// the function runs, not at all for a cancelled item.
        ///
        /// - Parameter value: The value passed to the function.
        public func execute(with value: @autoclosure () -> Value) {
            // Read under the lock, called after it: the function is user code (and so is `value`).
            guard let current = function.withLock({ $0 }) else { return }
            current(value())
        }

        /// Cancels the item: it runs no more, including runs already handed to an executor that
        /// have not started. A run that has started finishes. The function is released at once.
        public func cancel() {
            let released = function.withLock { function in
                let current = function
                function = nil
                return current
            }
            // Released after the lock: the function's captures may deinit user objects.
            withExtendedLifetime(released) {}
        }
    }

    /// Runs `workItem` with `value` in this executor's context, as ``execute(_:)`` runs a
    /// function: at once, on the main thread or on a queue. Nothing runs if the item is cancelled
    /// before its turn comes.
    ///
    /// - Parameters:
    ///   - workItem: The work item to run.
    ///   - value: The value passed to its function.
    public func execute<Value: Sendable>(workItem: WorkItem<Value>, with value: Value) {
        execute { workItem.execute(with: value) }
    }
}

extension Executor.WorkItem where Value == Void {
    /// Runs the function now, on the calling thread, unless the item is cancelled.
    public func execute() {
        execute(with: ())
    }
}
