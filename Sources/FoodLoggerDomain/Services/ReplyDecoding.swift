import Foundation

/// What the services' decoders share.
enum ReplyDecoding {
    /// A service's JSON body decoded; bytes that are not UTF-8 become U+FFFD in their text
    /// instead of failing the answer. The body is read as it came, and made valid only when
    /// that fails on bad bytes: repairing every body first cost a copy and a UTF-8 pass of the
    /// whole answer (≈6 M instructions for a 100-shop page).
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(ServiceError) -> Value {
        do {
            do {
                return try JSONDecoder().decode(type, from: data)
            } catch {
                let repaired = Data(String(decoding: data, as: UTF8.self).utf8)
                guard repaired != data else { throw error }
                return try JSONDecoder().decode(type, from: repaired)
            }
        } catch let error as DecodingError {
            throw .unreadableResponse(detail: detail(error))
        } catch {
            throw .unreadableResponse(detail: "not JSON")
        }
    }

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
