/// A test store's `timeout`, in seconds, as a length of wait in nanoseconds: any `Double` a user can
/// pass gives one, without trapping.
///
/// Zero, a negative value and NaN do not wait (`0`); `.infinity`, and anything longer than
/// `UInt64.max` nanoseconds (about 584 years), waits without limit (`nil`).
package func waitNanoseconds(seconds: Double) -> UInt64? {
    guard seconds > 0 else { return 0 }
    let nanoseconds = seconds * 1e9
    return nanoseconds < 0x1p64 ? UInt64(nanoseconds) : nil
}
