// CLink — the C interface of include/CLink.h over Ableton Link (header-only; Debian: ableton-link-dev,
// which needs standalone asio: libasio-dev). Builds with C++11 or later (C++17 used); needs -pthread.
//
// Self-sufficient: the platform macro Link's headers need is chosen here, before any include, so no
// build-system defines are required (a -D from the build wins; the #ifndef guards keep it).

#if defined(__linux__)
#  ifndef LINK_PLATFORM_LINUX
#    define LINK_PLATFORM_LINUX 1
#  endif
#elif defined(__APPLE__)
#  ifndef LINK_PLATFORM_MACOSX
#    define LINK_PLATFORM_MACOSX 1
#  endif
#elif defined(_WIN32)
#  ifndef LINK_PLATFORM_WINDOWS
#    define LINK_PLATFORM_WINDOWS 1
#  endif
#else
#  error "CLink: no Ableton Link platform for this system"
#endif

// Link's asio wrapper (ableton/platforms/asio/AsioWrapper.hpp) defines ASIO_STANDALONE (and
// ASIO_NO_TYPEID) itself around its #include <asio.hpp>, so asio never looks for Boost. Stated here too
// so the intent is visible; the identical redefinition inside Link is harmless.
#ifndef ASIO_STANDALONE
#  define ASIO_STANDALONE 1
#endif

#include "CLink.h"

#include <ableton/Link.hpp>

#include <chrono>
#include <cmath>
#include <cstring>
#include <new>

struct CLinkSession {
    ableton::Link link;
    explicit CLinkSession(double bpm) : link(bpm) {}
};

namespace {

using std::chrono::microseconds;

double clampedTempo(double bpm) {
    if (bpm < CLINK_MIN_TEMPO) return CLINK_MIN_TEMPO;
    if (bpm > CLINK_MAX_TEMPO) return CLINK_MAX_TEMPO;
    return bpm;
}

// Link turns beats and quanta into int64 micro-beats with llround: keep them finite and in range.
double saneQuantum(double quantum) {
    if (!std::isfinite(quantum) || !(quantum > 0.0)) return 0.0;
    return quantum > 1e6 ? 1e6 : quantum;
}

bool saneBeat(double beat) { return std::isfinite(beat) && std::fabs(beat) <= 1e12; }

constexpr int64_t kMaxOffsetMicros = 60 * 1000 * 1000;

}  // namespace

extern "C" {

CLinkSession *clink_create(double bpm) {
    try {
        return new CLinkSession(std::isfinite(bpm) ? clampedTempo(bpm) : 120.0);
    } catch (...) {
        return nullptr;
    }
}

void clink_destroy(CLinkSession *session) {
    try {
        if (session) session->link.setStartStopCallback([](bool) {});  // nothing is called while it goes
        delete session;
    } catch (...) {
        // ~Link is noexcept in practice; nothing more can be done here.
    }
}

void clink_enable(CLinkSession *session, bool enabled) {
    if (!session) return;
    try {
        session->link.enable(enabled);
    } catch (...) {
    }
}

bool clink_is_enabled(const CLinkSession *session) {
    if (!session) return false;
    try {
        return session->link.isEnabled();
    } catch (...) {
        return false;
    }
}

void clink_enable_start_stop_sync(CLinkSession *session, bool enabled) {
    if (!session) return;
    try {
        session->link.enableStartStopSync(enabled);
    } catch (...) {
    }
}

bool clink_is_start_stop_sync_enabled(const CLinkSession *session) {
    if (!session) return false;
    try {
        return session->link.isStartStopSyncEnabled();
    } catch (...) {
        return false;
    }
}

size_t clink_num_peers(const CLinkSession *session) {
    if (!session) return 0;
    try {
        return session->link.numPeers();
    } catch (...) {
        return 0;
    }
}

int64_t clink_clock_micros(const CLinkSession *session) {
    if (!session) return 0;
    try {
        return static_cast<int64_t>(session->link.clock().micros().count());
    } catch (...) {
        return 0;
    }
}

void clink_capture(const CLinkSession *session, double quantum, int64_t offset_micros, CLinkTimeline *out) {
    if (!out) return;
    std::memset(out, 0, sizeof *out);
    if (!session) return;
    try {
        if (offset_micros > kMaxOffsetMicros) offset_micros = kMaxOffsetMicros;
        if (offset_micros < -kMaxOffsetMicros) offset_micros = -kMaxOffsetMicros;
        const double q = saneQuantum(quantum);
        const auto state = session->link.captureAppSessionState();
        const microseconds time = session->link.clock().micros() + microseconds(offset_micros);
        out->tempo = state.tempo();
        out->beat = state.beatAtTime(time, q);
        out->phase = state.phaseAtTime(time, q);
        out->playing = state.isPlaying();
        out->micros = static_cast<int64_t>(time.count());
    } catch (...) {
        std::memset(out, 0, sizeof *out);
    }
}

void clink_set_start_stop_callback(CLinkSession *session, CLinkStartStopCallback callback, void *context) {
    if (!session) return;
    try {
        if (callback) {
            session->link.setStartStopCallback([callback, context](bool playing) { callback(playing, context); });
        } else {
            session->link.setStartStopCallback([](bool) {});
        }
    } catch (...) {
    }
}

int64_t clink_time_for_is_playing(const CLinkSession *session) {
    if (!session) return 0;
    try {
        return static_cast<int64_t>(session->link.captureAppSessionState().timeForIsPlaying().count());
    } catch (...) {
        return 0;
    }
}

void clink_set_tempo(CLinkSession *session, double bpm) {
    if (!session || !std::isfinite(bpm)) return;
    try {
        auto state = session->link.captureAppSessionState();
        state.setTempo(clampedTempo(bpm), session->link.clock().micros());
        session->link.commitAppSessionState(state);
    } catch (...) {
    }
}

void clink_set_playing(CLinkSession *session, bool playing) {
    if (!session) return;
    try {
        auto state = session->link.captureAppSessionState();
        state.setIsPlaying(playing, session->link.clock().micros());
        session->link.commitAppSessionState(state);
    } catch (...) {
    }
}

void clink_set_playing_at(CLinkSession *session, bool playing, int64_t offset_micros, double quantum) {
    if (!session) return;
    try {
        if (offset_micros > kMaxOffsetMicros) offset_micros = kMaxOffsetMicros;
        if (offset_micros < -kMaxOffsetMicros) offset_micros = -kMaxOffsetMicros;
        auto state = session->link.captureAppSessionState();
        const microseconds time = session->link.clock().micros() + microseconds(offset_micros);
        if (playing) {
            state.setIsPlayingAndRequestBeatAtTime(true, time, 0.0, saneQuantum(quantum));
        } else {
            state.setIsPlaying(false, time);
        }
        session->link.commitAppSessionState(state);
    } catch (...) {
    }
}

void clink_request_beat_at_time(CLinkSession *session, double beat, double quantum) {
    if (!session || !saneBeat(beat)) return;
    try {
        auto state = session->link.captureAppSessionState();
        state.requestBeatAtTime(beat, session->link.clock().micros(), saneQuantum(quantum));
        session->link.commitAppSessionState(state);
    } catch (...) {
    }
}

void clink_force_beat_at_time(CLinkSession *session, double beat, double quantum) {
    if (!session || !saneBeat(beat)) return;
    try {
        auto state = session->link.captureAppSessionState();
        state.forceBeatAtTime(beat, session->link.clock().micros(), saneQuantum(quantum));
        session->link.commitAppSessionState(state);
    } catch (...) {
    }
}

}  // extern "C"
