// The composition lab's rules that need no page: which pair it opens on, what Play, Loop and a tap on the
// ruler ask of the engine's transport given where it is, whether the playhead belongs on the plane, and how
// the selection is kept in the page's address. No DOM here.

/** The pair the lab opens on: the one in the address, else the first composition's, else the first roots'. */
export function initialPair(index, fromAddress = null) {
  if (fromAddress && index.parts.has(fromAddress.part) && index.voices.has(fromAddress.voice)) return fromAddress;
  const composition = index.compositions[0];
  if (composition && index.parts.has(composition.part) && index.voices.has(composition.voice)) {
    return { part: composition.part, voice: composition.voice };
  }
  const part = index.rootParts[0] ?? index.parts.keys().next().value;
  const voice = index.rootVoices[0] ?? index.voices.keys().next().value;
  return part !== undefined && voice !== undefined ? { part, voice } : null;
}

/** Whether the transport plays (or has loaded) `pair`'s part: its playhead is then a place on the plane. */
export function playsPart(status, pair) {
  return Boolean(status && pair && status.part === pair.part && status.duration > 0);
}

/** What the transport says is not heard or not lit, a line each (none when all of it is played). */
export function transportProblems(status) {
  return [status?.soundProblem && `Not heard: ${status.soundProblem}`, status?.lightProblem && `Not lit: ${status.lightProblem}`]
    .filter(Boolean);
}

/** Whether the transport has `pair` itself loaded. */
export function playsPair(status, pair) {
  return playsPart(status, pair) && status.voice === pair.voice;
}

/**
 * What Play asks: play on from where it stopped when this pair is loaded and not at its end, else this pair
 * from its start. Null when no pair is selected.
 */
export function playRequest(status, pair) {
  if (!pair) return null;
  if (playsPair(status, pair) && !status.playing && status.seconds < status.duration) return { type: 'transport', action: 'play' };
  return { type: 'transport', action: 'play', part: pair.part, voice: pair.voice };
}

/**
 * What Loop asks: when this pair loops, to stop looping; else to loop the stretch the plane shows (`shown`,
 * seconds), cut to the pair — the pair played first when it is not loaded. A list of requests, in order.
 */
export function loopRequests(status, pair, shown) {
  if (!pair || !shown) return [];
  if (playsPair(status, pair) && status.loop) return [{ type: 'transport', action: 'loop' }];
  const requests = playsPair(status, pair) ? [] : [{ type: 'transport', action: 'play', part: pair.part, voice: pair.voice }];
  const from = Math.max(0, shown.from), to = Math.max(from, shown.to);
  return [...requests, { type: 'transport', action: 'loop', from, to }];
}

/** What a tap on the part ruler at `seconds` asks: locate there (playing this pair first when it is not loaded). */
export function locateRequests(status, pair, seconds) {
  if (!pair || !Number.isFinite(seconds)) return [];
  const requests = playsPair(status, pair) ? [] : [{ type: 'transport', action: 'play', part: pair.part, voice: pair.voice }];
  return [...requests, { type: 'transport', action: 'locate', seconds }];
}

/** Seconds as a playhead reads: "1:05.3". */
export function formatTime(seconds) {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const minutes = Math.floor(safe / 60);
  const rest = safe - minutes * 60;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}

/** The selection written into the page's address fragment: "#part=4&voice=26". */
export function pairFragment(pair) {
  return pair ? `#part=${pair.part}&voice=${pair.voice}` : '';
}

/** The pair an address fragment names, or null. */
export function pairFromFragment(fragment) {
  const parameters = new URLSearchParams(String(fragment ?? '').replace(/^#/, ''));
  const part = Number(parameters.get('part')), voice = Number(parameters.get('voice'));
  return Number.isSafeInteger(part) && part > 0 && Number.isSafeInteger(voice) && voice > 0 ? { part, voice } : null;
}
