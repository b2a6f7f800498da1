import Foundation
import Testing

import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
final class MCPDisplayLogicSpy: MCPDisplayLogic {
    var lines: [String] = []
    func display(_ viewModel: MCP.ViewModel) { lines.append(viewModel.line) }
}

@MainActor
@Suite struct MCPPresenterTests {
    let display = MCPDisplayLogicSpy()

    func present(_ present: (MCPPresenter) -> Void) throws -> [String: Any] {
        let sut = MCPPresenter()
        sut.viewController = display
        present(sut)
        let line = try #require(display.lines.last, "one line")
        #expect(!line.contains("\n"), "one line of JSON")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    func call(
        _ outcome: MCP.CommandOutcome, tool: MCPTool = MCPCatalog.search, page: MCPTool.Page? = nil,
        revision: MCP.Revision = .latest
    )
        throws -> [String: Any]
    {
        let answer = try present {
            $0.presentCall(.init(id: .integer(1), tool: tool, result: .ran(outcome), page: page, revision: revision))
        }
        return try #require(answer["result"] as? [String: Any], "a result: \(answer)")
    }

    static let listing = JSONValue.decode(
        Data(
            #"{"total":3,"start":1,"returned":2,"restaurants":[{"id":"J1","name":"一","lat":35.0,"lng":139.0,"provider":"hotpepper","distance_m":80,"open_now":true,"closes_at":"2026-11-20T23:30:00+09:00","catch":"\#(String(repeating: "長", count: 900))"},{"id":"J2","name":"二","lat":35.0,"lng":139.0,"provider":"hotpepper","open_now":false}]}"#
                .utf8))

    @Test func aListIsStructuredContentWithLongTextCutAndASummarySayingHowToPageOn() throws {
        // When a search printed two of three places, one with a 900-character catch
        let result = try call(.init(status: .success, document: Self.listing))

        // Then structuredContent is that document, its long text cut, and the text says the page
        let structured = try #require(result["structuredContent"] as? [String: Any], "structured: \(result)")
        let shops = try #require(structured["restaurants"] as? [[String: Any]])
        #expect(shops.map { $0["id"] as? String } == ["J1", "J2"] && structured["total"] as? Int == 3, "the document")
        let caught = try #require(shops[0]["catch"] as? String)
        #expect(
            caught.count == MCPPresenter.fieldLimit && caught.hasSuffix("…"), "cut to \(MCPPresenter.fieldLimit): \(caught.count)"
        )
        let text = try #require(((result["content"] as? [[String: Any]])?.first)?["text"] as? String)
        #expect(
            text
                == "1–2 of 3:\n1. 一 [J1] · 80 m · open until 2026-11-20 23:30\n2. 二 [J2] · closed\nMore: call again with start 3.",
            "\(text)")
        #expect(result["isError"] as? Bool == false, "not an error")
        // And the same JSON goes as a second text block (2025-06-18's SHOULD)
        let json = try #require((result["content"] as? [[String: Any]])?.last?["text"] as? String)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(NSDictionary(dictionary: parsed) == NSDictionary(dictionary: structured), "the text is the structured content")
    }

    @Test func in20260728EachResultSaysItsTypeAndTheServerAndTheListHowLongItKeeps() throws {
        // When a call and the tools are answered in 2026-07-28
        let result = try call(.init(status: .success, document: Self.listing), revision: .v2026_07_28)
        let tools = try #require(
            try present { $0.presentTools(.init(id: .integer(2), tools: MCPCatalog.tools, revision: .v2026_07_28)) }["result"]
                as? [String: Any])

        // Then both carry resultType and the server in _meta; the list a ttlMs and cacheScope
        for answer in [result, tools] {
            #expect(answer["resultType"] as? String == "complete", "\(answer.keys)")
            let meta = answer["_meta"] as? [String: Any]
            #expect(
                (meta?["io.modelcontextprotocol/serverInfo"] as? [String: Any])?["name"] as? String == "foodlogger",
                "\(String(describing: meta))")
        }
        #expect(tools["ttlMs"] as? Int == MCPPresenter.cacheMilliseconds && tools["cacheScope"] as? String == "public")
        #expect(result["ttlMs"] == nil, "a call's result is not cached")
    }

    @Test func discoveryNamesTheEnvelopedRevisions() throws {
        let answer = try present { $0.presentDiscovered(.init(id: .integer(1), revision: .v2026_07_28)) }

        let result = try #require(answer["result"] as? [String: Any])
        #expect(result["supportedVersions"] as? [String] == ["2026-07-28"], "\(result)")
        #expect(result["capabilities"] is [String: Any] && result["resultType"] as? String == "complete")
        #expect(result["ttlMs"] is Int && result["cacheScope"] as? String == "public")
    }

    @Test func a32022CarriesItsData() throws {
        let answer = try present {
            $0.presentFailure(.init(id: .integer(3), failure: .unsupportedRevision(requested: "2030-01-01")))
        }

        let error = try #require(answer["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32022, "\(error)")
        let data = error["data"] as? [String: Any]
        #expect(data?["supported"] as? [String] == ["2026-07-28"] && data?["requested"] as? String == "2030-01-01")
    }

    @Test func aBatchIsOneLineOfAnswers() throws {
        let sut = MCPPresenter()
        sut.viewController = display

        sut.presentBatch([.empty(.integer(1)), .failure(.init(id: nil, failure: .parse))])

        let line = try #require(display.lines.first)
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]], "\(line)")
        #expect(answers.map { $0["id"] as? Int } == [1, nil] && display.lines.count == 1, "\(line)")
    }

    @Test func beforeStructuredContentTheDocumentGoesAsText() throws {
        let result = try call(.init(status: .success, document: Self.listing), revision: .v2025_03_26)

        #expect(result["structuredContent"] == nil, "2025-03-26 has no structuredContent")
        let texts = (result["content"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        #expect(texts.count == 2 && texts[1].hasPrefix("{") && texts[1].contains("\"J2\""), "the JSON as a second text: \(texts)")
    }

    @Test func aCommandThatPrintedNothingIsAToolErrorWithItsMessage() throws {
        let result = try call(
            .init(
                status: .usage, document: nil,
                notes: [
                    "foodlogger search: --radius takes metres from 1 to 50000 such as 800, 800m or 2km, not '9x'. See 'foodlogger search --help'."
                ]))

        #expect(result["isError"] as? Bool == true, "isError")
        #expect(result["structuredContent"] == nil, "no structured result")
        let text = ((result["content"] as? [[String: Any]])?.first)?["text"] as? String
        #expect(
            text == "radius takes metres from 1 to 50000 such as 800, 800m or 2km, not '9x'.",
            "the command's line in the tool's words: \(String(describing: text))")
    }

    @Test func theLogIsPagedByTheServer() throws {
        // Given a log of three entries, asked from the second, one at a time
        let log =
            #"{"entries":[{"number":3,"want":false,"date":"2026-11-03","shop":{"provider":"osm","id":"node/3","name":"C"}},{"number":2,"want":true,"shop":{"provider":"osm","id":"node/2","name":"B"}},{"number":1,"want":false,"date":"2026-11-01","shop":{"provider":"osm","id":"node/1","name":"A"}}],"count":3,"file":"/x"}"#

        let result = try call(
            .init(status: .success, document: JSONValue.decode(Data(log.utf8))), tool: MCPCatalog.listLog,
            page: .init(start: 2, count: 1))

        let entries = (result["structuredContent"] as? [String: Any])?["entries"] as? [[String: Any]]
        #expect(entries?.map { $0["number"] as? Int } == [2], "the second entry only")
        let text = ((result["content"] as? [[String: Any]])?.first)?["text"] as? String
        #expect(text == "Entries 2–2 of 3:\n2. entry 2: want B\nMore: call again with start 3.", "\(String(describing: text))")
    }

    @Test func aRefusedArgumentIsOneLineNamingIt() throws {
        let answer = try present {
            $0.presentCall(
                .init(
                    id: .integer(4), tool: MCPCatalog.search, result: .refused(.unknown(name: "nearr", suggestion: "near")),
                    revision: .latest))
        }

        let result = answer["result"] as? [String: Any]
        let text = ((result?["content"] as? [[String: Any]])?.first)?["text"] as? String
        #expect(
            text == "foodlogger search_restaurants: unknown argument 'nearr' (did you mean near?).", "\(String(describing: text))"
        )
        #expect(result?["isError"] as? Bool == true, "isError")
    }

    @Test(arguments: MCP.Revision.allCases)
    func toolsSayWhatTheirRevisionHas(revision: MCP.Revision) throws {
        let answer = try present { $0.presentTools(.init(id: .integer(1), tools: MCPCatalog.tools, revision: revision)) }

        let tools = try #require((answer["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        #expect(tools.count == MCPCatalog.tools.count, "every tool")
        #expect(tools.allSatisfy { ($0["outputSchema"] != nil) == revision.hasStructuredContent }, "outputSchema from 2025-06-18")
        let readOnly = tools.map {
            ($0["name"] as? String ?? "", ($0["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool)
        }
        if revision.hasAnnotations {
            #expect(
                readOnly.filter { $0.1 != true }.map(\.0) == ["log_visit", "remove_log_entry"],
                "only the log's tools write: \(readOnly)")
            let destructive = tools.filter { ($0["annotations"] as? [String: Any])?["destructiveHint"] as? Bool == true }
            #expect(destructive.map { $0["name"] as? String } == ["remove_log_entry"], "only the removal takes away")
        } else {
            #expect(readOnly.allSatisfy { $0.1 == nil }, "no annotations in 2024-11-05")
        }
    }

    @Test func aFailureWithoutAnIDAnswersNull() throws {
        let answer = try present { $0.presentFailure(.init(id: nil, failure: .lineTooLong(limit: 8))) }

        #expect(answer["id"] is NSNull, "id null")
        #expect((answer["error"] as? [String: Any])?["code"] as? Int == -32600, "Invalid Request")
    }
}
