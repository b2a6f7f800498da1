import FoodLoggerDomain

extension ServiceAssembly {
    /// The services a merged search may ask, in the merge's order: those listed, or for `all`
    /// OpenStreetMap, then Google Places and HOT PEPPER when their keys are found (the stub
    /// needs none). A key that is there but unusable is an error, as for one service.
    func mergeCandidates(_ list: CommonOptions.ProviderList) throws(ServiceError) -> [Provider] {
        guard case .all = list else {
            if case .listed(let providers) = list { return providers }
            return []
        }
        let keyed: [Provider] = [.osm, .google, .hotpepper]
        if options.useStub { return keyed }
        var usable: [Provider] = []
        for provider in keyed {
            guard let service = CommonOptions.keyService(provider) else {
                usable.append(provider)
                continue
            }
            do throws(ServiceError) {
                _ = try locateKey(service: service)
                usable.append(provider)
            } catch .missingKey {
                continue
            } catch .unusableKeyFile(let path, service.placeholderProblem)
                where options.keyFile == nil && path != service.environmentVariable
            {
                // The example key.plist with only another service's key filled in.
                continue
            }
        }
        return usable
    }

    /// One service made of `providers`, asked at once and merged (`MergedService`); its code
    /// lists and place search are the first's.
    func mergedServices(_ providers: [Provider]) throws(ServiceError) -> Services {
        var parts: [(provider: Provider, worker: any HotpepperWorking)] = []
        var first: Services?
        for provider in providers {
            let services = try services(provider, located: nil, searchesPlaces: true, merging: true)
            first = first ?? services
            parts.append((provider, HotpepperWorker(api: services.restaurants, codes: makeCodeLists(services))))
        }
        guard var merged = first else { preconditionFailure("a merge of no service") }
        merged.restaurants = MergedService(services: parts, log: narration())
        return merged
    }
}
