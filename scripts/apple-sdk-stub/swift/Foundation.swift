// Stand-in for Apple's Foundation: only what the package uses. NSLock/NSLocking date from macOS 10.0;
// NSLocking.withLock is @_alwaysEmitIntoClient in Apple's overlay with no availability restriction.
@_exported import Dispatch
@_exported import Darwin
public typealias TimeInterval = Double
public protocol NSLocking {
    func lock()
    func unlock()
}
extension NSLocking {
    @_alwaysEmitIntoClient public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock(); defer { unlock() }; return try body()
    }
}
open class NSObject { public init() {} }
open class NSLock: NSObject, NSLocking, @unchecked Sendable {
    public override init() {}
    open func lock() {}
    open func unlock() {}
    open func `try`() -> Bool { true }
    open var name: String?
}
open class NSRecursiveLock: NSObject, NSLocking, @unchecked Sendable {
    public override init() {}
    open func lock() {}
    open func unlock() {}
}
// --- used by the test targets (all available at macOS 10.15 in Apple's SDK; the macOS 13-only URL
// APIs such as appending(path:) / path(percentEncoded:) / URL(filePath:) are deliberately absent,
// so their use would show up as "no member" errors to inspect by hand).
public struct Date: Comparable, Hashable, Sendable {
    public init() {}
    public init(timeIntervalSinceNow: TimeInterval) {}
    public func addingTimeInterval(_ t: TimeInterval) -> Date { self }
    public func timeIntervalSince(_ d: Date) -> TimeInterval { 0 }
    public var timeIntervalSinceNow: TimeInterval { 0 }
    public static func < (a: Date, b: Date) -> Bool { false }
    public static func + (a: Date, b: TimeInterval) -> Date { a }
}
public struct URL: Hashable, Sendable, CustomStringConvertible {
    public init(fileURLWithPath path: String) {}
    public init(fileURLWithPath path: String, isDirectory: Bool) {}
    public init?(string: String) {}
    public var path: String { "" }
    public var pathExtension: String { "" }
    public var lastPathComponent: String { "" }
    public var pathComponents: [String] { [] }
    public var absoluteString: String { "" }
    public var description: String { "" }
    public func appendingPathComponent(_ c: String) -> URL { self }
    public func appendingPathComponent(_ c: String, isDirectory: Bool) -> URL { self }
    public func deletingLastPathComponent() -> URL { self }
    public func deletingPathExtension() -> URL { self }
    public var standardizedFileURL: URL { self }
    public func resolvingSymlinksInPath() -> URL { self }
}
public struct Data: Sendable { public init() {} }
open class FileManager: NSObject, @unchecked Sendable {
    open class var `default`: FileManager { fatalError() }
    public struct DirectoryEnumerationOptions: OptionSet, Sendable {
        public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let skipsHiddenFiles = DirectoryEnumerationOptions(rawValue: 4)
    }
    open func enumerator(at url: URL, includingPropertiesForKeys keys: [String]?, options mask: DirectoryEnumerationOptions = [], errorHandler handler: ((URL, any Error) -> Bool)? = nil) -> DirectoryEnumerator? { nil }
    open func fileExists(atPath path: String) -> Bool { false }
    open func fileExists(atPath path: String, isDirectory: UnsafeMutablePointer<Bool>?) -> Bool { false }
    open func contentsOfDirectory(atPath path: String) throws -> [String] { [] }
    open func contentsOfDirectory(at url: URL, includingPropertiesForKeys keys: [String]?, options mask: DirectoryEnumerationOptions = []) throws -> [URL] { [] }
    open var currentDirectoryPath: String { "" }
}
open class NSEnumerator: NSObject, Sequence {
    open func nextObject() -> Any? { nil }
    public struct Iterator: IteratorProtocol { public mutating func next() -> Any? { nil } }
    public func makeIterator() -> Iterator { Iterator() }
}
open class DirectoryEnumerator: NSEnumerator {
    open func skipDescendants() {}
    open func skipDescendents() {}
    open var level: Int { 0 }
}
extension FileManager { public typealias DirectoryEnumerator = Foundation.DirectoryEnumerator }
public struct NSRange: Hashable, Sendable {
    public var location: Int
    public var length: Int
    public init(location: Int, length: Int) { self.location = location; self.length = length }
    public init<R: RangeExpression>(_ region: R, in target: some StringProtocol) where R.Bound == String.Index { location = 0; length = 0 }
}
public let NSNotFound: Int = .max
extension Range where Bound == String.Index {
    public init?(_ range: NSRange, in string: some StringProtocol) { return nil }
}
public struct NSRegularExpressionOptions: OptionSet, Sendable {
    public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
}
open class NSTextCheckingResult: NSObject, @unchecked Sendable {
    open var range: NSRange { NSRange(location: 0, length: 0) }
    open var numberOfRanges: Int { 0 }
    open func range(at idx: Int) -> NSRange { range }
    open func range(withName name: String) -> NSRange { range }
}
open class NSRegularExpression: NSObject, @unchecked Sendable {
    public typealias Options = NSRegularExpressionOptions
    public struct MatchingOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
    public init(pattern: String, options: Options = []) throws {}
    open func matches(in string: String, options: MatchingOptions = [], range: NSRange) -> [NSTextCheckingResult] { [] }
    open func firstMatch(in string: String, options: MatchingOptions = [], range: NSRange) -> NSTextCheckingResult? { nil }
    open func numberOfMatches(in string: String, options: MatchingOptions = [], range: NSRange) -> Int { 0 }
    open func stringByReplacingMatches(in string: String, options: MatchingOptions = [], range: NSRange, withTemplate templ: String) -> String { "" }
}
extension String {
    public enum Encoding: Sendable { case utf8, ascii }
    public init(contentsOf url: URL, encoding enc: String.Encoding) throws { self = "" }
    public init(contentsOfFile path: String, encoding enc: String.Encoding) throws { self = "" }
    public func write(to url: URL, atomically: Bool, encoding enc: String.Encoding) throws {}
    public init(format: String, _ arguments: any CVarArg...) { self = "" }
}
extension StringProtocol {
    public func components<T: StringProtocol>(separatedBy separator: T) -> [String] { [] }
    public func trimmingCharacters(in set: CharacterSet) -> String { "" }
    public func replacingOccurrences<T: StringProtocol, R: StringProtocol>(of target: T, with replacement: R) -> String { "" }
    public func range<T: StringProtocol>(of s: T) -> Range<Index>? { nil }
    public func contains<T: StringProtocol>(_ other: T) -> Bool { false }
}
public struct CharacterSet: Sendable {
    public static let whitespaces = CharacterSet(), whitespacesAndNewlines = CharacterSet(), newlines = CharacterSet()
}
open class ProcessInfo: NSObject, @unchecked Sendable {
    open class var processInfo: ProcessInfo { fatalError() }
    open var environment: [String: String] { [:] }
    open var arguments: [String] { [] }
    open var activeProcessorCount: Int { 1 }
    open var processorCount: Int { 1 }
    open var systemUptime: TimeInterval { 0 }
}
open class Thread: NSObject, @unchecked Sendable {
    public override init() {}
    public convenience init(block: @escaping @Sendable () -> Void) { self.init() }
    open func start() {}
    open func cancel() {}
    open var stackSize: Int = 0
    open var name: String?
    open var qualityOfService: QualityOfService = .default
    open var threadPriority: Double = 0.5
    open var isFinished: Bool { false }
    open var isExecuting: Bool { false }
    open var isCancelled: Bool { false }
    open class var isMainThread: Bool { false }
    open class var current: Thread { fatalError() }
    open class func sleep(forTimeInterval ti: TimeInterval) {}
    open class func sleep(until date: Date) {}
}
public enum QualityOfService: Int, Sendable { case userInteractive = 0x21, userInitiated = 0x19, utility = 0x11, background = 0x09, `default` = -1 }
// The stub Darwin's identifier-to-enumerator macros (CLOCK_*) are not imported by the Swift clang
// importer here; on Apple they are (macOS 10.12+). Spelled as Swift constants instead.
public var CLOCK_MONOTONIC: clockid_t { _CLOCK_MONOTONIC }
public var CLOCK_THREAD_CPUTIME_ID: clockid_t { _CLOCK_THREAD_CPUTIME_ID }
