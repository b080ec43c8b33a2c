"""berserk, unchanged, challenges a player of this server and the player accepts.

Run by the integration test `challenges` (crates/server/tests/challenges.rs) with the venv's
python:

    python challenge.py BASE_URL CHALLENGED_USERNAME

The tokens come in the environment variables ASEAN_TOKEN_CHALLENGER and
ASEAN_TOKEN_CHALLENGED (never on the command line). The challenged player streams its events
with `client.board.stream_incoming_events`; the challenger streams its own too, then makes
the challenge with `client.challenges.create`; the challenged player accepts it with
`client.challenges.accept` when the `challenge` event arrives. Prints one JSON object: the
challenge made, the event seen, the answer to the accept, and each side's `gameStart`.
"""

import json
import os
import queue
import sys
import threading

import berserk


def main():
    base, dest = sys.argv[1], sys.argv[2]

    def client(who):
        return berserk.Client(
            session=berserk.TokenSession(os.environ["ASEAN_TOKEN_" + who]), base_url=base
        )

    challenger, challenged = client("CHALLENGER"), client("CHALLENGED")
    out = {"berserk": berserk.__version__}
    lines = {"challenger": queue.Queue(), "challenged": queue.Queue()}

    def listen(name, c):
        for event in c.board.stream_incoming_events():
            lines[name].put(event)

    for name, c in (("challenger", challenger), ("challenged", challenged)):
        threading.Thread(target=listen, args=(name, c), daemon=True).start()

    def next_of(name, kind):
        while True:
            event = lines[name].get(timeout=20)
            if event.get("type") == kind:
                return event

    # Both streams are open before the challenge: wait for the first keep-alive-free
    # moment by making the challenge only once the threads have had time to connect.
    import time

    time.sleep(1)
    out["created"] = challenger.challenges.create(
        dest, rated=False, clock_limit=300, clock_increment=3
    )
    out["seen"] = next_of("challenged", "challenge")
    out["accepted"] = challenged.challenges.accept(out["seen"]["challenge"]["id"])
    out["challenged_start"] = next_of("challenged", "gameStart")
    out["challenger_start"] = next_of("challenger", "gameStart")
    print(json.dumps(out, default=str))


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # noqa: BLE001 - the test prints what failed
        print(json.dumps({"error": repr(e)}))
        sys.exit(1)
