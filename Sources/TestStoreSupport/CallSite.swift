import Testing

/// Where a test store's `send`, `receive`, `finish` or initializer was called, as its default
/// arguments captured it: the place a failure is reported.
package struct CallSite: Sendable {
    package let fileID: StaticString
    package let filePath: StaticString
    package let line: UInt
    package let column: UInt
    /// Whether the call was made while a Swift Testing test was running (`Test.current` set): a
    /// failure found later, where no test is current (in a detached task), still goes to Swift
    /// Testing rather than to an `XCTFail` that no running XCTest would see.
    package let isInSwiftTest: Bool

    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        isInSwiftTest = Test.current != nil
    }
}
