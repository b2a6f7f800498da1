import FoodLoggerDomain

/// The line that refuses what a service has no data for, naming a service that has it.
enum ProviderRefusal {
    /// "--budget: OpenStreetMap has no budgets; use --provider hotpepper (HOT PEPPER Gourmet) for it".
    /// `option` nil: the command itself is what the provider lacks (`budgets`).
    static func refuse(_ option: String?, _ reason: String, has: (Provider) -> Bool) -> UsageError {
        let others = Provider.allCases.filter(has).map { "--provider \($0.rawValue) (\($0.title))" }
        let advice = others.isEmpty ? "" : "; use " + others.joined(separator: " or ") + " for \(option == nil ? "them" : "it")"
        return UsageError((option.map { "\($0): " } ?? "") + reason + advice)
    }
}

extension SearchCommand {
    /// The first option the provider has no data for, refused before anything is sent.
    func refusal(by provider: Provider) -> UsageError? {
        if let strayWords { return strayRefusal(strayWords, by: provider) }
        let name = provider.title
        let conditions: [(option: String, reason: String, condition: SearchCondition, asked: Bool)] = [
            ("--budget", "\(name) has no budgets", .budget, !query.budgets.isEmpty || !query.names.budgets.isEmpty),
            (
                "--area", "\(name) has no named areas: give --near or --lat/--lng", .area,
                query.area != nil || query.names.area != nil
            ),
            ("--order", "\(name) always lists the nearest first", .order, query.order != nil),
            (
                "--keyword", "\(name) cannot search without a centre: add --near or --lat/--lng", .withoutCenter,
                query.center == nil && near == nil
            ),
        ]
        if let missing = conditions.first(where: { $0.asked && !provider.searchConditions.contains($0.condition) }) {
            return ProviderRefusal.refuse(missing.option, missing.reason) { $0.searchConditions.contains(missing.condition) }
        }
        let keyword = query.keyword?.isEmpty == false
        if let limit = query.limit, let most = provider.mostShops(withKeyword: keyword), limit > most {
            let more = provider.mostShops(withKeyword: true).flatMap {
                $0 > most && !keyword ? "; add --keyword for up to \($0)" : nil
            }
            return UsageError(
                "--limit: \(name) gives at most \(most) shops \(keyword ? "for a keyword" : "around a centre")\(more ?? "")")
        }
        let rated = [query.sort == .rating ? "--sort rating" : nil, query.minRating.map { _ in "--min-rating" }]
        if let option = rated.lazy.compactMap({ $0 }).first, !provider.ratesPlaces {
            return ProviderRefusal.refuse(option, "\(name) has no ratings") { $0.ratesPlaces }
        }
        if query.prices != nil, provider.prices == nil {
            return ProviderRefusal.refuse("--price", "\(name) has no prices") { $0.prices != nil }
        }
        if let radius = query.radius, radius > provider.maxRadius {
            return ProviderRefusal.refuse(
                "--radius \(radius)", "\(name) searches at most \(provider.maxRadius) m around a centre"
            ) { $0.maxRadius >= radius }
        }
        if let kind = query.kinds.first(where: { !provider.kinds.contains($0) }) {
            return ProviderRefusal.refuse("--kind \(kind.rawValue)", "\(name) cannot tell which places are a \(kind.label)") {
                $0.kinds.contains(kind)
            }
        }
        if !query.kinds.isEmpty, !query.genres.isEmpty || !query.names.genres.isEmpty, !provider.kindsWithGenres {
            return UsageError("--kind: \(name) tells kinds by genre; give --kind or --genre, not both")
        }
        if let diet = query.diets.first(where: { !provider.diets.contains($0) }) {
            return ProviderRefusal.refuse("--diet \(diet.rawValue)", "\(name) does not say which places are \(diet.label)") {
                $0.diets.contains(diet)
            }
        }
        guard let filter = query.filters.first(where: { !provider.searchFilters.contains($0) }) else { return nil }
        return ProviderRefusal.refuse(filter.flag, "\(name) does not say which shops \(filter.summary)") {
            $0.searchFilters.contains(filter)
        }
    }
}

extension CodeListCommand {
    /// `budgets` and `areas` are HOT PEPPER's: OpenStreetMap has genres (its cuisines) only.
    /// `budgets` elsewhere says which services tell prices, and how.
    func refusal(by provider: Provider) -> UsageError? {
        guard subject.kinds.contains(where: { !provider.codeLists.contains($0) }) else { return nil }
        if subject == .budgets { return Self.noBudgets(provider) }
        return ProviderRefusal.refuse(nil, "\(provider.title) has no \(subject.rawValue)") { other in
            subject.kinds.allSatisfy { other.codeLists.contains($0) }
        }
    }
}

extension CodeListCommand {
    /// "OpenStreetMap has no prices. HOT PEPPER Gourmet has budget bands in yen (…), Google
    /// Places a price level for each place (…)."
    static func noBudgets(_ provider: Provider) -> UsageError {
        let others = Provider.allCases.filter { $0 != provider }.compactMap { other in
            other.prices.map {
                "\(other.title) \(describe($0, listed: other.codeLists.contains(.budgets))) (--provider \(other.rawValue))"
            }
        }
        let own =
            switch provider.prices {
            case nil: "\(provider.title) has no prices"
            case .levels: "\(provider.title) has no budget bands to list: each place has its price level, shown with it"
            case .bands: "\(provider.title) has no list of its budget bands"
            }
        // No full stop at the end: the usage line adds one before its "See … --help".
        return UsageError(own + (others.isEmpty ? "" : ". " + others.joined(separator: "; ")))
    }

    /// "has budget bands in yen, which --budget takes", "gives each place a price level".
    static func describe(_ prices: ServiceCapabilities.Prices, listed: Bool) -> String {
        switch prices {
        case .bands(let currency):
            "has budget bands in \(currency)\(listed ? ", which --budget takes" : "")"
        case .levels: "gives each place a price level, from inexpensive to very expensive"
        }
    }
}
