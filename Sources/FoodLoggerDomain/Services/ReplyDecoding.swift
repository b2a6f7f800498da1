import Foundation

/// What the services' decoders share.
enum ReplyDecoding {
    /// What was wrong with a body, in a user's words: where in the document, and what.
    static func detail(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.reduce("") { place, key in
                key.intValue.map { "\(place)[\($0)]" } ?? (place.isEmpty ? key.stringValue : "\(place).\(key.stringValue)")
            }
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(place(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected type at \(context.codingPath.isEmpty ? "the top level" : place(context.codingPath))"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "unexpected type at \(place(context.codingPath))"
        default: return "not JSON"
        }
    }
}
