import FoodLoggerDomain

/// The JSON Schemas of the tools: each input schema made from the tool's arguments, each output
/// schema the shape the README's JSON section documents for the command's `--json`. They say
/// the keys an agent relies on and their types (null where the README says a service may not
/// know), and let later versions add keys, as the JSON promises.
enum MCPSchemas {
    static func input(_ tool: MCPTool) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for argument in tool.arguments {
            var schema = type(argument.type)
            schema["description"] = .string(argument.description)
            properties[argument.name] = JSONValue(schema)
        }
        let required = tool.arguments.filter(\.required).map { JSONValue.string($0.name) }
        var schema: [String: JSONValue] = ["type": "object", "properties": JSONValue(properties), "additionalProperties": false]
        if !required.isEmpty { schema["required"] = .array(required) }
        return JSONValue(schema)
    }

    static func type(_ type: MCPTool.Argument.ValueType) -> [String: JSONValue] {
        switch type {
        case .boolean: ["type": "boolean"]
        case .string: ["type": "string"]
        case .number(let range?): ["type": "number", "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)]
        case .number(nil): ["type": "number"]
        case .integer(let range?):
            ["type": "integer", "minimum": .integer(range.lowerBound)]
                .merging(range.upperBound == Int.max ? [:] : ["maximum": .integer(range.upperBound)]) { $1 }
        case .integer(nil): ["type": "integer"]
        case .choice(let choices): ["type": "string", "enum": .array(choices.map(JSONValue.string))]
        case .strings(let choices, _):
            [
                "type": "array",
                "items": choices.isEmpty
                    ? ["type": "string"] : ["type": "string", "enum": .array(choices.map(JSONValue.string))],
            ]
        case .shop: ["type": ["string", "integer"]]
        case .shops(let limit):
            ["type": "array", "items": ["type": ["string", "integer"]], "minItems": 1, "maxItems": .integer(limit)]
        case .span(let range):
            // One schema for both forms: the bounds apply to a number, the items' to a list.
            Self.type(.integer(within: range)).merging([
                "type": ["integer", "array"], "items": JSONValue(Self.type(.integer(within: range))), "minItems": 1,
                "maxItems": 2,
            ]) { $1 }
        case .services(let choices):
            [
                "anyOf": [
                    ["type": "string", "enum": .array((choices + ["all"]).map(JSONValue.string))],
                    ["type": "array", "items": ["enum": .array(choices.map(JSONValue.string))], "minItems": 1],
                ]
            ]
        }
    }

    static func nullable(_ type: String) -> JSONValue { ["type": [.string(type), "null"]] }

    static func object(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
        ["type": "object", "properties": JSONValue(properties), "required": .array(required.map(JSONValue.string))]
    }

    /// One place, as every command's `--json` writes it: the keys an agent relies on (the record
    /// has more, which the schema leaves open rather than spending an agent's context on).
    static let restaurant = object(restaurantKeys, required: restaurantRequired)

    static let restaurantKeys: [String: JSONValue] = [
        "id": ["type": "string"], "name": ["type": "string"], "provider": ["type": "string"],
        "lat": ["type": "number"], "lng": ["type": "number"], "address": ["type": "string"], "url": ["type": "string"],
        "distance_m": nullable("integer"), "open_now": nullable("boolean"), "closes_at": nullable("string"),
        "opens_at": nullable("string"), "budget": nullable("string"), "rating": nullable("number"),
        "price_level": nullable("integer"), "log": nullable("object"),
    ]
    static let restaurantRequired = ["id", "name", "provider", "lat", "lng"]

    /// A place as a search lists it: with the directions from the search's centre (null without one).
    static let listed = object(
        restaurantKeys.merging(["directions_url": nullable("string")]) { $1 }, required: restaurantRequired)

    /// `search --json`.
    static let listing = object(
        [
            "center": nullable("object"), "range_m": nullable("integer"), "total": ["type": "integer"],
            // False when the services have more places than the search looked at: total is a lower bound.
            "total_is_exact": ["type": "boolean"],
            "start": ["type": "integer"], "returned": ["type": "integer"],
            "restaurants": ["type": "array", "items": listed], "open_at": nullable("string"),
            // The services of a merge that failed while the others answered.
            "incomplete": [
                "type": "array",
                "items": object(
                    ["provider": ["type": "string"], "error": ["type": "string"], "exit": ["type": "integer"]],
                    required: ["provider", "error", "exit"]),
            ],
            "left_out": ["type": "object"],
        ],
        required: ["total", "total_is_exact", "start", "returned", "restaurants", "incomplete"])

    /// `show --json`.
    static let shown = object(
        ["restaurants": ["type": "array", "items": restaurant], "open_at": nullable("string")], required: ["restaurants"])

    /// `log --json`.
    static let log = object(
        [
            "entries": [
                "type": "array",
                "items": object(
                    [
                        "number": ["type": "integer"], "date": nullable("string"), "want": ["type": "boolean"],
                        "rating": nullable("integer"), "note": nullable("string"), "written_at": ["type": "string"],
                        "shop": object(
                            ["provider": ["type": "string"], "id": ["type": "string"]], required: ["provider", "id"]),
                    ], required: ["number", "want", "shop"]),
            ],
            "count": ["type": "integer"], "file": nullable("string"),
        ],
        required: ["entries", "count"])

    /// `genres --json`.
    static let genres = object(
        [
            "genres": [
                "type": "array",
                "items": object(
                    ["code": ["type": "string"], "name": ["type": "string"], "english": nullable("string")],
                    required: ["code", "name"]),
            ]
        ],
        required: ["genres"])

    /// `log add`'s line, the one thing it prints.
    static let logged = object(["message": ["type": "string"]], required: ["message"])
}
