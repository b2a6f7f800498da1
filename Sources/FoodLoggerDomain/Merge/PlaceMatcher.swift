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
        let distance = a.coordinate.distance(to: b.coordinate)
        let near = [a.kind, b.kind].contains(.foodCourt) ? largeVenueRadius : nameRadius
        // Far apart, nothing joins them: checked first, as it is cheap and most pairs are far.
        guard distance <= max(phoneRadius, near) else { return nil }
        // Two named branches of one chain are two places, whatever they share.
        if Self.differentBranches(a.name, b.name) { return nil }
        if distance <= phoneRadius, let phone = Self.phoneKey(a.phone), phone == Self.phoneKey(b.phone),
            !shared.contains("tel:" + phone)
        {
            return .phone
        }
        guard distance <= near else { return nil }
        if let site = Self.websiteKey(a.website), site == Self.websiteKey(b.website), !shared.contains(site) {
            return .website
        }
        let names = Self.names(a), others = Self.names(b)
        return names.contains { name in others.contains { Self.namesAgree(name, $0) } } ? .name : nil
    }

    /// A place's names: its name and its names in other languages.
    static func names(_ place: Restaurant) -> [String] {
        [place.name] + (place.otherNames ?? []).map(\.name)
    }

    /// Whether two names name one place: the same once normalised, or the same chain where at
    /// most one of them names a branch ("一蘭 渋谷店" and "一蘭" agree; "一蘭 渋谷店" and
    /// "一蘭 渋谷センター街店" are two branches).
    public static func namesAgree(_ a: String, _ b: String) -> Bool {
        guard let one = nameParts(a), let other = nameParts(b) else { return false }
        if one.whole == other.whole { return true }
        return one.core == other.core && (one.branch.isEmpty || other.branch.isEmpty || one.branch == other.branch)
    }

    /// Whether two names are one chain's different named branches ("一蘭 渋谷店", "一蘭 新宿店").
    static func differentBranches(_ a: String, _ b: String) -> Bool {
        guard let one = nameParts(a), let other = nameParts(b) else { return false }
        return one.core == other.core && !one.branch.isEmpty && !other.branch.isEmpty && one.branch != other.branch
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
    static func nameParts(_ name: String) -> (whole: String, core: String, branch: String)? {
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
        return whole.isEmpty ? nil : (whole, words.joined(), named.joined(separator: " "))
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
        var shared: Set<String> = []
        for answer in answers {
            var seen: Set<String> = []
            for place in answer {
                let keys = [phoneKey(place.phone).map { "tel:" + $0 }, websiteKey(place.website)].compactMap { $0 }
                for key in keys where !seen.insert(key).inserted { shared.insert(key) }
            }
        }
        return shared
    }

    /// The places of several services' answers grouped into one place each: `answers` in the
    /// order the services are ranked (the first gives a merged place's name, position and id),
    /// each group holding at most one place of each service, in that order. Pairs are joined
    /// strongest evidence first, then nearest first, so a place goes to its best match.
    public func group(_ answers: [[Restaurant]]) -> [[Restaurant]] {
        let places = answers.enumerated().flatMap { service, list in list.map { (service: service, place: $0) } }
        let shared = Self.sharedKeys(answers)
        var pairs: [(a: Int, b: Int, evidence: Evidence, distance: Double)] = []
        for a in places.indices {
            for b in places.indices where b > a && places[a].service != places[b].service {
                guard let evidence = evidence(places[a].place, places[b].place, shared: shared) else { continue }
                pairs.append((a, b, evidence, places[a].place.coordinate.distance(to: places[b].place.coordinate)))
            }
        }
        pairs.sort { ($0.evidence, $0.distance, $0.a, $0.b) < ($1.evidence, $1.distance, $1.a, $1.b) }
        // Each place's group, by the index of the group's first place.
        var groupOf = Array(places.indices)
        var members: [Int: [Int]] = Dictionary(uniqueKeysWithValues: places.indices.map { ($0, [$0]) })
        for pair in pairs {
            let (first, second) = (groupOf[pair.a], groupOf[pair.b])
            guard first != second, let one = members[first], let other = members[second] else { continue }
            let services = Set(one.map { places[$0].service })
            guard services.isDisjoint(with: other.map { places[$0].service }) else { continue }
            let (kept, gone) = (min(first, second), max(first, second))
            members[kept] = (one + other).sorted()
            members[gone] = nil
            for index in one + other { groupOf[index] = kept }
        }
        return members.keys.sorted().compactMap { members[$0]?.map { places[$0].place } }
    }
}
