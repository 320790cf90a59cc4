#pragma once
typedef unsigned int __darwin_useconds_t;
typedef __darwin_useconds_t useconds_t;
int usleep(useconds_t);
unsigned int sleep(unsigned int);
