#if canImport(Glibc)
import Glibc
#endif
import Daemon

/// `xtoastd`: the daemon executable that `xtoast daemon` hands over to.
exit(runDaemon())
