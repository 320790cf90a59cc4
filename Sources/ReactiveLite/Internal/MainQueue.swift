import FlowKernel

/// The count of blocks that `Executor.mainThread` has enqueued on the main queue and that have not
/// started (the main-queue check itself is FlowKernel's `MainQueue`).
///
/// While it is above zero, new work must queue behind them to keep the order of submission.
enum MainQueuePending {
    static let count = AtomicCounter()
}
