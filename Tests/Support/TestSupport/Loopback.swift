/// Where tests point the services they do not mean to reach.
public enum Loopback {
    /// Services a run may fall back to without a key (OpenStreetMap's Overpass), or reach with a
    /// key a test sets (Google Places), at a loopback port where nothing listens (9, discard): a
    /// test that forgets its own server gets "connection refused" from this machine instead of
    /// asking the internet.
    public static let unreachableServices = [
        "FOODLOGGER_OVERPASS_URL": "http://127.0.0.1:9/", "GOOGLE_PLACES_BASE_URL": "http://127.0.0.1:9/v1/",
    ]
}
