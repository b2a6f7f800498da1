import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The HTML map in a real headless Chromium, driven through chromedriver's WebDriver HTTP API:
/// one marker per restaurant, and a click opens an info window naming that restaurant.
/// Skipped, and counted so, without Chromium and chromedriver (CI installs them).
@Suite(
    .serialized,
    Prerequisite.enabled(
        Browser.isInstalled,
        "Chromium and chromedriver are not installed (apt-get install chromium chromium-driver, or set CHROME_BIN and CHROMEDRIVER)"
    ))
@MainActor
struct HTMLMapBrowserTests {
    /// The pages the tests write, removed with the suite.
    let folder = try! TemporaryFolder("foodlogger-map")

    @Test("the stub's search as HTML: a marker per shop, and clicking one shows its name")
    func stubSearchInBrowser() async throws {
        let browser = try await Browser.start()
        defer { browser.stop() }
        let arguments = ["search", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--range", "5", "--count", "100"]
        let json = try run(arguments + ["--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let names = try #require(document["restaurants"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(!names.isEmpty, "the stub returns shops around Tokyo Station")
        let page = try write(run(arguments + ["--format", "html"]))

        try await browser.open(page)
        let markers = try await browser.elements(".marker")
        #expect(markers.count == names.count, "one marker per restaurant: \(names.count), drew \(markers.count)")
        try await expectClickOpensInfo(browser, markers: markers, names: names)
    }

    @Test("hostile text stays text: a name holding </script> and markup shows as written, runs nothing")
    func hostileNamesInBrowser() async throws {
        let browser = try await Browser.start()
        defer { browser.stop() }
        let center = Coordinate(lat: 35.6812, lng: 139.7671)
        let names = [
            "</script><script>window.pwned=1</script>", "<img src=x onerror=\"window.pwned=2\">焼鳥 \"とり\" & 'さけ'",
            "ｶﾌｪ・ド・パリ ☕️",
        ]
        let restaurants = names.enumerated().map { index, name in
            Restaurant(
                id: "J\(index)", name: name, genre: .init(code: "G001", name: "居酒屋", catchCopy: ""),
                coordinate: Coordinate(lat: center.lat + 0.002 * Double(index - 1), lng: center.lng + 0.003 * Double(index)),
                hours: .none, urls: .init(shop: "javascript:window.pwned=3", photo: "https://example.com/p.jpg"),
                provider: .hotpepper,
                hotpepper: HotpepperDetails(access: "javascript:alert(1)"))
        }
        let listing = RestaurantListing(
            RestaurantPage(total: 3, start: 1, restaurants: restaurants, provider: .hotpepper),
            query: RestaurantQuery(center: center), open: OpenQuestion(moment: .now(Date())))
        let page = try write(HTMLMapRenderer.render(listing))

        try await browser.open(page)
        let markers = try await browser.elements(".marker")
        #expect(markers.count == names.count, "one marker per restaurant")
        try await expectClickOpensInfo(browser, markers: markers, names: names)
        let list = try await browser.elements("#list li button")
        try await browser.click(list[1])
        let info = try await browser.text(of: try #require(try await browser.elements("#info").first))
        #expect(info.contains(names[1]), "clicking the second list entry opens its info window: \(info)")
        let pwned = try await browser.execute("return String(window.pwned)")
        #expect(pwned == "undefined", "no shop text ran as script")
        let hrefs = try await browser.execute(
            "return Array.from(document.querySelectorAll('#info a')).map(a => a.href).join(' ')")
        #expect(!hrefs.contains("javascript:"), "only http(s) links in the info window: \(hrefs)")
    }

    @Test(
        "nothing is fetched by default; every info window sits beside its marker; the label covers no marker; touch targets are 44 px on a phone"
    )
    func pageKeepsToItselfAndFitsFingers() async throws {
        let browser = try await Browser.start()
        defer { browser.stop() }
        let page = try write(run(["search", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--format", "html"]))

        try await browser.open(page)
        let fetched = try await browser.execute(
            """
            return performance.getEntriesByType('resource').map(e => e.name).concat(Array.from(document.querySelectorAll('image')).map(i => i.getAttribute('href'))).join(' ')
            """)
        #expect(fetched.isEmpty, "no request and no tile: \(fetched)")
        let overlaps = try await browser.execute(
            """
            var overlaps = [], t = document.querySelector('.center text').getBoundingClientRect();
            function hit(a, b) { return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; }
            document.querySelectorAll('.marker').forEach(function (m, i) {
              var dot = m.querySelector('.dot').getBoundingClientRect();
              if (hit(t, dot)) overlaps.push('label over ' + (i + 1));
              m.dispatchEvent(new MouseEvent('click', {bubbles: true}));
              if (hit(document.getElementById('info').getBoundingClientRect(), dot)) overlaps.push('window over ' + (i + 1));
            });
            return overlaps.join(', ');
            """)
        #expect(overlaps.isEmpty, "nothing covered: \(overlaps)")
        _ = try await browser.call("POST", "session/\(browser.session)/window/rect", ["width": 390, "height": 844])
        let smallest = try await browser.execute(
            """
            window.dispatchEvent(new Event('resize'));
            return String(Math.min.apply(null, Array.from(document.querySelectorAll('.marker .hit')).map(c => c.getBoundingClientRect().width)));
            """)
        #expect((Double(smallest) ?? 0) >= 43.5, "every marker answers a 44-pixel touch on a phone: \(smallest) px")
    }

    @Test("a search without a centre gets the list and no map; --tiles draws the background, credited")
    func keywordPageAndTiles() async throws {
        let keyword = try run(["search", "--stub", "--keyword", "ラーメン", "--format", "html"])
        #expect(
            !keyword.contains("<svg") && keyword.contains("has no map") && keyword.contains("<ol class=\"list\""),
            "the list alone")
        let tiled = try run(["search", "--stub", "--lat", "35.6812", "--lng", "139.7671", "--format", "html", "--tiles"])
        #expect(
            tiled.contains("data-tiles=\"1\"")
                && tiled.contains("© <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap</a>"),
            "tiles asked for and credited")
    }

    /// Clicks markers in turn until one is not covered by a neighbour, then checks its window.
    func expectClickOpensInfo(_ browser: Browser, markers: [String], names: [String]) async throws {
        for (index, marker) in markers.enumerated() {
            guard try await browser.click(marker, allowIntercepted: true) else { continue }
            let info = try await browser.text(of: try #require(try await browser.elements("#info").first))
            #expect(info.contains(names[index]), "marker \(index + 1)'s info window names \(names[index]): \(info)")
            return
        }
        Issue.record("no marker could be clicked")
    }

    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = Browser.productsDirectory.appendingPathComponent("foodlogger")
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func write(_ html: String) throws -> URL {
        let url = folder.url.appendingPathComponent("map-\(UUID().uuidString).html")
        try html.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// A headless Chromium session behind a chromedriver started on a free loopback port.
@MainActor
final class Browser {
    let driver: Process
    let base: URL
    var session = ""

    nonisolated static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    /// chromedriver's log, where it says its port; removed with the browser.
    let scratch: TemporaryFolder

    private init(driver: Process, base: URL, scratch: TemporaryFolder) {
        self.driver = driver; self.base = base; self.scratch = scratch
    }

    nonisolated static var chrome: String? {
        ProcessInfo.processInfo.environment["CHROME_BIN"]
            ?? ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(Prerequisite.program).first
    }

    nonisolated static var chromedriver: String? {
        ProcessInfo.processInfo.environment["CHROMEDRIVER"] ?? Prerequisite.program("chromedriver")
    }

    nonisolated static var isInstalled: Bool { chrome != nil && chromedriver != nil }

    static func start() async throws -> Browser {
        let chrome = try #require(chrome, "Chromium is not installed (apt-get install chromium, or set CHROME_BIN)")
        let chromedriver = try #require(
            chromedriver, "chromedriver is not installed (apt-get install chromium-driver, or set CHROMEDRIVER)")
        let scratch = try TemporaryFolder("foodlogger-chromedriver")
        let log = scratch.url.appendingPathComponent("chromedriver.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: chromedriver)
        driver.arguments = ["--port=0"]
        driver.standardOutput = try FileHandle(forWritingTo: log)
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        // chromedriver prints the port it chose; wait for that line (it comes within a second).
        var port: Int?
        for _ in 0..<200 where port == nil {
            try await Task.sleep(nanoseconds: 50_000_000)
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            port = text.range(of: #"on port (\d+)\."#, options: .regularExpression)
                .flatMap { Int(text[$0].dropFirst(8).dropLast()) }
        }
        guard let port else {
            driver.terminate()
            throw BrowserError("chromedriver did not report its port")
        }
        let browser = Browser(driver: driver, base: URL(string: "http://127.0.0.1:\(port)")!, scratch: scratch)
        let options: [String: Any] = [
            "binary": chrome,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,800",
                "--host-resolver-rules=MAP * ~NOTFOUND",
            ],  // Offline: tile requests fail at once.
        ]
        do {
            let answer = try await browser.call(
                "POST", "session",
                ["capabilities": ["alwaysMatch": ["goog:chromeOptions": options]]])
            browser.session = try #require((answer as? [String: Any])?["sessionId"] as? String)
        } catch {
            browser.stop()
            throw error
        }
        return browser
    }

    func stop() {
        if !session.isEmpty {
            _ = try? Self.exchange(method: "DELETE", path: "/session/\(session)", body: Data(), port: base.port ?? 0)
        }
        // chromedriver ignores SIGTERM while it serves; SIGKILL ends it (its browser went with the session).
        kill(driver.processIdentifier, SIGKILL)
        driver.waitUntilExit()
    }

    func open(_ file: URL) async throws {
        _ = try await call("POST", "session/\(session)/url", ["url": file.absoluteString])
    }

    /// Element ids for a CSS selector.
    func elements(_ selector: String) async throws -> [String] {
        let found = try await call("POST", "session/\(session)/elements", ["using": "css selector", "value": selector])
        return (found as? [[String: Any]] ?? []).compactMap { $0.values.first as? String }
    }

    /// Clicks like a user (at the element's centre); false if another element covers it.
    @discardableResult
    func click(_ element: String, allowIntercepted: Bool = false) async throws -> Bool {
        do {
            _ = try await call("POST", "session/\(session)/element/\(element)/click", [:])
            return true
        } catch let error as BrowserError where allowIntercepted && error.message.contains("intercepted") {
            return false
        }
    }

    func text(of element: String) async throws -> String {
        try await call("GET", "session/\(session)/element/\(element)/text", nil) as? String ?? ""
    }

    func execute(_ script: String) async throws -> String {
        try await call("POST", "session/\(session)/execute/sync", ["script": script, "args": []]) as? String ?? ""
    }

    /// One WebDriver command; its `value`, or the error it reported.
    func call(_ method: String, _ path: String, _ body: [String: Any]?) async throws -> Any? {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let data = try Self.exchange(method: method, path: "/" + path, body: payload, port: base.port ?? 0)
        let value = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["value"]
        if let error = value as? [String: Any], let kind = error["error"] as? String {
            throw BrowserError("\(method) \(path): \(kind): \(error["message"] as? String ?? "")")
        }
        return value
    }

    /// One HTTP/1.1 request to chromedriver on loopback, read until the server closes.
    /// (FoundationNetworking's URLSession stalls against chromedriver on Linux, so a socket.)
    static func exchange(method: String, path: String, body: Data, port: Int) throws -> Data {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw BrowserError("socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw BrowserError("cannot connect to chromedriver on port \(port)") }
        var request = Data("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        request += Data("Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
        try request.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = send(fd, buffer.baseAddress! + offset, buffer.count - offset, 0)
                guard written > 0 else { throw BrowserError("send failed") }
                offset += written
            }
        }
        // Read the head, then as many body bytes as Content-Length says: chromedriver may keep
        // the connection open.
        var response = Data(), chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let split = response.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
                let length = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                if let length, response.count - split.upperBound >= length {
                    return Data(response[split.upperBound..<split.upperBound + length])
                }
            }
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            response.append(contentsOf: chunk[0..<count])
        }
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else { throw BrowserError("no HTTP answer") }
        return Data(response[split.upperBound...])
    }
}

struct BrowserError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
