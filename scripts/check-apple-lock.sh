#!/usr/bin/env bash
# Compiles the Apple branch of the lock (Sources/FlowKernelShims/include/fk_lock.h), which no
# compiler on this machine would otherwise read, against scripts/apple-lock-stub/os/lock.h: the
# declarations of Apple's <os/lock.h>. Fails if the branch does not compile, or if the define did
# not select it. CI runs it (.ci/run). C mode gnu11, as Swift's importer reads C headers (clang's default).
set -euo pipefail
cd "$(dirname "$0")/.."
cc=$(command -v clang || true)
if [ -z "$cc" ]; then cc="$(dirname "$(readlink -f "$(command -v swift)")")/clang"; fi
check() {
    "$cc" -std=gnu11 -Wall -Wextra -Werror -fsyntax-only -DFK_LOCK_CHECK_APPLE_BRANCH \
        -I scripts/apple-lock-stub -I Sources/FlowKernelShims/include -x c "$@"
}
check - <<'C'
#include "FlowKernelShims.h"
_Static_assert(FK_LOCK_REPORTS_MISUSE == 0, "FK_LOCK_CHECK_APPLE_BRANCH selects the os_unfair_lock branch");
_Static_assert(sizeof(fk_lock) == sizeof(os_unfair_lock), "the Apple lock is one os_unfair_lock");
int fk_lock_check(fk_lock *lock) {
    int result = fk_lock_init(lock);
    result |= fk_lock_lock(lock);
    result |= fk_lock_trylock(lock);
    result |= fk_lock_unlock(lock);
    fk_lock_yield();
    result |= fk_lock_destroy(lock);
    return result + (fk_lock_reports_misuse() ? 1 : 0);
}
C
check Sources/FlowKernelShims/FlowKernelShims.c
echo "check-apple-lock: the os_unfair_lock branch of fk_lock.h compiles against Apple's declarations"
