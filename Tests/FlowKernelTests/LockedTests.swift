import Dispatch
import FlowKernelShims
import Foundation
import TestSupport
import Testing

@testable import FlowKernel

@Suite struct LockedTests {
    @Test func theValueIsAtTheStartOfTheHeader() {
        // `withSoleWriterAccess` reads the value at the header's address.
        #expect(MemoryLayout<LockHeader<Int8>>.offset(of: \LockHeader<Int8>.value) == 0)
        #expect(MemoryLayout<LockHeader<[String]>>.offset(of: \LockHeader<[String]>.value) == 0)
        #expect(MemoryLayout<LockHeader<(Bool, Double)>>.offset(of: \LockHeader<(Bool, Double)>.value) == 0)
        let lock = Locked((1, "two"), gates: 2)
        lock.withLock { $0.0 = 3 }
        #expect(lock.withSoleWriterAccess { $0.pointee.0 } == 3)
        #expect(lock.withSoleWriterAccess { $0.pointee.1 } == "two")
    }

    @Test func theDeinitFindsTheLocksWhereManagedBufferPutsThem() {
        // `LockStorage.lockCountAndLocks(of:)` computes the offsets from the value's layout.
        func check<Value>(_ value: Value, gates: Int) {
            let lock = Locked(value, gates: gates)
            let found = LockStorage<Value>.lockCountAndLocks(of: lock.storage)
            lock.storage.withUnsafeMutablePointers { header, locks in
                #expect(found.count == header.pointee.lockCount, "\(Value.self)")
                #expect(found.count == 1 + gates, "\(Value.self)")
                #expect(found.locks == locks, "\(Value.self)")
            }
        }
        check((), gates: 0)
        check(Int8(1), gates: 2)
        check((Int8(1), Int16(2), Int8(3)), gates: 1)
        check(3.5, gates: 0)
        check("a string", gates: 3)
        check([1, 2, 3], gates: 1)
        check(SIMD4<Float>(1, 2, 3, 4), gates: 2)  // 16-byte alignment
        check(SIMD8<Double>(repeating: 1), gates: 1)  // 64 bytes, 16-byte alignment or more
        check((true, SIMD2<Double>(1, 2), Int8(4)), gates: 0)
    }

    @Test func copiesShareOneLockAndOneValue() async {
        let lock = Locked(0)
        let copy = lock
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<1_000 { copy.withLock { $0 += 1 } }
                }
            }
        }
        #expect(lock.withLock { $0 } == 4_000)
    }

    @Test(.enabled(if: fk_lock_reports_misuse(), "os_unfair_lock stops the process itself"))
    func aSecondLockOnTheHoldingThreadFailsInsteadOfHanging() {
        // `Locked` stops the process on such a failure (`lockFailure`, a `fatalError` with a
        // message); the error-checking mutex reports it, in every build.
        let lock = UnsafeMutablePointer<fk_lock>.allocate(capacity: 1)
        defer { lock.deallocate() }
        fk_lock_init(lock)
        #expect(fk_lock_lock(lock) == 0)
        // A try-lock answers "held" on every platform (a priority-inheritance mutex would say
        // EDEADLK): `waitForLock` retries on EBUSY, and the blocking lock then reports the misuse.
        #expect(fk_lock_trylock(lock) == EBUSY)
        #expect(fk_lock_lock(lock) == EDEADLK)
        #expect(fk_lock_destroy(lock) == EBUSY)
        #expect(fk_lock_unlock(lock) == 0)
        #expect(fk_lock_destroy(lock) == 0)
    }

    /// What `Locked` does with such a report: it stops the process, with a message that says the
    /// lock was misused, through `fatalError` (which prints in release builds too), rather than
    /// hanging or going on with a broken lock. Checked in a child process.
    @Test(.enabled(if: fk_lock_reports_misuse(), "os_unfair_lock stops the process itself"))
    func aLockTakenTwiceOnOneThreadStopsTheProcessWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let lock = Locked(0)
            lock.withLock { _ in
                lock.withLock { _ in }
            }
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("FlowKernel: lock failed: the calling thread holds this lock already"))
        #expect(message.contains("This is a bug of the library"))
    }

    @Test(.enabled(if: fk_lock_reports_misuse(), "os_unfair_lock stops the process itself"))
    func unlockingALockTheThreadDoesNotHoldFails() {
        let lock = UnsafeMutablePointer<fk_lock>.allocate(capacity: 1)
        defer { lock.deallocate() }
        fk_lock_init(lock)
        #expect(fk_lock_unlock(lock) == EPERM)
    }

    @Test(.enabled(if: fk_lock_reports_misuse(), "os_unfair_lock stops the process itself"))
    func anUnlockFromAnotherThreadLeavesTheOwnersLockHeld() async {
        let results = Recorder<Int32>()
        // On dedicated threads: a task may resume on another thread after a suspension.
        await runOnThreads(1) { _ in
            let lock = UnsafeMutablePointer<fk_lock>.allocate(capacity: 1)
            defer { lock.deallocate() }
            fk_lock_init(lock)
            results.append(fk_lock_lock(lock))
            let address = UInt(bitPattern: lock)
            let done = DispatchSemaphore(value: 0)
            Thread {
                let lock = UnsafeMutablePointer<fk_lock>(bitPattern: address)!
                results.append(fk_lock_unlock(lock))
                results.append(fk_lock_trylock(lock))
                done.signal()
            }.start()
            done.wait()
            results.append(fk_lock_unlock(lock))
            results.append(fk_lock_destroy(lock))
        }
        // The owner's lock, the stranger's unlock refused, still held for it, the owner's unlock.
        #expect(results.values == [0, EPERM, EBUSY, 0, 0])
    }

    @Test func onlyAThreadThatWaitedInTheLast20MillisecondsYieldsBeforeSleeping() async {
        // `waitForLock` yields first only when `fk_lock_waits_often()` answers true: a thread that
        // keeps meeting contention, not an occasional caller (docs/threading.md).
        let answers = Recorder<Bool>()
        await runOnThreads(1) { _ in
            answers.append(fk_lock_waits_often())  // never waited on this thread
            answers.append(Self.secondOfTwoCallsInARow())  // waited just now
            usleep(30_000)
            answers.append(fk_lock_waits_often())  // last waited 30 ms ago
            answers.append(Self.secondOfTwoCallsInARow())
        }
        #expect(answers.values == [false, true, false, true])
    }

    @Test func askingWhetherAThreadWaitedRecentlyNotesNothing() async {
        // `waitForLock` asks `fk_lock_waited_recently()` before its retries, to make 10 instead of
        // 100: only a wait whose retries failed (`fk_lock_waits_often()`, after them) may make a
        // thread a contending one, so an occasional caller whose retries succeed stays one.
        let answers = Recorder<Bool>()
        await runOnThreads(1) { _ in
            answers.append(fk_lock_waited_recently())  // never waited on this thread
            answers.append(fk_lock_waited_recently())  // the question noted nothing
            for _ in 0..<50 {
                // A wait whose retries failed, just now (again if the thread lost its processor
                // for 20 ms between the two calls).
                _ = fk_lock_waits_often()
                if fk_lock_waited_recently() { break }
            }
            answers.append(fk_lock_waited_recently())
            usleep(30_000)
            answers.append(fk_lock_waited_recently())  // last waited 30 ms ago
        }
        #expect(answers.values == [false, false, true, false])
    }

    /// The answer of `fk_lock_waits_often()` called twice in a row, which must be true. A thread
    /// that loses its processor for 20 ms or more between the two calls (a loaded machine) gets
    /// false for a reason of its own: such a pair is made again, up to 50 times.
    static func secondOfTwoCallsInARow() -> Bool {
        for _ in 0..<50 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = fk_lock_waits_often()
            let answer = fk_lock_waits_often()
            if answer || DispatchTime.now().uptimeNanoseconds - start < 20_000_000 {
                return answer
            }
        }
        return false
    }

    @Test func threadsThatFindTheLockHeldSleepAndAreWokenInTurn() async {
        // Holders sleep inside the lock, so the others outlast the spin and park: every hand-over
        // then goes through the wake-up path, and a lost wake-up would hang the test.
        let lock = Locked(0)
        let finished = await finishes {
            await runOnThreads(4) { _ in
                for _ in 0..<25 {
                    lock.withLock { value in
                        value += 1
                        usleep(200)
                    }
                }
            }
        }
        #expect(finished)
        #expect(lock.withLock { $0 } == 100)
    }

    @Test(
        .enabled(if: PriorityInversion.isPermitted, "needs permission for real-time scheduling"),
        timeLimit(minutes: 1))
    func aWaiterForAGateLendsItsPriorityToTheHolder() async {
        // A default-priority holder of a gate, preempted by two real-time hogs, and a waiter of a
        // higher real-time priority: the lock records its owner and lends the waiter's priority,
        // so the holder runs above the hogs and the waiter waits about the holder's remaining
        // 100 ms. A lock that does not (a plain mutex, a semaphore) leaves the holder behind the
        // hogs for a second or more (measured: 0.95 to 3 s).
        let locked = Locked(0, gates: 1)
        let outcome = await PriorityInversion.stageUntilShown(
            within: 250,
            hold: { work in
                locked.holdGate()
                work()
                locked.releaseGate()
            },
            wait: { locked.passGate() })
        #expect(outcome != nil, "no run showed the waiter waiting for the preempted holder")
        #expect((outcome?.waitMilliseconds ?? 0) < 250, "\(outcome.map(String.init(describing:)) ?? "")")
    }
}
