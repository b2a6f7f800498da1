"""Drives `foodlogger mcp --stub` with the official MCP Python SDK (a client nobody here wrote),
three times: the `initialize` handshake (ClientSession), the SDK's default `Client` (which
probes server/discover and speaks 2026-07-28 when it is answered) and `Client(mode="2026-07-28")`
(the `_meta` envelope, no handshake). Each lists the tools (under 12 KB), calls every tool on the
stub, with an agent's arguments (metres, minutes, ISO 8601, yen, a list of services), and checks
every structured result against its tool's outputSchema with jsonschema (the SDK checks it too).

    python3 Tests/MCP/sdk_client.py PATH/TO/foodlogger

Prints one line per call; exits non-zero on the first failure.
"""

import asyncio
import json
import os
import sys

import jsonschema
from mcp import Client, ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

CALLS = [
    ("search_restaurants", {"lat": 35.6812, "lng": 139.7671, "count": 3, "open_now": False}),
    ("search_restaurants", {"keyword": "ラーメン", "start": 2}),
    ("search_restaurants", {"lat": 35.6812, "lng": 139.7671, "radius": 800, "max_budget_yen": 1000, "count": 2}),
    ("search_restaurants", {"lat": 35.6812, "lng": 139.7671, "open_at": "2026-12-02T12:00+09:00", "open_for": 60}),
    ("search_restaurants", {"lat": 35.6812, "lng": 139.7671, "provider": ["osm", "google"], "count": 2}),
    ("show_restaurant", {"shops": ["J900000001"]}),
    ("pick_restaurant", {"lat": 35.6812, "lng": 139.7671, "seed": 7, "open_at": "wed 12:00"}),  # a set hour: at night in Japan no stub place is open
    ("list_genres", {}),
    ("log_visit", {"shop": "J900000002", "rating": 4}),
    ("list_log", {}),
    ("remove_log_entry", {"number": 1}),
]


def field(value, name: str):
    """A result's member: the SDK's 1.x names it in camelCase, 2.x in snake_case."""
    camel = name.split("_")[0] + "".join(part.title() for part in name.split("_")[1:])
    return getattr(value, name) if hasattr(value, name) else getattr(value, camel)


def environment() -> dict:
    home = os.environ["FOODLOGGER_MCP_HOME"]
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": home,
        **{name: os.path.join(home, name.lower()) for name in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"]},
    }


async def exercise(label: str, list_tools, call_tool) -> None:
    """Lists the tools and calls each, validating every structured result."""
    listed = (await list_tools()).tools
    tools = {tool.name: tool for tool in listed}
    assert set(tools) == {name for name, _ in CALLS}, sorted(tools)
    size = len(json.dumps([tool.model_dump(by_alias=True, exclude_unset=True, mode="json") for tool in listed], ensure_ascii=False, separators=(",", ":")).encode())
    assert size < 12 * 1024, f"tools/list is {size} bytes"
    logged = None
    for name, arguments in CALLS:
        if name == "remove_log_entry":
            arguments = {"number": logged}  # the entry this run logged
        result = await call_tool(name, arguments)
        if name == "log_visit":
            logged = int(result.content[0].text.split("Logged entry ")[1].split(":")[0])
        assert not field(result, "is_error"), (label, name, result.content)
        structured = field(result, "structured_content")
        assert structured is not None, name
        jsonschema.validate(structured, field(tools[name], "output_schema"))
        # The structured JSON is also a text block, after the summary.
        assert json.loads(result.content[-1].text) == structured, (name, result.content[-1].text[:200])
        print(f"{label} {name}: valid, {result.content[0].text.splitlines()[0]}")
    # The same place the same day is said, not logged twice, unless again.
    for again in (False, False, True):
        logged = await call_tool("log_visit", {"shop": "J900000003", **({"again": True} if again else {})})
        first = logged.content[0].text
    twice = await call_tool("log_visit", {"shop": "J900000003"})
    assert field(twice, "is_error") and "already" in twice.content[0].text and "--" not in twice.content[0].text, twice.content
    refused = await call_tool("search_restaurants", {"open_at": "someday", "lat": 35, "lng": 139})
    # The mistake is named as the tool's argument, never as a command-line flag.
    text = refused.content[0].text
    assert field(refused, "is_error") and text.startswith("open_at ") and "--" not in text, refused.content
    destructive = tools["remove_log_entry"].annotations
    assert destructive is not None and field(destructive, "destructive_hint") is True, destructive
    print(f"{label}: {len(tools)} tools in {size} bytes, each valid; {first}")


async def main(binary: str) -> None:
    server = StdioServerParameters(command=binary, args=["mcp", "--stub"], env=environment())
    # The handshake, as SDKs before 2026-07-28 speak it.
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            print(f"protocol {field(initialized, 'protocol_version')}, server {field(initialized, 'server_info').name}")
            await exercise("handshake", session.list_tools, session.call_tool)
    # The SDK's default client (discover, then the newest revision both speak) and 2026-07-28 pinned.
    for mode in (None, "2026-07-28"):
        options = {} if mode is None else {"mode": mode}
        async with Client(server, **options) as client:
            label = f"{mode or 'default'} ({client.session.protocol_version})"
            assert client.session.protocol_version == "2026-07-28", label
            await exercise(label, client.list_tools, client.call_tool)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
