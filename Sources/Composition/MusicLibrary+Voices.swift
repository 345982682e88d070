extension MusicLibrary {
    /// All voices that are nobody's child: the composer's bands, instrumentations and light rigs.
    public var rootVoices: [VoiceID] { Hierarchy.roots(in: voices) }

    /// The voices that have `voice` among their children.
    public func parents(of voice: VoiceID) -> [VoiceID] { Hierarchy.parents(of: voice, in: voices) }

    /// A new atomic voice that plays `sound`.
    @discardableResult
    public mutating func addVoice(named name: String, sound: VoiceSound = .silent) throws(CompositionError) -> VoiceID {
        let name = try Self.checkedName(name, as: "a voice's name")
        try checkSound(sound)
        let id: VoiceID = nextIdentifier()
        voices[id] = Voice(id: id, name: name, sound: sound)
        return id
    }

    public mutating func rename(voice: VoiceID, to name: String) throws(CompositionError) {
        let name = try Self.checkedName(name, as: "a voice's name")
        _ = try self.voice(voice)
        voices[voice]?.name = name
    }

    /// What an atomic voice plays at its events.
    public mutating func setSound(of voice: VoiceID, to sound: VoiceSound) throws(CompositionError) {
        guard try self.voice(voice).isAtomic else { throw CompositionError("a composed voice plays its children") }
        try checkSound(sound)
        voices[voice]?.sound = sound
    }

    /// Puts `child` under `parent` at `index` (at the end when nil); a voice comes at most once under one
    /// parent. An atomic parent becomes composed — refused while it has a sound or events of its own: split
    /// it first, so that nothing it plays is lost.
    @discardableResult
    public mutating func add(voice child: VoiceID, to parent: VoiceID, at index: Int? = nil) throws(CompositionError) -> ChildID {
        try Hierarchy.checkAdding(child, under: parent, in: voices, kind: "voice")
        let parentNode = try voice(parent)
        guard !parentNode.children.contains(where: { $0.node == child }) else {
            throw CompositionError("\(try voice(child).name) is already in \(parentNode.name)")
        }
        if parentNode.isAtomic {
            let playing = scoreOfPair.contains { $0.key.voice == parent && !(scores[$0.value]?.events.isEmpty ?? true) }
            guard parentNode.sound == .silent, !playing else {
                throw CompositionError("\(parentNode.name) plays something of its own: split it, then add to it")
            }
            for pair in scoreOfPair.keys where pair.voice == parent { scoreOfPair[pair] = nil }
            dropUnusedScores()
        }
        let place: ChildID = nextIdentifier()
        let at = min(max(0, index ?? parentNode.children.count), parentNode.children.count)
        voices[parent]?.children.insert(Child(id: place, node: child), at: at)
        return place
    }

    /// Takes the child `place` out of `parent`; the voice itself stays in the library. A parent left without
    /// children is atomic again, and silent.
    public mutating func remove(voiceChild place: ChildID, from parent: VoiceID) throws(CompositionError) {
        var node = try voice(parent)
        node.children.remove(at: try Hierarchy.index(of: place, in: node, kind: "voice"))
        voices[parent] = node
        for pair in mutedCells.keys where pair.voice == parent {
            mutedCells[pair] = mutedCells[pair]?.filter { $0.row != place }
        }
        dropEmptyCells()
    }

    /// Moves the child `place` of `parent` to `index` among the others.
    public mutating func move(voiceChild place: ChildID, of parent: VoiceID, to index: Int) throws(CompositionError) {
        var node = try voice(parent)
        try Hierarchy.move(place, to: index, in: &node, kind: "voice")
        voices[parent] = node
    }

    /// Removes `voice` from the library: from every parent, with its scores' places and its cells. Refused
    /// while a composition is made of it.
    public mutating func delete(voice: VoiceID) throws(CompositionError) {
        _ = try self.voice(voice)
        if let composition = compositions.values.first(where: { $0.pair.voice == voice }) {
            throw CompositionError("the composition \(composition.name) is made of this voice: delete it first")
        }
        for parent in parents(of: voice) {
            for place in voices[parent]!.children where place.node == voice {
                try remove(voiceChild: place.id, from: parent)
            }
        }
        voices[voice] = nil
        for pair in scoreOfPair.keys where pair.voice == voice { scoreOfPair[pair] = nil }
        for pair in mutedCells.keys where pair.voice == voice { mutedCells[pair] = nil }
        dropUnusedScores()
    }

    /// A new sound in the library (its samples are kept beside it, by the id returned).
    @discardableResult
    public mutating func addSound(named name: String, sampleRate: Int, channelCount: Int, frameCount: Int) throws(CompositionError) -> SoundID {
        let name = try Self.checkedName(name, as: "a sound's name")
        guard (1...1_000_000).contains(sampleRate) else { throw CompositionError("a sound's rate is 1 Hz…1 MHz, not \(sampleRate)") }
        guard (1...64).contains(channelCount) else { throw CompositionError("a sound has 1…64 channels, not \(channelCount)") }
        guard frameCount >= 0 else { throw CompositionError("a sound's length is not negative") }
        let id: SoundID = nextIdentifier()
        sounds[id] = Sound(id: id, name: name, sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount)
        return id
    }

    private func checkSound(_ sound: VoiceSound) throws(CompositionError) {
        if case .audio(let id) = sound, sounds[id] == nil { throw .unknown("sound", id) }
    }
}
