import FoodLoggerKit
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Everything lives in FoodLoggerKit; this file only wires the process to it.
let status = await FoodLogger.main(context: .live())
exit(status.rawValue)
