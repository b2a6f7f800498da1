import FoodLoggerDomain
/// Turns looked-up shops into what the terminal draws.
@MainActor
protocol DetailPresentationLogic: AnyObject {
    func presentRestaurants(_ response: Detail.Lookup.Response)
    func presentPage(_ response: Detail.OpenPage.Response)
}

/// Formats each shop as a card and as JSON, and names ids that were not found. Never prints, and
/// decides no exit status (the interactor's outcome does).
@MainActor
final class DetailPresenter: DetailPresentationLogic, DetailCardSource {
    weak var viewController: (any DetailDisplayLogic)?
    /// Whether the terminal shows arrows (the walk's way) or needs the compass letters.
    let unicode: Bool

    /// The units the walk's distance is written in.
    let units: DistanceUnits

    init(unicode: Bool = true, units: DistanceUnits = .metric) {
        self.unicode = unicode; self.units = units
    }

    func presentRestaurants(_ response: Detail.Lookup.Response) {
        viewController?.displayRestaurants(viewModel(for: response))
    }

    /// The cards (or the failure) for a response: what `presentRestaurants` hands the view
    /// controller, and (through `DetailCardSource`) what another scene draws a shop's card from.
    func viewModel(for response: Detail.Lookup.Response) -> Detail.Lookup.ViewModel {
        let viewModel: Detail.Lookup.ViewModel
        switch response.result {
        case .failure(let error):
            viewModel = .init(content: .failure(message: error.localizedDescription))
        case .success(let restaurants):
            let clock = OpenClock(response.moment, region: response.region)
            let listing = RestaurantListing(
                details: restaurants, at: response.moment, region: response.region, from: response.center,
                sourceRecords: response.sources)
            let unknownClock = listing.providers.first { $0.clock(in: response.region) == .unknown }
            let cards = Detail.Lookup.ViewModel.Cards(
                cards: restaurants.map { restaurant in
                    let walk = response.center.map { Walk(from: $0, to: restaurant.coordinate) }
                    var card = Self.card(
                        restaurant, on: clock, asked: response.askedAbout,
                        walk: walk.map { "\(units.text($0.metres)) · \(WalkText.short($0, unicode: unicode)) (straight line)" },
                        directions: response.center.map(restaurant.directions(from:)))
                    if response.sources { card.comparison = Self.comparison(restaurant, on: clock) }
                    return card
                },
                listing: listing,
                footer: (unknownClock.map { [HoursText.unknownClockNote($0)] } ?? []) + listing.providers.map(\.creditLine),
                missing: response.missingIDs.isEmpty && response.partsNotAsked.isEmpty
                    ? nil
                    : ([response.missingIDs.isEmpty ? nil : Self.missing(response.missingIDs)]
                        + Self.partsNotAsked(response.partsNotAsked)).compactMap { $0 }.joined(separator: "\n"))
            viewModel = .init(content: .cards(cards))
        }
        return viewModel
    }

    /// One line for each reason parts of merged places were not looked up again (a service
    /// whose terms let the last list keep nothing of them): the card shows what was kept.
    static func partsNotAsked(_ parts: [RestaurantPage.UnaskedID]) -> [String?] {
        let reasons = parts.map { $0.error.localizedDescription.trimmingCharacters(in: .whitespacesAndNewlines) }.uniqued()
        return reasons.map { reason in
            "not asked again (\(reason)): the card shows only what the last list kept of a merged place, "
                + "without the part of a service whose terms let nothing be kept"
        }
    }

    func presentPage(_ response: Detail.OpenPage.Response) {
        let viewModel: Detail.OpenPage.ViewModel
        switch response.result {
        case .failure(let error):
            viewModel = .init(content: .failure(message: error.localizedDescription))
        case .success(nil):
            viewModel = .init(content: .failure(message: Self.missing([response.id ?? "?"])))
        case .success(let restaurant?):
            viewModel = Self.page(response.address ?? restaurant.urls.shop, of: restaurant, attempt: response.attempt)
        }
        viewController?.displayPage(viewModel)
    }

    /// What happened to the page, in words: opened (said on stderr), or its address on stdout,
    /// with why it was not opened when that is worth saying.
    static func page(_ address: String, of restaurant: Restaurant, attempt: PageAttempt?) -> Detail.OpenPage.ViewModel {
        switch attempt {
        case nil:
            return .init(content: .failure(message: PageText.noAddress(restaurant)))
        case .printOnly:
            return .init(content: .page(address: address, note: nil))
        case .opened(.unavailable):
            let note = "foodlogger: \(PageText.noBrowser) The address is on stdout."
            return .init(content: .page(address: address, note: note))
        case .madeUp:
            let note = "foodlogger: " + PageText.madeUp(address)
            return .init(content: .page(address: address, note: note))
        case .opened(.opened):
            return .init(content: .page(address: nil, note: PageText.opened(address)))
        case .opened(.failed(let reason)):
            let note = "foodlogger: \(PageText.cannotOpen(reason)) The address is on stdout."
            return .init(content: .page(address: address, note: note))
        }
    }

    static func missing(_ ids: [String]) -> String {
        "no restaurant has the id\(ids.count == 1 ? "" : "s") \(ids.joined(separator: ", "))"
    }

    /// `asked`: the moment is one a search asked about, which the card names instead of "now";
    /// `walk`: the way there from the search's centre, worded, when there is one.
    static func card(
        _ restaurant: Restaurant, on clock: OpenClock, asked: Bool = false, walk: String? = nil, directions: String? = nil
    ) -> TextCard {
        typealias Field = TextCard.Field
        let genre = [restaurant.genreOrKind, restaurant.subGenre?.name].compactMap { $0 }
            .filter { !$0.isEmpty }.joined(separator: " / ")
        // The kind on a line of its own where the genre line says the cuisine instead.
        let kind = restaurant.genre.name.isEmpty ? "" : restaurant.kind?.label ?? ""
        let names = (restaurant.otherNames ?? []).prefix(3).map { "\($0.name) (\($0.language))" }.joined(separator: " · ")
        let own = restaurant.hotpepper
        let budget =
            own?.budget.map { budget in
                [budget.name, budget.average.isEmpty ? "" : "average \(budget.average)"]
                    .filter { !$0.isEmpty }.joined(separator: " · ")
            } ?? restaurant.priceLevel.map { BudgetBand.priceLevel($0, country: clock.country) } ?? ""
        let seats = [own?.capacity.map { "\($0) seats" }, own?.partyCapacity.map { "parties up to \($0)" }]
            .compactMap { $0 }.joined(separator: " · ")
        let main: [Field] = [
            Field("ID", restaurant.id),
            Field("Also named", names),
            Field("Kind", kind),
            Field("Genre", [genre, restaurant.genre.catchCopy].filter { !$0.isEmpty }.joined(separator: " — ")),
            Field("Status", restaurant.businessStatus?.notice ?? ""),
            Field("Catch", own?.catchCopy ?? ""),
            Field("Rating", RatingText.long(restaurant) ?? ""),
            Field("Budget", budget),
            Field("Budget note", own?.budgetMemo ?? ""),
            Field("Address", restaurant.address),
            Field("Station", own?.stationName ?? ""),
            Field("Access", own?.access ?? ""),
            Field("Walk", walk ?? ""),
            Field("Phone", restaurant.phone ?? ""),
            Field("Diet", (restaurant.diets ?? []).map(\.label).joined(separator: ", ")),
            // Where the Status line says the place does not trade, it says all the hours would.
            Field(
                asked ? "Open " + (clock.moment(for: restaurant).map(HoursText.short) ?? "then") : "Open now",
                restaurant.businessStatus?.notice == nil ? HoursText.today(restaurant, on: clock, named: asked) : ""),
            Field("Time left", HoursText.left(clock.timeLeft(of: restaurant)) ?? ""),
            Field("Hours", restaurant.hoursText),
            Field("Closed", restaurant.close),
            Field("Capacity", seats),
            Field("Weddings", own?.wedding ?? ""),
            Field("Other", own?.otherMemo ?? ""),
            // Shops often write the same text in both of HOT PEPPER's notes: said once.
            Field("Shop notes", own.map { $0.shopDetailMemo == $0.otherMemo ? "" : $0.shopDetailMemo } ?? ""),
        ]
        let links: [Field] = [
            Field("Page", restaurant.urls.shop),
            // OpenStreetMap's page of a place is its own website where it has one: not twice.
            Field("Website", restaurant.website.flatMap { $0 == restaurant.urls.shop ? nil : $0 } ?? ""),
            Field("Coupon", own?.coupon ?? ""),
            Field("Directions", directions ?? ""),
            Field("Photo", restaurant.urls.photo),
        ]
        let amenities = restaurant.amenities.map { Field($0.kind.label, amenityValue($0.value)) }
        // A merged place: a line per service, what it gave and whether it says the place is open.
        let sources = (restaurant.sources ?? []).map { source in
            let open = source.record.flatMap { clock.status(of: $0).isOpen }.map { $0 ? "says open" : "says closed" }
            // The id is on the line already, and the page and position go with the name.
            let fields = source.fields.filter { !["id", "lat", "lng", "url"].contains($0) }
            let gave = fields.isEmpty ? nil : "gave " + fields.joined(separator: ", ")
            let kept = source.record == nil ? "id only (its terms let nothing else be kept)" : nil
            return Field(source.provider.title, [source.id, gave, open, kept].compactMap { $0 }.joined(separator: " · "))
        }
        return TextCard(
            title: restaurant.name, subtitle: own?.nameKana ?? "",
            sections: [
                .init(fields: main.filter { !$0.value.isEmpty }),
                .init(title: "Amenities", fields: amenities.filter { !$0.value.isEmpty }),
                .init(title: "Links", fields: links.filter { !$0.value.isEmpty }),
                .init(title: "Sources", fields: sources),
            ])
    }

    /// "あり ：個室あり" → "yes — 個室あり", "なし" → "no", "未確認" → "unknown"; an answer that is
    /// neither yes nor no (一部禁煙), and text outside the vocabulary, are kept as they are.
    static func amenityValue(_ value: String) -> String {
        guard let answer = Amenity.answer(value) else { return value.trimmingCharacters(in: .whitespaces) }
        let word =
            switch answer.verdict {
            case .yes: "yes"
            case .no: "no"
            case .unknown: "unknown"
            case .partly: answer.word
            }
        return [word, answer.memo].filter { !$0.isEmpty }.joined(separator: " — ")
    }
}

extension DetailPresenter {
    func cards(for passed: Detail.ShowPassed.Response) -> Detail.Lookup.ViewModel.Cards? {
        guard case .cards(let cards) = viewModel(for: passed).content else { return nil }
        return cards
    }
}
