// placeholder while the CLI is written
public struct ProcessContext: Sendable { public static func live() -> ProcessContext { ProcessContext() } }
public enum FoodLogger { public static func main(context: ProcessContext) async -> ExitCode { .success } }
