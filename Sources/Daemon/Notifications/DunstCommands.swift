import Bus
import Operations
import ToastCore

/// dunst's control interface without the bus (`DunstInterface` reads and writes the
/// messages): each command is the request `xtoast dunstctl` sends for it, handled as a
/// socket client's is, so the two never differ. Its owner is the keys' (`ToastService.keyOwner`):
/// a toast it brings back from history is heard by subscribers only, as one a key brings back.
final class DunstCommands: DunstControl {
    private let service: ToastService

    init(service: ToastService) { self.service = service }

    func perform(_ request: Request, now: Double, wallNow: Double) -> Reply {
        service.handle(request, from: ToastService.keyOwner, now: now, wallNow: wallNow)
    }

    func openMenu() { service.runMenuClient() }

    func removeFromHistory(_ id: String, now: Double) -> Bool {
        let count = service.board.history.count
        service.board.removeHistory { $0.toast.id == id }
        service.settle(now)
        return service.board.history.count != count
    }

    func pauseLevel(wallNow: Double) -> Int { service.quietStatus(wallNow: wallNow).level }

    var counts: Counts { service.board.counts }
}
