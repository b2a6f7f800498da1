/// Where a scene leaves each list it shows, numbered as shown (from `page.start`), so the
/// numbers on screen are the ones `show 3` takes. An empty page leaves the last list as it was.
/// What a list that cannot be kept means is the app's to say: the scene only shows.
public protocol LastListKeeping: Sendable {
    func keep(_ page: RestaurantPage, center: Coordinate?) async
}
