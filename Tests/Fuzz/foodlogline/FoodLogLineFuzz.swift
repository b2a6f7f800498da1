import Foundation
@testable import FoodLoggerDomain

/// libFuzzer entry: any bytes as one line of the food log, read by `FoodLogLineReader` and by
/// JSONDecoder (as the store read every line before the reader). It stops on any difference the
/// reader may not make: an entry JSONDecoder reads otherwise or not at all, or a scanner (the
/// reader, then JSONDecoder for what the reader leaves) whose entry is not JSONDecoder's.
@_cdecl("LLVMFuzzerTestOneInput")
public func foodLogLineFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let line = UnsafeRawBufferPointer(start: bytes, count: count)
    let decoded = try? decoder.decode(FoodLogEntry.self, from: Data(line))
    if let read = FoodLogLineReader.entry(in: line), read != decoded {
        fatalError("the reader read \(read), JSONDecoder \(String(describing: decoded))")
    }
    let scanned = FoodLogScanner().entry(in: line)
    guard scanned == (FoodLogScanner.mayBeEntry(line) ? decoded : nil) else {
        fatalError("the scanner read \(String(describing: scanned)), JSONDecoder \(String(describing: decoded))")
    }
    return 0
}

private let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()
