// CPrefetch is its header alone (inline hints); SwiftPM wants one source file for a C target.
#include "CPrefetch.h"
