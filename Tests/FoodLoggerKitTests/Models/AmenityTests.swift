import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct AmenityTests {
    @Test(arguments: [
        ("あり ：個室2部屋", "あり", Amenity.Verdict.yes, "個室2部屋"), ("不可", "不可", .no, ""), ("可", "可", .yes, ""),
        ("貸切不可", "貸切不可", .no, ""), ("貸切可 ：30名から", "貸切可", .yes, "30名から"), ("一部禁煙 ：2Fのみ喫煙可", "一部禁煙", .partly, "2Fのみ喫煙可"),
        ("禁煙席なし", "禁煙席なし", .no, ""), ("未確認", "未確認", .unknown, ""), ("営業していない", "営業していない", .no, ""),
    ])
    func answersReadTheSameEverywhere(value: String, word: String, verdict: Amenity.Verdict, memo: String) throws {
        let answer = try #require(Amenity.answer(value), "\(value) is in the vocabulary")
        #expect(answer.word == word && answer.verdict == verdict && answer.memo == memo, "\(value): \(answer)")
    }

    @Test func aFreeMemoIsNoAnswer() {
        #expect(Amenity.answer("応相談") == nil, "wedding's free text has no verdict")
    }

    @MainActor @Test func theStubsFiltersAndTheCardAgree() {
        #expect(HotpepperStub.saysYes("一部禁煙 ：2Fのみ喫煙可") && !HotpepperStub.saysYes("禁煙席なし"), "the filter")
        #expect(DetailPresenter.amenityValue("一部禁煙 ：2Fのみ喫煙可") == "一部禁煙 — 2Fのみ喫煙可", "the card keeps partly as written")
    }
}
