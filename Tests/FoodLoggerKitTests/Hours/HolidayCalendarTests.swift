import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain

/// Public holidays worked out from rules, compared with what opening_hours.js's own code works out
/// from the same definitions: Tests/Fixtures/holidays/opening_hours_js_2024_2030.json, written once
/// by Tests/Generators/holidays.mjs (opening_hours.js at e041cdf05a950ea571251f4883e458f387403cfd,
/// its getMatchingHoliday and getApplyingHolidaysForYear run as written) and holidays.py.
@Suite struct HolidayCalendarTests {
    /// Japan's holidays follow the Act (`JapaneseHolidays`), which opening_hours.js's rules miss
    /// here: the substitute for an equinox on a Sunday, and the citizens' holiday (国民の休日)
    /// between 敬老の日 and 秋分の日.
    static let japanBeyondOpeningHoursJs: Set<String> = ["2024-09-23", "2026-09-22", "2027-03-22", "2029-09-24"]

    static let table: [String: [String: String]] = {
        let url = Fixtures.root.deletingLastPathComponent().appendingPathComponent("holidays/opening_hours_js_2024_2030.json")
        return (try? JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: url))) ?? [:]
    }()

    @Test func everyCountryAndRegionAgreesWithOpeningHoursJsFrom2024To2030() {
        // Given opening_hours.js's holidays of 2024–2030 for every country and region it defines
        #expect(Self.table.count == 482, "the table as generated: \(Self.table.count) places")
        var differences: [String] = []
        for (place, years) in Self.table.sorted(by: { $0.key < $1.key }) {
            let (country, region) = HolidayCalendar.split(place)
            for year in 2024...2030 {
                // When the calendar works out the same year
                let days = HolidayCalendar.publicHolidays(in: year, country: country, region: region)
                let worked = Set((days ?? [:]).keys.map(\.description))
                let expected = Set(
                    (years[String(year)] ?? "").split(separator: " ").map { "\(year)-\($0.prefix(2))-\($0.suffix(2))" }
                )
                .union(place == "JP" ? Self.japanBeyondOpeningHoursJs.filter { $0.hasPrefix("\(year)") } : [])
                // Then it finds the same days
                if worked != expected {
                    differences.append(
                        "\(place) \(year): missing \(expected.subtracting(worked).sorted()), more \(worked.subtracting(expected).sorted())"
                    )
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differences: \(differences.prefix(20).joined(separator: "\n"))")
    }

    @Test(arguments: ["2026-12-25", "2026-12-26", "2026-12-28", "2027-01-01", "2027-01-04", "2026-11-30"])
    func scotlandsHolidaysAreKnownThere(day: String) throws {
        // 26 December 2026 is a Saturday: its substitute is Monday the 28th; St Andrew's Day is a Monday
        let date = try #require(CivilDate(day))
        #expect(HolidayCalendar.isHoliday(date, at: "GB-SCT", school: false) == true, "\(day)")
    }

    @Test func aDayThatIsNoHolidayAnywhereIsNoneEvenWithoutTheRegion() throws {
        let saturday = try #require(CivilDate("2026-11-28"))
        for place in ["GB", "GB-SCT", "DE", "US", "FR", "AU", "VN"] {
            #expect(HolidayCalendar.isHoliday(saturday, at: place, school: false) == false, "\(place)")
        }
    }

    @Test func withoutTheRegionADayOnlySomeRegionsKeepIsInDoubt() throws {
        let epiphany = try #require(CivilDate("2026-01-06")), unity = try #require(CivilDate("2026-10-03"))
        #expect(HolidayCalendar.isHoliday(epiphany, at: "DE", school: false) == nil, "Heilige Drei Könige: some states")
        #expect(HolidayCalendar.isHoliday(epiphany, at: "DE-BY", school: false) == true, "Bavaria keeps it")
        #expect(HolidayCalendar.isHoliday(epiphany, at: "DE-BE", school: false) == false, "Berlin does not")
        #expect(HolidayCalendar.isHoliday(unity, at: "DE", school: false) == true, "Tag der Deutschen Einheit: everywhere")
        #expect(HolidayCalendar.isHoliday(epiphany, at: "DE-XX", school: false) == nil, "an unknown region is the country's")
    }

    @Test func aCountryWithoutRulesIsInDoubtJapanFollowsItsAct() throws {
        let day = try #require(CivilDate("2026-09-22"))
        #expect(HolidayCalendar.isHoliday(day, at: "TH", school: false) == nil, "no rules for Thailand")
        #expect(HolidayCalendar.isHoliday(day, at: "JP", school: false) == true, "国民の休日")
        #expect(HolidayCalendar.isHoliday(day, at: "", school: false) == nil, "no country")
    }

    @Test func schoolHolidaysAreKnownForTheYearsOpeningHoursJsHas() throws {
        let summer = try #require(CivilDate("2025-08-15")), autumn = try #require(CivilDate("2025-11-19"))
        #expect(HolidayCalendar.isHoliday(summer, at: "DE-BW", school: true) == true, "Baden-Württemberg's summer")
        #expect(HolidayCalendar.isHoliday(autumn, at: "DE-BW", school: true) == false, "a school day")
        #expect(
            HolidayCalendar.isHoliday(CivilDate(year: 1990, month: 8, day: 15), at: "DE-BW", school: true) == nil,
            "no dates for 1990")
        #expect(HolidayCalendar.isHoliday(summer, at: "VN", school: true) == nil, "no school holidays for Vietnam")
    }

    @Test(arguments: [1900, 1999, 2000, 2100])
    func everyCountryHasItsHolidaysInAnyYear(year: Int) {
        let countries = HolidayCalendar.definitions.keys.filter { HolidayCalendar.country($0)?.PH != nil }
        #expect(countries.count > 40, "\(countries.count) countries with national rules")
        let empty = countries.filter { HolidayCalendar.publicHolidays(in: year, country: $0, region: nil)?.isEmpty != false }
        #expect(empty.isEmpty, "\(year): no holidays for \(empty.sorted())")
    }

    @Test(arguments: [
        (2024, "2024-03-31"), (2025, "2025-04-20"), (2026, "2026-04-05"), (1900, "1900-04-15"), (2100, "2100-03-28"),
    ])
    func easterByTheGregorianComputus(year: Int, sunday: String) {
        #expect(CivilDate.easter(year).description == sunday)
    }

    @Test(arguments: [(2024, "2024-05-05"), (2025, "2025-04-20"), (2026, "2026-04-12")])
    func orthodoxEaster(year: Int, sunday: String) {
        #expect(CivilDate.orthodoxEaster(year).description == sunday)
    }
}
