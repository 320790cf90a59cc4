#include "FlowKernelShims.h"

_Thread_local intptr_t fk_delivery_depth = 0;
_Thread_local intptr_t fk_reducer_depth = 0;
_Thread_local intptr_t fk_main_queue_answer = 0;
_Thread_local intptr_t fk_thread_mark = 0;

// Where threads sleep while an `fk_lock` is taken: a small table of mutex and condition pairs,
// shared by all locks (a lock is one word, so it cannot hold its own). A lock uses the pair its
// address hashes to; an unlock that finds bit 0 set broadcasts that pair's condition, and every
// sleeper of the pair re-checks its own lock. Statically initialized: nothing to set up or tear
// down.
#define FK_PARKING_COUNT 16
#define FK_PARKING_INIT {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER}

typedef struct {
    pthread_mutex_t mutex;
    pthread_cond_t condition;
} fk_parking;

static fk_parking fk_parkings[FK_PARKING_COUNT] = {
    FK_PARKING_INIT, FK_PARKING_INIT, FK_PARKING_INIT, FK_PARKING_INIT,
    FK_PARKING_INIT, FK_PARKING_INIT, FK_PARKING_INIT, FK_PARKING_INIT,
    FK_PARKING_INIT, FK_PARKING_INIT, FK_PARKING_INIT, FK_PARKING_INIT,
    FK_PARKING_INIT, FK_PARKING_INIT, FK_PARKING_INIT, FK_PARKING_INIT,
};

static fk_parking *fk_parking_for(fk_lock *l) {
    return &fk_parkings[((uintptr_t)l >> 4) % FK_PARKING_COUNT];
}

// Tries to take a free lock, as `fk_lock_lock` does; `value` is the mark, with bit 0 set by a
// thread that slept (others may still sleep, so its unlock must wake them).
static bool fk_lock_try(fk_lock *l, uintptr_t value) {
    uintptr_t expected = 0;
    return __atomic_compare_exchange_n(&l->word, &expected, value, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

int fk_lock_wait(fk_lock *l, uintptr_t self) {
    // The critical sections of this library are a few dozen instructions: a short spin usually
    // sees the lock free again without sleeping.
    for (int spin = 0; spin < 100; spin++) {
        uintptr_t current = __atomic_load_n(&l->word, __ATOMIC_RELAXED);
        if ((current & ~(uintptr_t)1) == self) return EDEADLK;
        if (current == 0 && fk_lock_try(l, self)) return 0;
    }
    fk_parking *parking = fk_parking_for(l);
    int result = pthread_mutex_lock(&parking->mutex);
    if (result != 0) return result;
    for (;;) {
        uintptr_t current = __atomic_load_n(&l->word, __ATOMIC_RELAXED);
        if (current == 0) {
            if (fk_lock_try(l, self | 1)) break;
            continue;
        }
        if ((current & ~(uintptr_t)1) == self) {
            result = EDEADLK;
            break;
        }
        // Set bit 0 while holding the parking mutex: the owner's unlock then takes that mutex to
        // broadcast, which it cannot do before this thread sleeps in pthread_cond_wait.
        if ((current & 1) == 0
            && !__atomic_compare_exchange_n(
                &l->word, &current, current | 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            continue;
        }
        result = pthread_cond_wait(&parking->condition, &parking->mutex);
        if (result != 0) break;
    }
    int unlocked = pthread_mutex_unlock(&parking->mutex);
    return result != 0 ? result : unlocked;
}

int fk_lock_wake(fk_lock *l) {
    fk_parking *parking = fk_parking_for(l);
    int result = pthread_mutex_lock(&parking->mutex);
    if (result != 0) return result;
    result = pthread_cond_broadcast(&parking->condition);
    int unlocked = pthread_mutex_unlock(&parking->mutex);
    return result != 0 ? result : unlocked;
}
