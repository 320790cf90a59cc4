#pragma once
extern int *__error(void);
#define errno (*__error())
#define EPERM 1
#define EDEADLK 11
#define EBUSY 16
#define EINVAL 22
#define EAGAIN 35
#define ENOTSUP 45
#define ETIMEDOUT 60
