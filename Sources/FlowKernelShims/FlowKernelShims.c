#include "FlowKernelShims.h"

// The thread-locals of FlowKernelShims.h. The lock needs nothing here: it is the platform's own
// (fk_lock.h).
_Thread_local intptr_t fk_delivery_depth = 0;
_Thread_local intptr_t fk_reducer_depth = 0;
_Thread_local intptr_t fk_main_queue_answer = 0;
_Thread_local void *fk_deferred_work = 0;
_Thread_local int64_t fk_lock_last_wait = 0;
