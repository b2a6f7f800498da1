import FoodLoggerDomain

extension ServiceAssembly {
    /// The services a merged search may ask, in the merge's order: those listed, or for `all`
    /// OpenStreetMap, then Google Places and HOT PEPPER when their keys are found (the stub
    /// needs none; a --key-file without a service's entry is no key of it), with one line on
    /// stderr naming those left out for want of a key. A key that is there but unusable is an
    /// error, as for one service.
    func mergeCandidates(_ list: CommonOptions.ProviderList) throws(ServiceError) -> [Provider] {
        guard case .all = list else {
            if case .listed(let providers) = list { return providers }
            return []
        }
        let keyed: [Provider] = [.osm, .google, .hotpepper]
        if options.useStub { return keyed }
        var usable: [Provider] = []
        var keyless: [APIKeyLocator.Service] = []
        defer {
            if !keyless.isEmpty {
                let wants = keyless.map { "\($0.provider.title) (\($0.environmentVariable) or \($0.plistKey) in key.plist)" }
                context.report(
                    "all: leaving out \(wants.joined(separator: " and ")), for want of a key; asking \(usable.map(\.title).joined(separator: " and "))"
                )
            }
        }
        for provider in keyed {
            guard let service = CommonOptions.keyService(provider) else {
                usable.append(provider)
                continue
            }
            do throws(ServiceError) {
                _ = try locateKey(service: service)
                usable.append(provider)
            } catch .missingKey {
                keyless.append(service)
            } catch .unusableKeyFile(let path, service.placeholderProblem)
                where options.keyFile == nil && path != service.environmentVariable
            {
                // The example key.plist with only another service's key filled in.
                keyless.append(service)
            } catch .unusableKeyFile(_, "no \(service.plistKey) string in it") where options.keyFile != nil {
                // A --key-file with another service's key only.
                keyless.append(service)
            }
        }
        return usable
    }
}
