// Declarations matching Apple's <os/lock.h> (macOS 10.12 / iOS 10 and later), for compiling the
// Apple branch of Sources/FlowKernelShims/include/fk_lock.h on a machine without Apple's SDK
// (scripts/check-apple-lock.sh). Only what that file uses; the availability and nullability
// attributes of Apple's header are left out, the types and signatures are the same.
#pragma once

#include <stdbool.h>
#include <stdint.h>

typedef struct os_unfair_lock_s {
    uint32_t _os_unfair_lock_opaque;
} os_unfair_lock, *os_unfair_lock_t;

#define OS_UNFAIR_LOCK_INIT ((os_unfair_lock){0})

void os_unfair_lock_lock(os_unfair_lock_t lock);
bool os_unfair_lock_trylock(os_unfair_lock_t lock);
void os_unfair_lock_unlock(os_unfair_lock_t lock);
void os_unfair_lock_assert_owner(const os_unfair_lock *lock);
void os_unfair_lock_assert_not_owner(const os_unfair_lock *lock);
