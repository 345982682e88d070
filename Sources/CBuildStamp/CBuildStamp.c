#include "CBuildStamp.h"

#define IMAGER_STRINGIFY_(token) #token
#define IMAGER_STRINGIFY(token) IMAGER_STRINGIFY_(token)

const char *imager_build_commit(void) {
#ifdef IMAGER_BUILD_COMMIT
    return IMAGER_STRINGIFY(IMAGER_BUILD_COMMIT);
#else
    return "";
#endif
}

bool imager_build_had_uncommitted_changes(void) {
#ifdef IMAGER_BUILD_UNCOMMITTED
    return true;
#else
    return false;
#endif
}
