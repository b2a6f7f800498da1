import FoodLoggerKit
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Everything lives in FoodLoggerKit; this file only wires the process to it.
// SIGQUIT (Ctrl-\) ends the run with its default action (status 131), not with the runtime's
// crash report, which the Swift runtime installs for it.
signal(SIGQUIT, SIG_DFL)
let status = await FoodLogger.main(context: .live())
exit(status.rawValue)
