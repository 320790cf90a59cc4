// The few primitives the kernel needs, written once for every platform.
//
// The lock is the platform's own (fk_lock.h, the package's one platform conditional). Everything
// else here exists with the same spelling on Apple platforms, Linux and other POSIX systems
// (<pthread.h>, clang's __atomic builtins, C11 _Thread_local), so the Swift side needs no platform
// conditional and no `Synchronization` import. The functions are `static inline`: Swift imports
// them through clang and inlines them like its own code.
#pragma once

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "fk_lock.h"

/// A flag read without a lock: acquire loads, release stores, a sequentially consistent exchange.
typedef struct {
    intptr_t value;
} fk_flag;

static inline void fk_flag_init(fk_flag *f, bool value) {
    __atomic_store_n(&f->value, value ? 1 : 0, __ATOMIC_RELAXED);
}
static inline bool fk_flag_load(fk_flag *f) { return __atomic_load_n(&f->value, __ATOMIC_ACQUIRE) != 0; }
/// Sets the flag to `value` and returns what it held.
static inline bool fk_flag_exchange(fk_flag *f, bool value) {
    return __atomic_exchange_n(&f->value, value ? 1 : 0, __ATOMIC_SEQ_CST) != 0;
}

/// A word of flags changed without a lock: acquire loads, and read-modify-writes that acquire and
/// release.
typedef struct {
    intptr_t value;
} fk_bits;

static inline void fk_bits_init(fk_bits *b) { __atomic_store_n(&b->value, 0, __ATOMIC_RELAXED); }
static inline intptr_t fk_bits_load(fk_bits *b) { return __atomic_load_n(&b->value, __ATOMIC_ACQUIRE); }
/// Replaces `expected` with `desired`; returns whether the word held `expected`.
static inline bool fk_bits_replace(fk_bits *b, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(
        &b->value, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
/// Sets the bits of `mask`; returns the previous word.
static inline intptr_t fk_bits_set(fk_bits *b, intptr_t mask) {
    return __atomic_fetch_or(&b->value, mask, __ATOMIC_ACQ_REL);
}
/// Clears the bits of `mask`; returns the previous word.
static inline intptr_t fk_bits_clear(fk_bits *b, intptr_t mask) {
    return __atomic_fetch_and(&b->value, ~mask, __ATOMIC_ACQ_REL);
}

/// A counter changed without a lock.
typedef struct {
    intptr_t value;
} fk_counter;

static inline void fk_counter_init(fk_counter *c) { __atomic_store_n(&c->value, 0, __ATOMIC_RELAXED); }
static inline intptr_t fk_counter_load(fk_counter *c) { return __atomic_load_n(&c->value, __ATOMIC_ACQUIRE); }
static inline void fk_counter_add(fk_counter *c, intptr_t delta) {
    __atomic_add_fetch(&c->value, delta, __ATOMIC_SEQ_CST);
}

/// How many turns (see the Swift `Turn`) the calling thread holds: above zero while it runs user
/// code on behalf of a source. A C11 thread-local: one memory access, no lookup.
extern _Thread_local intptr_t fk_delivery_depth;

static inline intptr_t fk_delivery_depth_get(void) { return fk_delivery_depth; }
static inline void fk_delivery_depth_add(intptr_t delta) { fk_delivery_depth += delta; }

/// How many reducers the calling thread is inside (RxStateCore: a reducer never waits for a read).
extern _Thread_local intptr_t fk_reducer_depth;

static inline intptr_t fk_reducer_depth_get(void) { return fk_reducer_depth; }
static inline void fk_reducer_depth_add(intptr_t delta) { fk_reducer_depth += delta; }

/// The calling thread's shared answer to "does this run on the main queue?" (see the Swift
/// `MainQueue.sharingAnswer`): 0 outside a delivery loop, 1 inside one before any listener asked,
/// 2 yes, 3 no.
extern _Thread_local intptr_t fk_main_queue_answer;

static inline intptr_t fk_main_queue_answer_get(void) { return fk_main_queue_answer; }
static inline void fk_main_queue_answer_set(intptr_t answer) { fk_main_queue_answer = answer; }

/// The work the calling thread deferred until it leaves its outermost turn (see the Swift
/// `Turn.deferUntilOutermostTurnEnds`): an unmanaged Swift object, or NULL when there is none; its
/// lowest bit is a flag of the Swift `DeferredWork`.
extern _Thread_local void *fk_deferred_work;

static inline void *fk_deferred_work_get(void) { return fk_deferred_work; }
static inline void fk_deferred_work_set(void *work) { fk_deferred_work = work; }

/// An identifier of the calling thread (`pthread_self`, whatever its type on the platform).
static inline uintptr_t fk_thread_id(void) { return (uintptr_t)pthread_self(); }

/// When the calling thread last found a lock taken after its retries, in nanoseconds of the
/// monotonic clock (0: never). FlowKernelShims.c defines it.
extern _Thread_local int64_t fk_lock_last_wait;

/// The monotonic clock, in nanoseconds (`clock_gettime` is POSIX, on every platform).
static inline int64_t fk_lock_clock(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + (int64_t)now.tv_nsec;
}

/// Whether the calling thread's last noted wait (`fk_lock_last_wait`) is less than 20 ms before
/// `now` (with 8 threads on 2 cores a contending thread may wait a few time slices between its
/// turns to run).
static inline bool fk_lock_waited_within_20ms_of(int64_t now) {
    return fk_lock_last_wait != 0 && now - fk_lock_last_wait < 20000000;
}

/// Whether the calling thread found a lock taken (after its retries) less than 20 ms ago; notes
/// that it does now. A thread that keeps meeting contention yields before it sleeps, so that it
/// does not queue up behind sleepers the lock is handed to (a convoy); an occasional waiter sleeps
/// at once and is handed the lock on its release, without waiting out another thread's time slice
/// after a yield.
static inline bool fk_lock_waits_often(void) {
    int64_t now = fk_lock_clock();
    bool often = fk_lock_waited_within_20ms_of(now);
    fk_lock_last_wait = now;
    return often;
}

/// Whether the calling thread found a lock taken (after its retries) less than 20 ms ago, as
/// `fk_lock_waits_often` answers, without noting anything: a waiter asks it before its retries to
/// know how many to make (`Locked.waitForLock`), so that only a wait whose retries failed counts.
/// A thread that never waited does not read the clock.
static inline bool fk_lock_waited_recently(void) {
    return fk_lock_last_wait != 0 && fk_lock_waited_within_20ms_of(fk_lock_clock());
}
