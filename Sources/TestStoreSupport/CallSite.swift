/// Where a test store's `send`, `receive`, `finish` or initializer was called, as its default
/// arguments captured it: the place a failure is reported.
package struct CallSite: Sendable {
    package let fileID: StaticString
    package let filePath: StaticString
    package let line: UInt
    package let column: UInt

    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}
