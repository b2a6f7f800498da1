/// A named point a search can start from: a station, an area, a landmark or an address.
public struct Place: Sendable, Equatable, Codable {
    /// As the place search names it ("渋谷駅").
    public var name: String
    public var coordinate: Coordinate
    /// The country it lies in (ISO 3166-1 alpha-2, lower case: "jp", "us"); nil when the place
    /// search does not say.
    public var country: String?
    /// The state, region or province it lies in ("Scotland", "Indiana"), and its country's name
    /// ("United Kingdom"), as the place search writes them: what tells two places of one name apart.
    public var region: String?
    public var countryName: String?

    public init(name: String, coordinate: Coordinate, country: String? = nil, region: String? = nil, countryName: String? = nil) {
        self.name = name; self.coordinate = coordinate; self.country = country
        self.region = region; self.countryName = countryName
    }
}

/// What scenes ask to turn a place name into a centre; a protocol so tests can seat a spy.
public protocol PlaceLocating: Sendable {
    func locate(_ text: String) async throws(ServiceError) -> GeocodingWorker.Located
}

/// A place name as the user gave it, and whether it came from the environment (messages say so).
public struct NearPlace: Sendable, Equatable {
    public var text: String
    public var fromEnvironment: Bool
    public init(text: String, fromEnvironment: Bool = false) { self.text = text; self.fromEnvironment = fromEnvironment }

    /// The longest place name taken: a full Japanese address with its building is well under
    /// it, and a longer one would be sent whole to the place search and never kept.
    public static let maxLength = 200
}

/// The place search behind `--near`: the real service and the offline stub answer through it.
public protocol GeocodingProtocol: Sendable {
    /// The matches for a place name, best first; [] when the service knows none.
    func findPlaces(_ text: String) async throws(ServiceError) -> [Place]
    /// What its answers depend on besides the name (the countries searched, the language), part
    /// of a cached place's key, so an answer for one scope never stands in for another's.
    var scope: String { get }
}
