/// The released version, shown by the app and sent in the User-Agent.
public enum FoodLoggerVersion {
    public static let current = "0.1.0"
}
