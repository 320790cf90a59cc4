import FlowKernel

/// One side effect in flight, as its store reports it (``Store/effectsInFlight``): its id and where
/// it was started.
///
/// A snapshot: it does not change when the effect ends or is cancelled later.
public struct RunningEffect: Sendable, CustomStringConvertible {
    /// The id the effect was started with (``Actions/runEffect(id:fileID:line:_:)``), or `nil`.
    public let id: (any Hashable & Sendable)?
    /// The file where the effect was started, as `#fileID` gives it: `Module/File.swift`.
    public let fileID: String
    /// The line where the effect was started.
    public let line: UInt
    /// Whether the effect was cancelled; it is in flight until its operation returns.
    public let isCancelled: Bool
    /// `effect "search" started at SearchFeature/SearchActions.swift:42`, with `(cancelled)` when
    /// it was.
    public let description: String

    /// The public face of a registry entry; `package` for the test stores.
    package init(_ running: EffectRegistry.Running) {
        id = running.id?.value
        fileID = running.fileID
        line = running.line
        isCancelled = running.isCancelled
        description = running.description
    }
}
