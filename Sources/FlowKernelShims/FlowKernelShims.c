#include "FlowKernelShims.h"

_Thread_local intptr_t fk_delivery_depth = 0;
_Thread_local intptr_t fk_reducer_depth = 0;
_Thread_local intptr_t fk_main_queue_answer = 0;
