#pragma once
typedef long __darwin_time_t;
