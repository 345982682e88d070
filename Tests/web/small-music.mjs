// A small music library for the lab's tests (docs/composition.md).

/**
 * A small library as GET /api/music answers it: Intro (atomic, 4 beats at 120) and Song (Intro, Intro); the
 * voices Kick (a sound), Veil (a light) and Band (Kick, Veil). Intro × Kick and Intro × Veil share score 10.
 */
export const SMALL_MUSIC = Object.freeze({
  revision: 3, canUndo: true, canRedo: false,
  library: {
    parts: [
      { id: 1, name: 'Intro', length: 3840, tempo: 120, children: [] },
      { id: 2, name: 'Song', length: 960, tempo: 120, children: [{ node: 1, place: 5 }, { node: 1, place: 6 }] },
    ],
    voices: [
      { id: 3, name: 'Kick', sound: 9, children: [] },
      { id: 4, name: 'Veil', chordset: 'x', chord: 0, children: [] },
      { id: 7, name: 'Band', children: [{ node: 3, place: 8 }, { node: 4, place: 11 }] },
    ],
    scores: [{ id: 10, events: [{ start: 960, length: 480, gain: 1, offset: 0, continues: false }, { start: 0, length: 240, gain: 0.5, offset: 0, continues: false }] }],
    pairs: [{ part: 1, voice: 3, score: 10 }, { part: 1, voice: 4, score: 10 }],
    mutedCells: [{ part: 2, voice: 7, column: 6, row: 11 }],
    sounds: [], compositions: [{ id: 12, name: 'Tune', part: 2, voice: 7 }], lastIdentifier: 12,
  },
  durations: { 1: 2, 2: 4 },
  rootParts: [2], rootVoices: [7],
});
