// The lock of every module: the platform's owner-recording lock, and the only platform conditional
// of the package.
//
// Every wait of one thread on another goes through this lock, so the system knows which thread a
// waiter waits for:
// - On Apple platforms, `os_unfair_lock`. The kernel records its owner and lends a waiter's
//   priority to the owner. A second lock on the holding thread, or an unlock from a thread that
//   does not hold it, stops the process with the system's own message ("BUG IN CLIENT OF
//   LIBPLATFORM"); it never returns an error.
// - Elsewhere, a POSIX mutex of the error-checking kind with the priority-inheritance protocol
//   (PTHREAD_PRIO_INHERIT), in every build. It records its owner (the system's thread id, not an
//   address that a later thread could reuse), and a waiter lends its priority to the owner: on
//   Linux the kernel runs the owner at a real-time waiter's priority until it unlocks (a PI futex).
//   A second lock on the holding thread fails with EDEADLK instead of hanging, an unlock from
//   another thread fails with EPERM and leaves the owner's lock held, and destroying a held lock
//   fails with EBUSY. The Swift side (`Locked`) stops the process with a message on any such
//   result. Where the system has no priority-inheritance mutexes (pthread_mutex_init answers
//   ENOTSUP), the lock is a plain error-checking mutex.
//
// os_unfair_lock lets a thread that releases the lock and asks for it again at once take it before a
// sleeping waiter wakes; a PI mutex hands the lock to its first sleeper on release. Either way a
// waiter first retries and yields (`Locked.waitForLock`), so contended callers rarely sleep and do
// not pay a sleep and a wake-up each (a convoy); fairness where it matters comes from the kernel's
// turn (Turn.swift).
//
// CI compiles the Apple branch on Linux (`scripts/check-apple-lock.sh`) against
// scripts/apple-lock-stub/os/lock.h, whose declarations match Apple's <os/lock.h>.
//
// The modules inline these functions (through `Locked`'s inlinable code), and an incremental build
// does not always recompile every module after this file changes: build from a clean `.build` (and
// `Benchmarks/.build`) before testing or measuring a change here.
#pragma once

#include <errno.h>
#include <sched.h>
#include <stdbool.h>

#if defined(__APPLE__) || defined(FK_LOCK_CHECK_APPLE_BRANCH)
#include <os/lock.h>

typedef struct {
    os_unfair_lock unfair;
} fk_lock;

/// Whether misuse comes back as an error code (else the system stops the process itself).
#define FK_LOCK_REPORTS_MISUSE 0

static inline int fk_lock_init(fk_lock *l) {
    l->unfair = OS_UNFAIR_LOCK_INIT;
    return 0;
}
static inline int fk_lock_destroy(fk_lock *l) {
    (void)l;
    return 0;
}
static inline int fk_lock_lock(fk_lock *l) {
    os_unfair_lock_lock(&l->unfair);
    return 0;
}
/// 0 if taken, EBUSY if another thread (or this one) holds it.
static inline int fk_lock_trylock(fk_lock *l) { return os_unfair_lock_trylock(&l->unfair) ? 0 : EBUSY; }
static inline int fk_lock_unlock(fk_lock *l) {
    os_unfair_lock_unlock(&l->unfair);
    return 0;
}

#else
#include <pthread.h>

typedef struct {
    pthread_mutex_t mutex;
} fk_lock;

#define FK_LOCK_REPORTS_MISUSE 1

/// Makes an error-checking mutex with priority inheritance (a plain error-checking one where the
/// system has no priority-inheritance mutexes).
static inline int fk_lock_init(fk_lock *l) {
    pthread_mutexattr_t attributes;
    int result = pthread_mutexattr_init(&attributes);
    if (result != 0) return result;
    result = pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_ERRORCHECK);
    if (result == 0) {
        int inheriting = pthread_mutexattr_setprotocol(&attributes, PTHREAD_PRIO_INHERIT);
        result = pthread_mutex_init(&l->mutex, &attributes);
        if (result == ENOTSUP && inheriting == 0) {
            pthread_mutexattr_setprotocol(&attributes, PTHREAD_PRIO_NONE);
            result = pthread_mutex_init(&l->mutex, &attributes);
        }
    }
    int destroyed = pthread_mutexattr_destroy(&attributes);
    return result != 0 ? result : destroyed;
}
static inline int fk_lock_destroy(fk_lock *l) { return pthread_mutex_destroy(&l->mutex); }
static inline int fk_lock_lock(fk_lock *l) { return pthread_mutex_lock(&l->mutex); }
/// 0 if taken, EBUSY if another thread (or this one) holds it. (A priority-inheritance mutex
/// answers EDEADLK when this thread holds it; the answer is EBUSY on every platform, and the
/// blocking lock reports the misuse.)
static inline int fk_lock_trylock(fk_lock *l) {
    int result = pthread_mutex_trylock(&l->mutex);
    return result == EDEADLK ? EBUSY : result;
}
static inline int fk_lock_unlock(fk_lock *l) { return pthread_mutex_unlock(&l->mutex); }
#endif

/// Offers the processor to another thread (POSIX `sched_yield`, on every platform): what a waiter
/// does between its last retries of a taken lock, so that a holder that was not running can finish.
static inline void fk_lock_yield(void) { (void)sched_yield(); }

/// `FK_LOCK_REPORTS_MISUSE` for Swift, which does not import function-like use of macros.
static inline bool fk_lock_reports_misuse(void) { return FK_LOCK_REPORTS_MISUSE != 0; }
