/// A test store's `timeout`, in seconds, as a length of wait in nanoseconds: any `Double` a user can
/// pass gives one, without trapping.
///
/// Zero, a negative value and NaN do not wait (`0`); `.infinity`, and anything as long as
/// `Int64.max` nanoseconds (about 292 years) or longer, waits without limit (`nil`): a runtime that
/// passes the length on as a signed 64-bit delay never sees it wrap to a negative one.
package func waitNanoseconds(seconds: Double) -> UInt64? {
    guard seconds > 0 else { return 0 }
    let nanoseconds = seconds * 1e9
    return nanoseconds < 0x1p63 ? UInt64(nanoseconds) : nil
}
