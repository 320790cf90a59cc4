// Stand-in for Apple's Dispatch (all declared here are available since macOS 10.10 / iOS 8 or earlier,
// so no availability restriction at the macOS 10.15 floor). Signatures follow Apple's overlay.
public struct DispatchTime: Comparable, Sendable {
    public let rawValue: UInt64
    public static func now() -> DispatchTime { fatalError() }
    public static let distantFuture = DispatchTime(uptimeNanoseconds: .max)
    public init(uptimeNanoseconds: UInt64) { rawValue = uptimeNanoseconds }
    public var uptimeNanoseconds: UInt64 { rawValue }
    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.rawValue < b.rawValue }
}
public struct DispatchWallTime: Comparable, Sendable {
    public let rawValue: UInt64
    public static func now() -> DispatchWallTime { fatalError() }
    public static let distantFuture = DispatchWallTime(rawValue: .max)
    init(rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: DispatchWallTime, b: DispatchWallTime) -> Bool { a.rawValue < b.rawValue }
}
public enum DispatchTimeInterval: Equatable, Sendable {
    case seconds(Int), milliseconds(Int), microseconds(Int), nanoseconds(Int), never
}
public func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime { fatalError() }
public func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime { fatalError() }
public func + (time: DispatchTime, seconds: Double) -> DispatchTime { fatalError() }
public func - (time: DispatchTime, seconds: Double) -> DispatchTime { fatalError() }
public func + (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime { fatalError() }
public func + (time: DispatchWallTime, seconds: Double) -> DispatchWallTime { fatalError() }
public enum DispatchTimeoutResult: Sendable { case success, timedOut }

public struct DispatchQoS: Equatable, Sendable {
    public enum QoSClass: Sendable { case background, utility, `default`, userInitiated, userInteractive, unspecified }
    public static let background = DispatchQoS(), utility = DispatchQoS(), `default` = DispatchQoS(),
        userInitiated = DispatchQoS(), userInteractive = DispatchQoS(), unspecified = DispatchQoS()
}
public struct DispatchWorkItemFlags: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let barrier = DispatchWorkItemFlags(rawValue: 1)
    public static let detached = DispatchWorkItemFlags(rawValue: 2)
    public static let assignCurrentContext = DispatchWorkItemFlags(rawValue: 4)
    public static let noQoS = DispatchWorkItemFlags(rawValue: 8)
    public static let inheritQoS = DispatchWorkItemFlags(rawValue: 16)
    public static let enforceQoS = DispatchWorkItemFlags(rawValue: 32)
}
open class DispatchObject: @unchecked Sendable {
    public func resume() {}
    public func suspend() {}
    public func activate() {}
}
public final class DispatchWorkItem: @unchecked Sendable {
    public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], block: @escaping @Sendable @convention(block) () -> Void) {}
    public func perform() {}
    public func wait() {}
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError() }
    public func notify(queue: DispatchQueue, execute: DispatchWorkItem) {}
    public func cancel() {}
    public var isCancelled: Bool { false }
}
public final class DispatchSpecificKey<T>: @unchecked Sendable { public init() {} }

public final class DispatchGroup: DispatchObject, @unchecked Sendable {
    public override init() {}
    public func enter() {}
    public func leave() {}
    public func wait() {}
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError() }
    public func wait(wallTimeout timeout: DispatchWallTime) -> DispatchTimeoutResult { fatalError() }
    public func notify(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue, execute work: @escaping @Sendable @convention(block) () -> Void) {}
    public func notify(queue: DispatchQueue, work: DispatchWorkItem) {}
}
public final class DispatchSemaphore: DispatchObject, @unchecked Sendable {
    public init(value: Int) {}
    @discardableResult public func signal() -> Int { 0 }
    public func wait() {}
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError() }
    public func wait(wallTimeout: DispatchWallTime) -> DispatchTimeoutResult { fatalError() }
}
public class DispatchQueue: DispatchObject, @unchecked Sendable {
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt64
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        public static let concurrent = Attributes(rawValue: 2)
        public static let initiallyInactive = Attributes(rawValue: 4)
    }
    public enum AutoreleaseFrequency: Sendable { case inherit, workItem, never }
    public class var main: DispatchQueue { fatalError() }
    public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { fatalError() }
    public convenience init(label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [], autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil) { fatalError() }
    public var label: String { "" }
    public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable @convention(block) () -> Void) {}
    public func async(execute workItem: DispatchWorkItem) {}
    public func async(group: DispatchGroup, execute workItem: DispatchWorkItem) {}
    public func sync(execute block: () -> Void) {}
    public func sync(execute workItem: DispatchWorkItem) {}
    public func sync<T>(execute work: () throws -> T) rethrows -> T { fatalError() }
    public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T { fatalError() }
    public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable @convention(block) () -> Void) {}
    public func asyncAfter(wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable @convention(block) () -> Void) {}
    public func asyncAfter(deadline: DispatchTime, execute: DispatchWorkItem) {}
    public class func concurrentPerform(iterations: Int, execute work: (Int) -> Void) {}
    public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
    public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
    public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}
    public func dispatchPrecondition(condition: DispatchPredicate) {}
}
public enum DispatchPredicate { case onQueue(DispatchQueue), onQueueAsBarrier(DispatchQueue), notOnQueue(DispatchQueue) }
public func dispatchPrecondition(condition: @autoclosure () -> DispatchPredicate) {}

public struct DispatchData: RandomAccessCollection, Sendable {
    public typealias Index = Int
    public typealias Element = UInt8
    public static let empty = DispatchData()
    init() {}
    public init(bytes buffer: UnsafeRawBufferPointer) {}
    public init(bytes buffer: UnsafeBufferPointer<UInt8>) {}
    public var count: Int { 0 }
    public var startIndex: Int { 0 }
    public var endIndex: Int { 0 }
    public subscript(index: Int) -> UInt8 { 0 }
    public mutating func append(_ other: DispatchData) {}
}
public class DispatchIO: DispatchObject, @unchecked Sendable {
    public enum StreamType: UInt, Sendable { case stream = 0, random = 1 }
    public class func read(fromFileDescriptor: Int32, maxLength: Int, runningHandlerOn queue: DispatchQueue, handler: @escaping @Sendable (_ data: DispatchData, _ error: Int32) -> Void) {}
    public class func write(toFileDescriptor: Int32, data: DispatchData, runningHandlerOn queue: DispatchQueue, handler: @escaping @Sendable (_ data: DispatchData?, _ error: Int32) -> Void) {}
}
