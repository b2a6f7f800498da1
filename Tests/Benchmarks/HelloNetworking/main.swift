import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The start-up floor of any Swift tool that uses URLSession: the hello world, linked against
// FoundationNetworking (on Linux: libcurl and some thirty libraries it needs, all loaded and
// relocated before main). The session is never made; linking is what costs.
if CommandLine.arguments.contains("--session") {
    _ = URLSession(configuration: .ephemeral)
}
print("hello from \(ProcessInfo.processInfo.processName)")
