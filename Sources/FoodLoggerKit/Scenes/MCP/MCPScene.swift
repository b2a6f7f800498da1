/// Wires the MCP scene's roles together, as a storyboard's setup() does in the app.
@MainActor
enum MCPScene {
    static func assemble(
        input: any ChunkedInput, output: any TextOutput, runner: any MCPCommandRunning, defaults: ParsedArguments,
        provider: String?,
        lineLimit: Int = MCPLineFramer.defaultLimit
    ) -> MCPViewController {
        let viewController = MCPViewController(input: input, output: output, lineLimit: lineLimit)
        let interactor = MCPInteractor(runner: runner, defaults: defaults, provider: provider)
        let presenter = MCPPresenter()
        viewController.interactor = interactor
        interactor.presenter = presenter
        presenter.viewController = viewController
        return viewController
    }
}
