"""Drives `foodlogger mcp --stub` with the official MCP Python SDK (a client nobody here wrote):
connects over stdio, lists the tools, calls each read-only one on the stub and checks every
structured result against its tool's outputSchema with jsonschema (the SDK checks it too).

    python3 Tests/MCP/sdk_client.py PATH/TO/foodlogger

Prints one line per call; exits non-zero on the first failure.
"""

import asyncio
import os
import sys

import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

CALLS = [
    ("search_restaurants", {"lat": 35.6812, "lng": 139.7671, "count": 3, "open_now": False}),
    ("search_restaurants", {"keyword": "ラーメン", "start": 2}),
    ("show_restaurant", {"shops": ["J900000001"]}),
    ("pick_restaurant", {"lat": 35.6812, "lng": 139.7671, "seed": 7, "open_at": "wed 12:00"}),  # a set hour: at night in Japan no stub place is open
    ("list_genres", {}),
    ("list_log", {}),
]


def field(value, name: str):
    """A result's member: the SDK's 1.x names it in camelCase, 2.x in snake_case."""
    camel = name.split("_")[0] + "".join(part.title() for part in name.split("_")[1:])
    return getattr(value, name) if hasattr(value, name) else getattr(value, camel)


async def main(binary: str) -> None:
    home = os.environ["FOODLOGGER_MCP_HOME"]
    environment = {
        "PATH": "/usr/bin:/bin",
        "HOME": home,
        **{name: os.path.join(home, name.lower()) for name in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"]},
    }
    server = StdioServerParameters(command=binary, args=["mcp", "--stub"], env=environment)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            print(f"protocol {field(initialized, 'protocol_version')}, server {field(initialized, 'server_info').name}")
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            assert set(tools) == {name for name, _ in CALLS} | {"log_visit"}, sorted(tools)
            for name, arguments in CALLS:
                result = await session.call_tool(name, arguments)
                assert not field(result, "is_error"), (name, result.content)
                structured = field(result, "structured_content")
                assert structured is not None, name
                jsonschema.validate(structured, field(tools[name], "output_schema"))
                print(f"{name}: valid, {result.content[0].text.splitlines()[0]}")
            refused = await session.call_tool("search_restaurants", {"range": 9, "lat": 35, "lng": 139})
            # The mistake is named as the tool's argument, never as a command-line flag.
            text = refused.content[0].text
            assert field(refused, "is_error") and text.startswith("range ") and "--" not in text, refused.content


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
