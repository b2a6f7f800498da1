import Foundation

/// Whether two services' answers are one place: the merge rule, in one place.
///
/// Two answers are one place when
/// - their names agree once normalised (`PlaceMatcher.namesAgree`: NFKC, case, Latin accents,
///   punctuation and spaces, a leading or trailing branch word such as 店, 本店 or "branch") and
///   they are within `nameRadius` (60 m; 150 m when either is a large venue, a food court), or
/// - their telephone numbers agree (`PlaceMatcher.phoneKey`: the digits, without a country code
///   or trunk 0) and they are within `phoneRadius` (150 m), or
/// - their websites agree, host and path (`websiteKey`; not a shared host such as a social
///   network's) and they are within `nameRadius`.
///
/// A phone or website that several places of one service's answer carry (a station building's
/// phone, a chain's site) is no evidence, and two names of one chain's different named branches
/// ("一蘭 渋谷店", "一蘭 新宿店") never merge.
///
/// Nothing else merges: a name in two scripts with no phone or website in common stays two
/// places, and so does a place one service has 300 m from where another has it (a move, or a
/// wrong pin): a wrong merge hides a place, a duplicate only repeats one.
public struct PlaceMatcher: Sendable {
    /// Metres within which agreeing names (or website hosts) make one place.
    public var nameRadius: Double = 60
    /// The same for a large venue, whose services pin it at different doors or at its middle.
    public var largeVenueRadius: Double = 150
    /// Metres within which one telephone number makes one place.
    public var phoneRadius: Double = 150

    public init() {}

    /// What made two answers one place, strongest first.
    public enum Evidence: Int, Sendable, Comparable {
        case phone = 0, website = 1, name = 2
        public static func < (lhs: Evidence, rhs: Evidence) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Why `a` and `b` are one place, or nil when they are not. `shared`: phone and website keys
    /// (`sharedKeys`) that several places of one service's answer carry (a station building's
    /// phone, a chain's or a building's tenant page), which say nothing of which place is which.
    public func evidence(_ a: Restaurant, _ b: Restaurant, shared: Set<String> = []) -> Evidence? {
        evidence(Profile(a), Profile(b), shared: shared)
    }

    /// `evidence` of two places' profiles: the rule itself, on what each place's profile worked out once.
    func evidence(_ a: Profile, _ b: Profile, shared: Set<String>) -> Evidence? {
        let distance = a.coordinate.distance(to: b.coordinate)
        let near = a.largeVenue || b.largeVenue ? largeVenueRadius : nameRadius
        // Far apart, nothing joins them: checked first, as it is cheap and most pairs are far.
        guard distance <= max(phoneRadius, near) else { return nil }
        // Two named branches of one chain are two places, whatever they share.
        if let name = a.name, let other = b.name, Self.differentBranches(name, other) { return nil }
        if distance <= phoneRadius, let phone = a.phone, phone == b.phone, !shared.contains("tel:" + phone) {
            return .phone
        }
        guard distance <= near else { return nil }
        if let site = a.website, site == b.website, !shared.contains(site) {
            return .website
        }
        return a.names.contains { name in b.names.contains { Self.agree(name, $0) } } ? .name : nil
    }

    /// What the rule compares of one place, worked out once per place rather than once per pair
    /// (a name's parts take NFKC, canonical mapping, lower case and a split: far more than the
    /// rest of a comparison).
    struct Profile {
        var coordinate: Coordinate
        /// A food court, which its services pin at different doors: `largeVenueRadius`.
        var largeVenue: Bool
        /// The parts of its own name; nil when nothing is left of it.
        var name: NameParts?
        /// The parts of each of its names (its own and those in other languages) that have any.
        var names: [NameParts]
        var phone: String?
        var website: String?

        /// `parts`: a name's parts (`nameParts`, or a memo of it for an answer whose names repeat).
        init(_ place: Restaurant, parts: (String) -> NameParts? = PlaceMatcher.nameParts) {
            coordinate = place.coordinate
            largeVenue = place.kind == .foodCourt
            name = parts(place.name)
            names = [name].compactMap { $0 } + (place.otherNames ?? []).compactMap { parts($0.name) }
            phone = PlaceMatcher.phoneKey(place.phone)
            website = PlaceMatcher.websiteKey(place.website)
        }

        /// The keys any place it is one place with shares with it (`evidence`: one phone, one
        /// website, or names whose whole or core agree), once each; `shared` keys are no evidence.
        func keys(shared: Set<String>) -> [String] {
            var keys: [String] = []
            if let phone, !shared.contains("tel:" + phone) { keys.append("tel:" + phone) }
            if let website, !shared.contains(website) { keys.append("web:" + website) }
            for name in names {
                for text in [name.whole, name.core] where !keys.contains("name:" + text) { keys.append("name:" + text) }
            }
            return keys
        }
    }

    /// Whether two names name one place: the same once normalised, or the same chain where at
    /// most one of them names a branch ("一蘭 渋谷店" and "一蘭" agree; "一蘭 渋谷店" and
    /// "一蘭 渋谷センター街店" are two branches).
    public static func namesAgree(_ a: String, _ b: String) -> Bool {
        guard let one = nameParts(a), let other = nameParts(b) else { return false }
        return agree(one, other)
    }

    /// `namesAgree` of two names' parts.
    static func agree(_ one: NameParts, _ other: NameParts) -> Bool {
        if one.whole == other.whole { return true }
        return one.core == other.core && (one.branch.isEmpty || other.branch.isEmpty || one.branch == other.branch)
    }

    /// Whether two names' parts are one chain's different named branches ("一蘭 渋谷店", "一蘭 新宿店").
    static func differentBranches(_ one: NameParts, _ other: NameParts) -> Bool {
        one.core == other.core && !one.branch.isEmpty && !other.branch.isEmpty && one.branch != other.branch
    }

    /// Words that say which branch of a chain a name is, not which chain: dropped at either end.
    /// Not "main", which begins as many names ("Main St. Pizza") as it names a main branch.
    static let branchWords: Set<String> = genericWords.union(["本店", "本館", "別館"])

    /// Branch words that name no branch in particular ("X 本店" and "X 渋谷店" are two branches).
    static let genericWords: Set<String> = ["店", "支店", "branch", "store", "shop", "the"]

    /// Articles dropped at a name's start, as "the" is: "Le Bistrot Paul" is "Bistrot Paul"
    /// (`l'`'s apostrophe is a space by then).
    static let articles: Set<String> = ["le", "la", "les", "l"]

    /// Latin letters that no canonical decomposition takes apart (Vietnamese đ, French œ,
    /// Nordic æ and ø, German ß), folded as a person typing without them would write them.
    /// Only these: kana keep their voicing marks (ガ is not カ).
    static let letterFolds: [Unicode.Scalar: String] = [
        "đ": "d", "œ": "oe", "æ": "ae", "ø": "o", "ß": "ss", "ł": "l", "ı": "i", "þ": "th", "ð": "d",
    ]

    /// A name as the services compare it: NFKC (full-width letters and half-width kana folded),
    /// lower case, Latin accents dropped (é is e; Japanese voicing marks stay: ガ is not カ),
    /// punctuation and symbols as spaces; `whole` is all its words, `core` the words left once
    /// leading or trailing branch words are dropped (and a trailing word ending in 店, "渋谷店",
    /// while another word is left), `branch` the words dropped. Nil for a name with nothing left.
    static func nameParts(_ name: String) -> NameParts? {
        let folded = name.precomposedStringWithCompatibilityMapping.lowercased()
            .decomposedStringWithCanonicalMapping
        var text = ""
        for scalar in folded.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }
            if let fold = letterFolds[scalar] {
                text += fold
                continue
            }
            let keeps =
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || [.nonspacingMark, .spacingMark].contains(scalar.properties.generalCategory)
            text.unicodeScalars.append(keeps ? scalar : " ")
        }
        var words = text.precomposedStringWithCanonicalMapping.split(separator: " ").map(String.init)
        let whole = words.joined()
        var branch: [String] = []
        while words.count > 1, let first = words.first, branchWords.contains(first) || articles.contains(first) {
            let word = words.removeFirst()
            if !articles.contains(word) { branch.append(word) }
        }
        while words.count > 1, let last = words.last, branchWords.contains(last) || last.hasSuffix("店") {
            branch.append(words.removeLast())
        }
        // "店" says no more than that it is a shop: only a named branch tells branches apart.
        let named = branch.filter { !genericWords.contains($0) }
        return whole.isEmpty ? nil : NameParts(whole: whole, core: words.joined(), branch: named.joined(separator: " "))
    }

    /// A name as `nameParts` cuts it.
    struct NameParts: Equatable {
        var whole: String
        var core: String
        var branch: String
    }

    /// A telephone number as the services compare it: its digits after any country code, with
    /// no trunk 0 (`+81 3-1234-5678` and `03-1234-5678` are both 312345678). Country codes are
    /// known for the countries foodlogger's services cover best; nil when fewer than 8 digits
    /// are left (an extension, a fragment), which identify nothing.
    public static func phoneKey(_ phone: String?) -> String? {
        guard let phone else { return nil }
        let text = phone.precomposedStringWithCompatibilityMapping
        var digits = String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("+") || trimmed.hasPrefix("00") {
            if trimmed.hasPrefix("00") { digits.removeFirst(2) }
            if let code = countryCodes.first(where: { digits.hasPrefix($0) }) { digits.removeFirst(code.count) }
        }
        while digits.hasPrefix("0") { digits.removeFirst() }
        return digits.count >= 8 ? digits : nil
    }

    /// Calling codes, longest first where one begins another.
    static let countryCodes = [
        "852", "853", "886", "855", "856", "880", "81", "82", "84", "86", "66", "65", "60", "62", "63", "61", "64",
        "44", "49", "33", "39", "34", "31", "32", "41", "43", "45", "46", "47", "48", "91", "1", "7",
    ]

    /// Hosts that many unrelated places share (a social network, a listing site, a page
    /// builder): agreeing on one says nothing.
    static let sharedHosts: Set<String> = [
        "facebook.com", "instagram.com", "twitter.com", "x.com", "tiktok.com", "linktr.ee", "google.com",
        "goo.gl", "maps.app.goo.gl", "sites.google.com", "tabelog.com", "hotpepper.jp", "gnavi.co.jp",
        "retty.me", "yelp.com", "tripadvisor.com", "line.me", "ameblo.jp", "wixsite.com", "jimdofree.com",
        "business.site", "youtube.com", "note.com",
    ]

    /// A website's host, lower case without `www.`; nil for none, or for a shared host.
    public static func hostKey(_ website: String?) -> String? {
        guard let website, !website.isEmpty else { return nil }
        let address = website.contains("://") ? website : "http://" + website
        guard var host = URLComponents(string: address)?.host?.lowercased(), host.contains(".") else { return nil }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        return sharedHosts.contains(host) || sharedHosts.contains(where: { host.hasSuffix("." + $0) }) ? nil : host
    }

    /// A website as the matcher compares it: its host (`hostKey`) and its path, lower case,
    /// without a trailing `/` or `index.html`: a chain's branches share a host
    /// (`store.starbucks.co.jp/detail-1`, `…/detail-2`), each its own page. Nil for none, or a shared host.
    public static func websiteKey(_ website: String?) -> String? {
        guard let host = hostKey(website), let website else { return nil }
        let address = website.contains("://") ? website : "http://" + website
        var path = (URLComponents(string: address)?.path ?? "").lowercased()
        for tail in ["/index.html", "/index.htm", "/"] where path.hasSuffix(tail) { path.removeLast(tail.count) }
        return host + path
    }

    /// The phone (`tel:` and its key) and website keys that two or more places of one service's
    /// answer carry: the building's, the chain's, not one place's.
    public static func sharedKeys(_ answers: [[Restaurant]]) -> Set<String> {
        sharedKeys(answers.map { $0.map { (phoneKey($0.phone), websiteKey($0.website)) } })
    }

    /// `sharedKeys` of each place's phone and website keys, worked out already.
    static func sharedKeys(_ answers: [[(phone: String?, website: String?)]]) -> Set<String> {
        var shared: Set<String> = []
        for answer in answers {
            var seen: Set<String> = []
            for place in answer {
                let keys = [place.phone.map { "tel:" + $0 }, place.website].compactMap { $0 }
                for key in keys where !seen.insert(key).inserted { shared.insert(key) }
            }
        }
        return shared
    }

    /// The places of several services' answers grouped into one place each: `answers` in the
    /// order the services are ranked (the first gives a merged place's name, position and id),
    /// each group holding at most one place of each service, in that order. Pairs are joined
    /// strongest evidence first, then nearest first, so a place goes to its best match.
    public func group(_ answers: [[Restaurant]]) -> [[Restaurant]] { grouped(answers).groups }

    /// Most places of one service that one place is compared with for one key in one cell (a
    /// name that many places of one service near each other share: one chain's name over a
    /// food court, or an answer made to cost n² comparisons). Past it, the place is compared with
    /// the `candidateWindow` places of that service whose rank among the key's places (in the
    /// answer's order) is nearest its own: for any number of one name's places at one point, the
    /// pairs the joining below would take anyway (the first of one service with the first of the
    /// other, and so on), and at most this many comparisons a place and key, not one per place.
    static let candidateWindow = 32

    /// `group`, and how many pairs it compared (for the tests, which count that it grows with
    /// the places, not with their square).
    func grouped(_ answers: [[Restaurant]]) -> (groups: [[Restaurant]], compared: Int) {
        precondition(answers.count < Int.bitWidth, "a merge of one service per bit of an Int")
        let places = answers.enumerated().flatMap { service, list in list.map { (service: service, place: $0) } }
        // Each name cut once, however many places bear it (a chain, or one name at one point).
        var cut: [String: NameParts?] = [:]
        let profiles = places.map { entry in
            Profile(entry.place) { name in
                if let parts = cut[name] { return parts }
                let parts = Self.nameParts(name)
                cut[name] = parts
                return parts
            }
        }
        var offset = 0
        let shared = Self.sharedKeys(
            answers.map { list in
                defer { offset += list.count }
                return profiles[offset..<offset + list.count].map { ($0.phone, $0.website) }
            })
        var (pairs, compared) = pairs(profiles, services: places.map(\.service), shared: shared)
        pairs.sort { ($0.evidence, $0.distance, $0.a, $0.b) < ($1.evidence, $1.distance, $1.a, $1.b) }
        // Each place's group, by the index of the group's first place, and each group's services
        // as bits (a merge has a few services: `Provider`'s cases), checked for every pair.
        var groupOf = Array(places.indices)
        var members: [Int: [Int]] = Dictionary(uniqueKeysWithValues: places.indices.map { ($0, [$0]) })
        var servicesOf = places.map { 1 << $0.service }
        for pair in pairs {
            let (first, second) = (groupOf[pair.a], groupOf[pair.b])
            guard first != second, servicesOf[first] & servicesOf[second] == 0, let one = members[first],
                let other = members[second]
            else { continue }
            let (kept, gone) = (min(first, second), max(first, second))
            members[kept] = (one + other).sorted()
            members[gone] = nil
            servicesOf[kept] |= servicesOf[gone]
            for index in one + other { groupOf[index] = kept }
        }
        return (members.keys.sorted().compactMap { members[$0]?.map { places[$0].place } }, compared)
    }

    /// Two places of different services that are one place, by what evidence and how far apart (`a` < `b`).
    typealias Pair = (a: Int, b: Int, evidence: Evidence, distance: Double)

    /// The pairs of `profiles` (of the services `services` says, place by place) that are one
    /// place, and how many pairs were compared to find them. Only pairs that could be one place
    /// are compared: those that share a key (`Profile.keys`: a phone, a website, a name's whole
    /// or core) in one cell or two neighbouring ones of a grid as wide as the largest radius.
    func pairs(_ profiles: [Profile], services: [Int], shared: Set<String>) -> (pairs: [Pair], compared: Int) {
        let grid = Grid(reach: max(nameRadius, largeVenueRadius, phoneRadius), places: profiles.map(\.coordinate))
        // Each key's places by cell and service, in the answers' order; and each place's cell and
        // keys, with its rank among its own service's places of that key and cell.
        var index: [Bucket: [Int]] = [:]
        // Each key as a number, so that a bucket's lookup hashes no text.
        var numbers: [String: Int] = [:]
        var keyed: [(cell: Grid.Cell, keys: [(key: Int, rank: Int)])?] = []
        keyed.reserveCapacity(profiles.count)
        for (a, profile) in profiles.enumerated() {
            guard let cell = grid.cell(of: profile.coordinate) else {
                keyed.append(nil)
                continue
            }
            let keys = profile.keys(shared: shared).map { text in
                let key = numbers[text] ?? numbers.count
                numbers[text] = key
                let bucket = Bucket(key: key, cell: cell, service: services[a])
                defer { index[bucket, default: []].append(a) }
                return (key, index[bucket]?.count ?? 0)
            }
            keyed.append((cell, keys))
        }
        let serviceList = Set(services).sorted()
        var compared = 0
        var seen: Set<Int> = []
        var pairs: [Pair] = []
        for (a, entry) in keyed.enumerated() {
            guard let entry else { continue }
            for (key, rank) in entry.keys {
                for cell in grid.neighbours(of: entry.cell) {
                    for service in serviceList where service != services[a] {
                        guard let others = index[Bucket(key: key, cell: cell, service: service)] else { continue }
                        let window = Self.candidateWindow
                        let first = others.count <= window ? 0 : min(max(0, rank - window / 2), others.count - window)
                        for b in others[first..<min(others.count, first + window)] {
                            let (one, other) = (min(a, b), max(a, b))
                            guard seen.insert(one * profiles.count + other).inserted else { continue }
                            compared += 1
                            guard let evidence = evidence(profiles[one], profiles[other], shared: shared) else {
                                continue
                            }
                            let distance = profiles[one].coordinate.distance(to: profiles[other].coordinate)
                            pairs.append((one, other, evidence, distance))
                        }
                    }
                }
            }
        }
        return (pairs, compared)
    }

    /// The places of one service in one cell that have one key.
    struct Bucket: Hashable {
        var key: Int
        var cell: Grid.Cell
        var service: Int
    }

    /// Cells of latitude and longitude at least `reach` metres across, so that two places within
    /// `reach` of each other lie in one cell or two neighbouring ones.
    struct Grid {
        struct Cell: Hashable {
            var row: Int
            var column: Int
        }

        /// A row's height and a column's width, in degrees.
        let height: Double, width: Double
        /// Columns around the Earth: a column's neighbours wrap at ±180°.
        let columns: Int

        /// A grid for `places`: its columns are as wide as `reach` is at the highest latitude
        /// among them, with room to spare (sin x ≥ 2x/π), so that they hold at every latitude of the answer.
        init(reach: Double, places: [Coordinate]) {
            let degree = Coordinate.earthRadiusMetres * .pi / 180
            let reach = max(reach, 1)  // radii of 0 still make cells
            height = reach / degree
            let highest = places.lazy.filter(\.isOnEarth).map { abs($0.lat) }.max() ?? 0
            let needed = reach * .pi / 2 / (degree * cos(min(highest, 90) * .pi / 180))
            // Three columns or fewer: every column neighbours every other (a search by a pole).
            let count = needed.isFinite && needed < 120 ? Int(360 / needed) : 1
            columns = count > 3 ? count : 1
            width = 360 / Double(columns)
        }

        /// Nil for a place off the Earth (a service's answer drops those first: `sanitized`).
        func cell(of place: Coordinate) -> Cell? {
            guard place.isOnEarth else { return nil }
            return Cell(
                row: Int(((place.lat + 90) / height).rounded(.down)),
                column: min(columns - 1, Int(((place.lng + 180) / width).rounded(.down))))
        }

        /// The cell and its neighbours, each once.
        func neighbours(of cell: Cell) -> [Cell] {
            let columns =
                columns == 1 ? [0] : [cell.column - 1, cell.column, cell.column + 1].map { ($0 + self.columns) % self.columns }
            return (cell.row - 1...cell.row + 1).flatMap { row in columns.map { Cell(row: row, column: $0) } }
        }
    }
}
