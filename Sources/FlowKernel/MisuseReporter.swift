import Dispatch

/// Makes misuse visible in debug builds: one line on standard error the first time each kind of
/// misuse happens, without trapping. Release builds print nothing.
///
/// The modules report misuse through ``shared`` wherever their documented outcome is otherwise
/// silent or only sent on a signal that nobody may observe (RxStateCore's `diagnostics`, a PrexCore
/// view that implements neither `reflect(change:)` nor `refrect(change:)`). Package-visible, not
/// public API.
package final class MisuseReporter: Sendable {
    /// The reporter the modules use: writes to standard error in debug builds.
    package static let shared = MisuseReporter(isEnabled: isDebugBuild, write: writeToStandardError)

    /// Whether this code was compiled with assertions on (a debug build), found without a
    /// compilation conditional: the closure inside `assert` runs only when assertions are compiled
    /// in.
    package static let isDebugBuild: Bool = {
        var isDebug = false
        assert(
            {
                isDebug = true
                return true
            }())
        return isDebug
    }()

    private let isEnabled: Bool
    private let write: @Sendable (String) -> Void
    private let reported = Locked<Set<String>>([])

    /// Creates a reporter; tests pass their own `write`.
    package init(isEnabled: Bool, write: @escaping @Sendable (String) -> Void) {
        self.isEnabled = isEnabled
        self.write = write
    }

    /// Writes `message` once for `kind`, if enabled; later reports of that kind write nothing.
    /// Takes no lock while writing, and never traps.
    package func report(kind: String, _ message: @autoclosure () -> String) {
        guard isEnabled else { return }
        let isFirst = reported.withLock { $0.insert(kind).inserted }
        guard isFirst else { return }
        write("[\(kind)] \(message()) (Shown once per kind, in debug builds only.)")
    }

    /// Whether `kind` was reported.
    package func hasReported(_ kind: String) -> Bool {
        reported.withLock { $0.contains(kind) }
    }

    /// Writes one line to standard error (file descriptor 2) through Dispatch, which needs no
    /// platform import (`MisuseReporterTests`).
    private static func writeToStandardError(_ line: String) {
        let data = DispatchData(copying: line + "\n")
        DispatchIO.write(toFileDescriptor: 2, data: data, runningHandlerOn: .global()) { _, _ in }
    }
}

extension DispatchData {
    /// The UTF-8 bytes of `text`, copied: `DispatchData(bytes:)` copies the buffer it reads during
    /// the initializer, and the buffer lives until `withUnsafeBytes` returns.
    fileprivate init(copying text: String) {
        let bytes = Array(text.utf8)
        self = bytes.withUnsafeBytes { DispatchData(bytes: $0) }
    }
}
