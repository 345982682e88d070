/*
 * CBuildStamp — what the build knew of the source it was made from: the git commit, read by Package.swift
 * (SwiftPM's Context.gitInformation) and handed to this one C file as a define, so that a new commit
 * recompiles this file alone. `imager version` says it.
 */
#ifndef CBUILDSTAMP_H
#define CBUILDSTAMP_H

#include <stdbool.h>

/// The commit the binary was built from (40 hex digits), or "" when the source was not a git checkout.
const char *imager_build_commit(void);

/// Whether the checkout had changes not yet committed when it was built.
bool imager_build_had_uncommitted_changes(void);

#endif
