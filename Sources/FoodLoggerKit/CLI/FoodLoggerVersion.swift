/// The released version, printed by `--version` and sent in the User-Agent.
public enum FoodLoggerVersion {
    public static let current = "0.1.0"
}
