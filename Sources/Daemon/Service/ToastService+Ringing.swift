import Sound
import ToastCore

/// Calls that ring and alarms that sound again (`Ringing`, kept in `quiet`): started as the
/// toast is admitted, played again as they come due, ended with the toast.
extension ToastService {
    /// Starts `toast` ringing when its category rings and it got a card (or waits for one):
    /// the sound to play now in place of `chosen` (the ringtone), nil to play `chosen`. A
    /// rule's `sound` is the ringtone (`none`: a silent ring).
    func ring(_ toast: Toast, category: CategoryPolicy, action: Admission.Action, rule: RuleSound?, chosen: Sound?,
              now: Double) -> Sound? {
        switch category.sound {
        case .rings, .everyMinute: break
        case .usual, .never: return nil
        }
        switch action {
        case .show, .supersede, .replace, .takeOver: break
        case .suppress, .skipDisplay, .drop, .snooze, .repeatOf, .intoCenter, .keepInCenter, .fold, .sameAs, .focused: return nil
        }
        let config = board.config
        // The rule's word, else a call's ringtone, else an alarm's own sound or the theme's alarm.
        let bell: Sound?
        switch rule {
        case .none?: bell = nil
        case let .play(sound)?: bell = sound
        case nil: bell = category.sound == .rings ? config.ringtone.map(Sound.named) : chosen ?? Ringing.alarmSound
        }
        _ = changeRinging { $0.start(toast.id, sounding: category.sound, sound: bell, ringFor: config.ringFor, now: now) }
        return silenced(toast.id) ? nil : bell
    }

    /// Whether a ringing toast must not sound now: it waits behind a hold, or do-not-disturb
    /// holds it at its level (`pause --level 100` silences a call; an alarm at 100 sounds).
    func silenced(_ id: String) -> Bool {
        guard board.config.soundEnabled, let toast = board.toast(id) else { return true }
        return board.holdsBack(id) || (board.doNotDisturb && board.quiet.holds(toast))
    }

    /// Calls and alarms that ended, or whose card another toast took (`call.ended`), ring no
    /// more, however they ended.
    func stopRinging(_ ids: [String]) {
        guard !quiet.ringing.isEmpty else { return }
        for id in ids where changeRinging({ $0.stop(id) }) { sound?.stop(id) }
    }

    /// What rings again now plays again; a call that rang out ends unanswered (`Board.ringOut`).
    func advanceRinging(now: Double) {
        guard let due = quiet.ringing.nextDeadline, due <= now else { return }
        let (again, rangOut) = changeRinging { $0.due(now: now) }
        for id in rangOut {
            sound?.stop(id)
            board.ringOut(id, now: now)
        }
        guard let sound else { return }
        for (id, bell) in again where !silenced(id) {
            sound.stop(id)
            sound.play(bell, for: id)
        }
    }
}
