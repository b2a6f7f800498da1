import Foundation

/// Dawn, sunrise, sunset and dusk of a day at a place, for `opening_hours` values that open or
/// close with the sun. Worked out by NOAA's solar calculator (its spreadsheet's equations for the
/// sun's declination and the equation of time): sunrise and sunset when the sun's centre is
/// 0.833° below the horizon (refraction and its radius), dawn and dusk at civil twilight (6°).
public struct SunTimes: Sendable, Equatable {
    /// Minutes after midnight UTC of the day (negative, or past 1440, where the event falls on
    /// the day before or after in UTC); nil where the sun does not cross that height that day
    /// (polar day or night).
    public var dawn: Double?
    public var sunrise: Double?
    public var sunset: Double?
    public var dusk: Double?

    public init(on date: CivilDate, at coordinate: Coordinate) {
        let latitude = coordinate.lat, longitude = coordinate.lng
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { return }
        let midnight = Double(date.daysSinceEpoch) + 2_440_587.5
        /// Minutes after midnight UTC when the sun's centre is `zenith` degrees from the zenith,
        /// rising or setting: worked out at the place's noon, then again at the time found, as
        /// NOAA's calculator does (near the white nights the sun's path changes within the day).
        func event(_ zenith: Double, rising: Bool) -> Double? {
            var minutes = 720 - 4 * longitude
            for _ in 0..<2 {
                let sun = Self.position(julianDay: midnight + minutes / 1440)
                let phi = radians(latitude)
                let cosine = cos(radians(zenith)) / (cos(phi) * cos(sun.declination)) - tan(phi) * tan(sun.declination)
                guard (-1...1).contains(cosine) else { return nil }
                let halfArc = 4 * degrees(acos(cosine))
                minutes = 720 - 4 * longitude - sun.equationOfTime + (rising ? -halfArc : halfArc)
            }
            return minutes
        }
        dawn = event(96, rising: true)
        sunrise = event(90.833, rising: true)
        sunset = event(90.833, rising: false)
        dusk = event(96, rising: false)
    }

    /// The sun's declination (radians) and the equation of time (minutes) at a Julian day, by
    /// the equations of NOAA's spreadsheet.
    static func position(julianDay: Double) -> (declination: Double, equationOfTime: Double) {
        let t = (julianDay - 2_451_545) / 36525
        let meanLongitude = (280.46646 + t * (36000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let centre =
            sin(radians(meanAnomaly)) * (1.914602 - t * (0.004817 + 0.000014 * t))
            + sin(radians(2 * meanAnomaly)) * (0.019993 - 0.000101 * t) + sin(radians(3 * meanAnomaly)) * 0.000289
        let omega = 125.04 - 1934.136 * t
        let apparentLongitude = meanLongitude + centre - 0.00569 - 0.00478 * sin(radians(omega))
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = meanObliquity + 0.00256 * cos(radians(omega))
        let declination = asin(sin(radians(obliquity)) * sin(radians(apparentLongitude)))
        let y = pow(tan(radians(obliquity / 2)), 2)
        let l0 = radians(meanLongitude), m = radians(meanAnomaly)
        let equationOfTime =
            4
            * degrees(
                y * sin(2 * l0) - 2 * eccentricity * sin(m) + 4 * eccentricity * y * sin(m) * cos(2 * l0)
                    - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m))
        return (declination, equationOfTime)
    }
}

private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
