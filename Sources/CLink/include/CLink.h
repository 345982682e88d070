/*
 * CLink — a plain C interface over Ableton Link (header-only C++, Debian's ableton-link-dev 3.0.x).
 *
 * Swift imports this header as C (no C++ interop needed); the C++ lives in CLink.cpp.
 *
 * Times are microseconds on Link's own clock (Linux: CLOCK_MONOTONIC_RAW, macOS: mach_absolute_time).
 * That is NOT the clock of DispatchTime / ContinuousClock: read it with clink_clock_micros().
 *
 * Every function is safe to call with a NULL session (it does nothing, or returns the default named in
 * its comment), and none lets a C++ exception escape. The functions use Link's *app* session state
 * (captureAppSessionState / commitAppSessionState): call them from ordinary threads, never from a
 * real-time audio callback (they may block briefly on a mutex).
 * All functions may be called from any thread; Link serialises them internally.
 */
#ifndef CLINK_H
#define CLINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque Link session (one ableton::Link instance). Create with clink_create, free with clink_destroy.
typedef struct CLinkSession CLinkSession;

/// The session state captured once: all fields describe the same instant, `micros`.
typedef struct CLinkTimeline {
    double tempo;    ///< beats per minute
    double beat;     ///< the beat at `micros` (relative to the quantum; can be negative)
    double phase;    ///< the beat's phase in [0, quantum): fmod(beat, quantum), correct for negative beats
    bool playing;    ///< the transport's start/stop state (shared only with start/stop sync on)
    int64_t micros;  ///< the Link clock time described: clock now + the offset asked for
} CLinkTimeline;

/// Link's tempo range; tempos asked for outside it are clamped.
#define CLINK_MIN_TEMPO 20.0
#define CLINK_MAX_TEMPO 999.0

/// A new session, disabled (not on the network until clink_enable(s, true)), at `bpm` (clamped to
/// 20…999; NaN/infinite → 120). NULL if Link could not be created.
CLinkSession *clink_create(double bpm);

/// Leaves the network and frees the session (joins Link's threads; may take a few milliseconds).
/// NULL is allowed.
void clink_destroy(CLinkSession *session);

/// Joins (true) or leaves (false) the Link network.
void clink_enable(CLinkSession *session, bool enabled);

/// Whether the session is on the network. NULL → false.
bool clink_is_enabled(const CLinkSession *session);

/// Whether start/stop is shared with peers that also enable it. Off by default.
void clink_enable_start_stop_sync(CLinkSession *session, bool enabled);

/// NULL → false.
bool clink_is_start_stop_sync_enabled(const CLinkSession *session);

/// The number of other Link peers in the session. NULL → 0.
size_t clink_num_peers(const CLinkSession *session);

/// Link's clock now, in microseconds. NULL → 0.
int64_t clink_clock_micros(const CLinkSession *session);

/// Captures the app session state once and fills `out` for the time clink clock now + `offset_micros`
/// (pass the output latency to get the beat that is heard now). `quantum` is the beats per bar/loop that
/// peers align phase on (typically 4); NaN, infinite or ≤ 0 means 0 (no phase alignment, phase = 0);
/// above 1e6 is clamped. `offset_micros` is clamped to ±60 s. NULL session → `out` zeroed
/// (tempo 0). NULL `out` → nothing.
void clink_capture(const CLinkSession *session, double quantum, int64_t offset_micros, CLinkTimeline *out);

/// Called on one of Link's threads when the session's transport starts or stops (a peer's start, or ours):
/// `playing` is the new state, `context` what was given with it. Keep it short and never block in it.
typedef void (*CLinkStartStopCallback)(bool playing, void *context);
/// Calls `callback` with `context` at every start and stop of the session's transport from now on (NULL:
/// none). The context must outlive the session, or be replaced first.
void clink_set_start_stop_callback(CLinkSession *session, CLinkStartStopCallback callback, void *context);
/// The moment (Link's clock, microseconds) the session's transport last started or stopped, or will: Link's
/// timeForIsPlaying. NULL session → 0.
int64_t clink_time_for_is_playing(const CLinkSession *session);
/// Sets the session tempo now (clamped to 20…999; NaN/infinite ignored). Peers follow.
void clink_set_tempo(CLinkSession *session, double bpm);

/// Starts or stops the transport now (shared with peers only with start/stop sync enabled).
void clink_set_playing(CLinkSession *session, bool playing);

/// Starts or stops the transport as from Link's clock now + `offset_micros` (clamped to ±60 s; negative: a
/// moment past), the way Link's start/stop sync expects (setIsPlayingAndRequestBeatAtTime): starting also
/// asks for beat 0 at that moment in the context of `quantum` — with peers, beat 0 falls on the quantum's next
/// downbeat from then (the session's timeline is kept); alone, the timeline is remapped so that the moment
/// itself is beat 0. Stopping only stops. `quantum` as in clink_capture.
void clink_set_playing_at(CLinkSession *session, bool playing, int64_t offset_micros, double quantum);

/// Asks for `beat` to be the beat now, the polite way: alone, the timeline is remapped so that it is;
/// with peers, the session's timeline is kept and the beat is shifted (by < quantum) so that its
/// phase matches the session's — i.e. it aligns this app's beat count to the shared bar. Use this.
/// NaN/infinite `beat`, or |beat| > 1e12, is ignored. `quantum` as in clink_capture.
void clink_request_beat_at_time(CLinkSession *session, double beat, double quantum);

/// Forces `beat` to be the beat now, for every peer (moves the whole session's timeline — disruptive;
/// Link's docs reserve it for bridging to an external clock). Same argument rules as the request.
void clink_force_beat_at_time(CLinkSession *session, double beat, double quantum);

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* CLINK_H */
