import Foundation
import Testing
@testable import FoodLoggerDomain

@Suite struct ZoneMapTests {
    /// Cities across the world's zones, each with its country and the zone its clock keeps.
    static let cities: [(String, Double, Double, String, String)] = [
        ("Hanoi", 21.0287, 105.8524, "VN", "Asia/Ho_Chi_Minh"), ("Singapore", 1.2897, 103.8501, "SG", "Asia/Singapore"),
        ("Johor Bahru", 1.4655, 103.7578, "MY", "Asia/Kuala_Lumpur"), ("Edinburgh", 55.9521, -3.1965, "GB", "Europe/London"),
        ("Tokyo", 35.6812, 139.7671, "JP", "Asia/Tokyo"), ("Paris", 48.8584, 2.2945, "FR", "Europe/Paris"),
        ("Strasbourg", 48.5734, 7.7521, "FR", "Europe/Paris"), ("Kehl", 48.5722, 7.8153, "DE", "Europe/Berlin"),
        ("New York", 40.7580, -73.9855, "US", "America/New_York"), ("Chicago", 41.8781, -87.6298, "US", "America/Chicago"),
        ("Indianapolis", 39.7684, -86.1581, "US", "America/New_York"), ("Denver", 39.7392, -104.9903, "US", "America/Denver"),
        ("Phoenix", 33.4484, -112.0740, "US", "America/Phoenix"),
        ("Los Angeles", 34.0522, -118.2437, "US", "America/Los_Angeles"),
        ("Anchorage", 61.2181, -149.9003, "US", "America/Anchorage"), ("Honolulu", 21.3069, -157.8583, "US", "Pacific/Honolulu"),
        ("Toronto", 43.6532, -79.3832, "CA", "America/Toronto"), ("Vancouver", 49.2827, -123.1207, "CA", "America/Vancouver"),
        ("St. John's", 47.5615, -52.7126, "CA", "America/St_Johns"),
        ("Mexico City", 19.4326, -99.1332, "MX", "America/Mexico_City"),
        ("Tijuana", 32.5149, -117.0382, "MX", "America/Tijuana"), ("Cancún", 21.1619, -86.8515, "MX", "America/Cancun"),
        ("São Paulo", -23.5505, -46.6333, "BR", "America/Sao_Paulo"), ("Manaus", -3.1190, -60.0217, "BR", "America/Manaus"),
        ("Moscow", 55.7558, 37.6173, "RU", "Europe/Moscow"), ("Novosibirsk", 55.0084, 82.9357, "RU", "Asia/Novosibirsk"),
        ("Vladivostok", 43.1155, 131.8855, "RU", "Asia/Vladivostok"), ("Sydney", -33.8688, 151.2093, "AU", "Australia/Sydney"),
        ("Brisbane", -27.4698, 153.0251, "AU", "Australia/Brisbane"), ("Perth", -31.9523, 115.8613, "AU", "Australia/Perth"),
        ("Jakarta", -6.2088, 106.8456, "ID", "Asia/Jakarta"), ("Makassar", -5.1477, 119.4327, "ID", "Asia/Makassar"),
        ("Jayapura", -2.5337, 140.7181, "ID", "Asia/Jayapura"), ("Kinshasa", -4.4419, 15.2663, "CD", "Africa/Kinshasa"),
        ("Lubumbashi", -11.6876, 27.5026, "CD", "Africa/Lubumbashi"), ("Santiago", -33.4489, -70.6693, "CL", "America/Santiago"),
        ("Quito", -0.1807, -78.4678, "EC", "America/Guayaquil"), ("Las Palmas", 28.1235, -15.4363, "ES", "Atlantic/Canary"),
        ("Madrid", 40.4168, -3.7038, "ES", "Europe/Madrid"), ("Ponta Delgada", 37.7412, -25.6756, "PT", "Atlantic/Azores"),
        ("Lisbon", 38.7223, -9.1393, "PT", "Europe/Lisbon"), ("Auckland", -36.8485, 174.7633, "NZ", "Pacific/Auckland"),
        ("Alice Springs", -23.6980, 133.8807, "AU", "Australia/Darwin"), ("Tamanrasset", 22.7850, 5.5228, "DZ", "Africa/Algiers"),
        ("Ulaanbaatar", 47.8864, 106.9057, "MN", "Asia/Ulaanbaatar"),
        ("Saint-Denis, Réunion", -20.8823, 55.4504, "RE", "Indian/Reunion"),
    ]

    @Test(arguments: cities)
    func aCoordinateIsInItsCountryOnItsClock(city: String, lat: Double, lng: Double, country: String, zone: String) {
        // Given a city's coordinate, when it is located
        let located = ZoneMap.locate(Coordinate(lat: lat, lng: lng))
        // Then its country and the zone its clock keeps are found
        #expect(located?.country == country && located?.zone == zone, "\(city): \(String(describing: located))")
    }

    @Test(arguments: cities)
    func aCountryOfSeveralClocksTakesTheOneOfTheCoordinate(
        city: String, lat: Double, lng: Double, country: String, zone: String
    ) {
        #expect(ZoneMap.zone(country: country, near: Coordinate(lat: lat, lng: lng)) == zone, "\(city) in \(country)")
    }

    @Test func aCountryOfOneClockNeedsNoCoordinate() {
        #expect(ZoneMap.zone(country: "vn", near: nil) == "Asia/Ho_Chi_Minh", "Vietnam keeps one clock")
        #expect(ZoneMap.zone(country: "DE", near: nil) == "Europe/Berlin", "Büsingen's zone keeps Berlin's clock")
        #expect(ZoneMap.zone(country: "AR", near: nil) == "America/Argentina/Buenos_Aires", "Argentina's zones agree since 2010")
    }

    @Test func franceAroundRéunionIsOnRéunionsClock() {
        #expect(ZoneMap.zone(country: "FR", near: Coordinate(lat: -20.8823, lng: 55.4504)) == "Indian/Reunion")
        #expect(ZoneMap.zone(country: "FR", near: Coordinate(lat: 48.8584, lng: 2.2945)) == "Europe/Paris")
    }

    @Test func whatCannotBePlacedStaysUnknown() {
        #expect(ZoneMap.zone(country: "US", near: nil) == nil, "several clocks and no coordinate")
        #expect(ZoneMap.zone(country: "XX", near: Coordinate(lat: 0, lng: 0)) == nil, "no such country")
        #expect(ZoneMap.locate(Coordinate(lat: 91, lng: 0)) == nil, "off the Earth")
        #expect(ZoneMap.locate(Coordinate(lat: 30, lng: -140)) == nil, "the open Pacific")
        #expect(ZoneMap.locate(Coordinate(lat: .nan, lng: 0)) == nil, "no number")
    }

    @Test func everyZoneIsOneThisSystemKnows() {
        let unknown = ZoneMap.labels.map(\.zone).filter { TimeZone(identifier: $0) == nil }
        #expect(unknown.isEmpty, "zones Foundation cannot read: \(unknown)")
        #expect(ZoneMap.kept.count > 1000, "the kept places are read: \(ZoneMap.kept.count)")
    }
}
