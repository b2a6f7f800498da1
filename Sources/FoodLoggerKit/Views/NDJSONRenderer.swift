import FoodLoggerDomain
/// One restaurant per line as compact JSON (newline-delimited JSON), the same objects as the
/// JSON output's `restaurants`, so `while read` loops and stream tools take one shop at a time.
enum NDJSONRenderer {
    static func render(_ listing: RestaurantListing) -> String {
        listing.records.map { JSONValue.object($0.members(only: listing.fields)).serialized() + "\n" }.joined()
    }
}
