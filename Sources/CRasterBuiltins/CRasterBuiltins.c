// CRasterBuiltins is its header alone (inline functions); SwiftPM wants one source file for a C target.
#include "CRasterBuiltins.h"
