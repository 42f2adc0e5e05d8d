"""A Power Grid bot that passes or is done whenever it may, so it never builds: a game of two
of them cannot end. The tests use it to check the round cap (docs/rules-notes.md)."""

import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        ready = {"type": "ready", "legal": "text", "view": False, "events": False}
        print(json.dumps(ready), flush=True)
    elif message["type"] == "act":
        legal = message["legal"]
        action = next((a for a in legal if a in ("pass", "done")), legal[0])
        print(json.dumps({"type": "action", "action": action}), flush=True)
    elif message["type"] == "quit":
        break
