// Stand-in for Apple's XCTest (scripts/check-apple-availability.sh): only what the package's tests
// use, with no availability restriction. Each is at or below the package's floor in Apple's
// documentation (the async `fulfillment(of:timeout:enforceOrder:)`: iOS 13, tvOS 13, watchOS 6).
@_exported import Foundation
open class XCTest { public init() {} }
open class XCTestCase: XCTest, @unchecked Sendable {
    public override init() {}
    open func setUp() {}
    open func tearDown() {}
    open func setUp() async throws {}
    open func tearDown() async throws {}
    open func setUpWithError() throws {}
    open func tearDownWithError() throws {}
    open var continueAfterFailure: Bool = true
    open func expectation(description: String) -> XCTestExpectation { fatalError() }
    open func wait(for expectations: [XCTestExpectation], timeout: TimeInterval, enforceOrder: Bool = false) {}
    public func fulfillment(of expectations: [XCTestExpectation], timeout: TimeInterval = .infinity, enforceOrder: Bool = false) async {}
    open func waitForExpectations(timeout: TimeInterval, handler: (@Sendable (Error?) -> Void)? = nil) {}
    open func addTeardownBlock(_ block: @escaping () -> Void) {}
    open func measure(_ block: () -> Void) {}
}
open class XCTestExpectation: @unchecked Sendable {
    public init(description: String = "") {}
    open func fulfill() {}
    open var isInverted: Bool = false
    open var expectedFulfillmentCount: Int = 1
    open var assertForOverFulfill: Bool = true
    open var expectationDescription: String = ""
}
public struct XCTSkip: Error {
    public init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {}
}
public struct XCTExpectedFailure {
    public struct Options { public init() {}; public var isStrict: Bool = true; public var isEnabled: Bool = true }
}
public func XCTExpectFailure(_ failureReason: String? = nil, enabled: Bool? = nil, strict: Bool? = nil, file: StaticString = #filePath, line: UInt = #line) {}
public func XCTExpectFailure(_ failureReason: String? = nil, options: XCTExpectedFailure.Options = .init()) {}
public func XCTExpectFailure<R>(_ failureReason: String? = nil, enabled: Bool? = nil, strict: Bool? = nil, file: StaticString = #filePath, line: UInt = #line, failingBlock: () throws -> R) rethrows -> R { try failingBlock() }
public func XCTExpectFailure<R>(_ failureReason: String? = nil, options: XCTExpectedFailure.Options, failingBlock: () throws -> R) rethrows -> R { try failingBlock() }
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssert(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertTrue(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertFalse(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNil(_ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNotNil(_ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertEqual<T: Equatable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertEqual<T: FloatingPoint>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, accuracy: T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNotEqual<T: Equatable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertLessThan<T: Comparable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertGreaterThan<T: Comparable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertLessThanOrEqual<T: Comparable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertGreaterThanOrEqual<T: Comparable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertIdentical(_ expression1: @autoclosure () throws -> AnyObject?, _ expression2: @autoclosure () throws -> AnyObject?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertThrowsError<T>(_ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line, _ errorHandler: (_ error: Error) -> Void = { _ in }) {}
public func XCTAssertNoThrow<T>(_ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTUnwrap<T>(_ expression: @autoclosure () throws -> T?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) throws -> T { fatalError() }
