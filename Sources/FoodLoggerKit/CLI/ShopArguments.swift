import FoodLoggerDomain

/// The shops a command's words name, for `show`, `open`, `log add`: numbers from the last list
/// (`3`, `1 4`, `1,4`: the numbers the last search showed) or ids as their service writes them
/// (`J001234567`, `node/123`), mixed as the user likes. A word of ASCII digits alone is a
/// number; every service's ids hold a letter, so nothing is both.
struct ShopArguments: Sendable {
    /// The ids, numbers turned into their shops' ids, in the order given, each once.
    var ids: [String]
    /// The service whose ids these are.
    var provider: Provider
    /// The last list, when a number named one of its shops. Nil with --refresh, which asks the
    /// service again for every shop.
    var list: StoredLastList?
    /// The shops named (by number or by id) that the list kept whole: they need no request.
    var known: [Restaurant] = []
    /// The centre of the search whose list numbered the shops, when a number named one (with
    /// --refresh too): the card gives the way there from it, as the map's card does.
    var center: Coordinate?

    /// Reads the words; the last list is loaded from `store` only when a number needs it.
    init(_ words: [String], limit: Int, common: CommonOptions, store: LastListStore) throws(UsageError) {
        var ids: [String] = []
        var providers: [Provider] = []
        /// The services of the shops the list kept whole, which nothing is asked of.
        var kept: [Provider] = []
        var list: StoredLastList?
        var known: [Restaurant] = []
        for argument in words {
            for word in argument.split(separator: ",") {
                let text = word.trimmingCharacters(in: .whitespaces)
                let id: String, provider: Provider
                if let number = try Self.number(text) {
                    let loaded: StoredLastList
                    if let list { loaded = list } else { loaded = try Self.load(store) }
                    list = loaded
                    do { (id, provider) = try loaded.shop(numbered: number) } catch { throw Self.usageError(error) }
                    // A list edited by hand (or answered by a stranger) may hold text that is no id.
                    guard provider.placeIDs.id(id) == id else {
                        throw UsageError(
                            "shop \(number) of the last list: \(ServiceError.notAnIDLine(id, service: provider)); search again")
                    }
                    // A shop the list kept whole asks no service (unless --refresh): its service chooses nothing.
                    if common.cacheMode != .refresh, let shop = try Self.keptShop(id, of: loaded) {
                        if !kept.contains(provider) { kept.append(provider) }
                        if !ids.contains(id) { ids.append(id); known.append(shop) }
                        continue
                    }
                } else if let form = ShowCommand.idForm(text) {
                    (id, provider) = form
                } else if let meant = ShowCommand.meantFor(text) {
                    throw UsageError(ServiceError.notAnIDLine(text, service: meant))
                } else {
                    throw UsageError(
                        "\(TerminalSafe.quoted(String(word))) is neither a shop number nor a shop id; give 3 (a number the last search showed) or an id like J001234567 or node/123"
                    )
                }
                if !providers.contains(provider) { providers.append(provider) }
                if !ids.contains(id) { ids.append(id) }
            }
        }
        guard let provider = providers.first ?? kept.first else {
            throw UsageError("give at least one shop: a number the last search showed (3) or an id like J001234567")
        }
        if ids.count > limit { throw UsageError("at most \(limit) shops at a time, got \(ids.count)") }
        if providers.count > 1 {
            throw UsageError(
                "these ids come from \(providers.map(\.title).joined(separator: " and ")); give one service's at a time")
        }
        if common.providerIsFlag, let flag = common.provider, flag != provider {
            throw UsageError("\(TerminalSafe.quoted(ids[0])) is an id of \(provider.title), not of --provider \(flag.rawValue)")
        }
        self.ids = ids
        self.provider = provider
        self.list = common.cacheMode == .refresh ? nil : list
        center = list?.center
        // An id given as it is may be one the list kept too.
        if let list = self.list {
            for id in ids where !known.contains(where: { $0.id == id }) {
                if let shop = try Self.keptShop(id, of: list) { known.append(shop) }
            }
        }
        self.known = known
    }

    /// The number a word of digits is (nil for any other word); 0 and negative numbers are
    /// errors, and one too long for an Int is past any list's end.
    static func number(_ text: String) throws(UsageError) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard !text.hasPrefix("-"), digits.contains(where: { $0 != "0" }) else {
            throw UsageError("\(TerminalSafe.quoted(text)) is not a shop number: the last list's numbers start at 1")
        }
        return Int(digits) ?? Int.max
    }

    static func load(_ store: LastListStore) throws(UsageError) -> StoredLastList {
        let loaded: StoredLastList?
        do { loaded = try store.load() } catch { throw UsageError(error.message) }
        guard let list = loaded else {
            throw UsageError(
                "no last list yet: search first, e.g. foodlogger search --near 渋谷駅, then use the numbers it shows (show 3)")
        }
        return list
    }

    /// The whole last list, every shop read (`map --last`).
    static func loadWhole(_ store: LastListStore) throws(UsageError) -> LastList {
        let list = try load(store)
        do { return try list.whole() } catch { throw UsageError(error.message) }
    }

    static func keptShop(_ id: String, of list: StoredLastList) throws(UsageError) -> Restaurant? {
        do { return try list.keptShop(id: id) } catch { throw UsageError(error.message) }
    }

    /// "the last list has 10 shops; there is no 12", or its numbers when they did not start at 1.
    static func usageError(_ miss: LastList.Miss) -> UsageError {
        let number = miss.number == Int.max ? "such number" : String(miss.number)
        guard let numbers = miss.numbers else { return UsageError("the last list is empty; there is no \(number)") }
        let holds =
            numbers.lowerBound == 1
            ? "has \(numbers.count) \(numbers.count == 1 ? "shop" : "shops")"
            : "has the shops numbered \(numbers.lowerBound) to \(numbers.upperBound)"
        return UsageError("the last list \(holds); there is no \(number)")
    }

    /// Every shop named is one the last list kept whole: nothing will be asked of any service
    /// (a merged place missing a part the list could not keep asks that part's service).
    var asksNothing: Bool {
        let kept = Set(known.map(\.id))
        return list != nil && ids.allSatisfy(kept.contains) && ShowPlaces.partsNotKept(of: known).isEmpty
    }

    /// The options to look the shops up with: when nothing will be asked, the offline stub
    /// stands in for the service, so a list from `--stub`, or one made with a key since gone,
    /// needs neither `--stub` nor the key.
    func options(_ common: CommonOptions) -> CommonOptions {
        var options = common
        if asksNothing { options.useStub = true }
        return options
    }

    /// The worker to look the shops up with (`log add`): the last list's kept shops answer
    /// first, without a request.
    func worker(over base: any HotpepperWorking) -> any HotpepperWorking {
        list.map { KnownShopsWorker(base: base, shops: known, region: $0.region, provider: $0.provider) } ?? base
    }

    /// The last list's kept shops among those named, and where it says they are, as the use case
    /// takes them; nil when no number named a shop (or with --refresh).
    var knownPlaces: ShowPlaces.KnownPlaces? {
        list.map { ShowPlaces.KnownPlaces(places: known, region: $0.region, provider: $0.provider) }
    }

    /// What `show` asks the use case for: these shops, the last list's kept ones among them.
    func request(offline: Bool) -> ShowPlaces.Request {
        ShowPlaces.Request(ids: ids, known: knownPlaces, offline: offline, center: center)
    }
}
