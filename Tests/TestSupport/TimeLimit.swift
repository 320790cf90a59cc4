import Testing

/// Swift Testing's `.timeLimit(.minutes(minutes))` where the platform has it, and no limit where
/// it does not.
///
/// `TimeLimitTrait` needs iOS 16 / macOS 13 / tvOS 16 / watchOS 9, above the package's floor
/// (iOS 13 / macOS 10.15), and Swift Testing refuses `@available` on a suite: a suite that names
/// `.timeLimit` directly does not compile for a test target built at the floor on Apple platforms.
/// This trait compiles there and runs without a limit on an older system; every system that has
/// the limit (Linux included) gets it.
///
/// - Parameter minutes: The longest a test may run, in whole minutes (Swift Testing's granularity).
/// - Returns: The time limit, or a comment saying why there is none.
public func timeLimit(minutes: Int) -> any TestTrait & SuiteTrait {
    if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) {
        return TimeLimitTrait.timeLimit(.minutes(minutes))
    }
    return Comment(rawValue: "no time limit: this system has no TimeLimitTrait")
}
