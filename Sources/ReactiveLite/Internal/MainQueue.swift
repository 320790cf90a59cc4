import FlowKernel

/// The count of pieces of work that `Executor.mainThread.execute` was given and that have not
/// finished: enqueued on the main queue, or running (the main-queue check itself is FlowKernel's
/// `MainQueue`).
///
/// While it is above zero, new work must queue behind them to keep the order of submission and
/// never nest inside running work.
enum MainQueuePending {
    static let count = AtomicCounter()
}
