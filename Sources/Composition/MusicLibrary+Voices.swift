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
        try remove(child: place, from: parent, of: VoiceHierarchy.self)
    }

    /// Moves the child `place` of `parent` to `index` among the others.
    public mutating func move(voiceChild place: ChildID, of parent: VoiceID, to index: Int) throws(CompositionError) {
        try move(child: place, of: parent, to: index, of: VoiceHierarchy.self)
    }

    /// Removes `voice` from the library: from every parent, with its scores' places and its cells. Refused
    /// while a composition is made of it.
    public mutating func delete(voice: VoiceID) throws(CompositionError) {
        try delete(voice, of: VoiceHierarchy.self)
    }

    func checkSound(_ sound: VoiceSound) throws(CompositionError) {
        if case .audio(let id) = sound, sounds[id] == nil { throw .unknown("sound", id) }
    }
}
