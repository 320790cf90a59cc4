// The few POSIX and C11 primitives the kernel needs, written once for every platform.
//
// Everything here exists with the same spelling on Apple platforms, Linux and other POSIX systems
// (<pthread.h>, clang's __atomic builtins, C11 _Thread_local), so the Swift side needs no
// platform conditional and no `Synchronization` import. The functions are `static inline`: Swift
// imports them through clang and inlines them like its own code.
#pragma once

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/// The lock of the Swift `Locked`: one word, taken and released with one atomic instruction each
/// when uncontended. The word is 0 when the lock is free; otherwise the owner's thread mark
/// (`fk_lock_self`), with bit 0 set when a thread may be sleeping on it. A thread that finds it
/// taken spins briefly, then sleeps on a pthread condition variable of a small shared table (see
/// FlowKernelShims.c), which its owner's unlock broadcasts when bit 0 is set. Every wait goes
/// through pthread calls and every hand-over through acquire/release atomics, both of which the
/// thread sanitizer understands.
///
/// Taking the lock again on the thread that holds it fails with EDEADLK instead of hanging, and
/// unlocking from a thread that does not hold it fails with EPERM, in every build.
typedef struct {
    uintptr_t word;
} fk_lock;

/// A thread-local whose address identifies the calling thread: aligned, so bit 0 is free.
extern _Thread_local intptr_t fk_thread_mark;

static inline uintptr_t fk_lock_self(void) { return (uintptr_t)&fk_thread_mark; }

static inline void fk_lock_init(fk_lock *l) { __atomic_store_n(&l->word, 0, __ATOMIC_RELAXED); }

/// EBUSY if the lock is held (destroying a held lock is a bug), else 0.
static inline int fk_lock_destroy(fk_lock *l) {
    return __atomic_load_n(&l->word, __ATOMIC_RELAXED) == 0 ? 0 : EBUSY;
}

/// The contended paths, in FlowKernelShims.c.
int fk_lock_wait(fk_lock *l, uintptr_t self);
int fk_lock_wake(fk_lock *l);

/// Takes the lock; 0, or EDEADLK if the calling thread holds it already, or a pthread error.
static inline int fk_lock_lock(fk_lock *l) {
    uintptr_t self = fk_lock_self();
    uintptr_t expected = 0;
    if (__atomic_compare_exchange_n(&l->word, &expected, self, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        return 0;
    }
    return fk_lock_wait(l, self);
}

/// Releases the lock, waking sleepers if any; 0, or EPERM if the calling thread did not hold it.
static inline int fk_lock_unlock(fk_lock *l) {
    uintptr_t previous = __atomic_exchange_n(&l->word, 0, __ATOMIC_RELEASE);
    if ((previous & ~(uintptr_t)1) != fk_lock_self()) return EPERM;
    if (previous & 1) return fk_lock_wake(l);
    return 0;
}

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

/// An identifier of the calling thread (`pthread_self`, whatever its type on the platform).
static inline uintptr_t fk_thread_id(void) { return (uintptr_t)pthread_self(); }
