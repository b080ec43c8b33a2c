"""berserk, unchanged, seeks a game in the pools of this server, plays it and exports it.

Run by the integration test `seek` (crates/server/tests/seek.rs) with the venv's python:

    python seek_game.py BASE_URL "UCI UCI ..." [BASE_URL_TWO]

The two players' tokens come in the environment variables ASEAN_TOKEN_ONE and
ASEAN_TOKEN_TWO (never on the command line). Both seek 3+2 rated with
`client.board.seek` at once; when the seeks return (paired), each reads its game from
`client.board.stream_incoming_events` (`gameStart`), and the side whose turn it is plays the
line's next move through `client.board.make_move` until the game ends; then one exports the
game with `client.games.export`. With BASE_URL_TWO, the second player talks to that server
(another node of the same cluster). Prints one JSON object.
"""

import json
import os
import sys
import threading

import berserk


def main():
    base, line = sys.argv[1], sys.argv[2].split()
    bases = [base, sys.argv[3] if len(sys.argv) > 3 else base]
    clients = [
        berserk.Client(
            session=berserk.TokenSession(os.environ["ASEAN_TOKEN_" + who]),
            base_url=url,
        )
        for who, url in zip(("ONE", "TWO"), bases)
    ]
    out = {"berserk": berserk.__version__}
    starts = [None, None]
    ends = [None, None]

    def side(i):
        client = clients[i]
        client.board.seek(3, 2, rated=True, variant="asean")
        for event in client.board.stream_incoming_events():
            if event["type"] == "gameStart":
                starts[i] = event["game"]
                break
        game_id, color = starts[i]["gameId"], starts[i]["color"]
        for event in client.board.stream_game_state(game_id):
            if event["type"] == "gameFull":
                state = event["state"]
            elif event["type"] == "gameState":
                state = event
            else:
                continue
            moves = state["moves"].split()
            if state["status"] != "started":
                ends[i] = state["status"]
                return
            turn = "white" if len(moves) % 2 == 0 else "black"
            if turn == color and len(moves) < len(line):
                client.board.make_move(game_id, line[len(moves)])

    threads = [threading.Thread(target=side, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    out["same_game"] = (
        starts[0] is not None
        and starts[1] is not None
        and starts[0]["gameId"] == starts[1]["gameId"]
        and starts[0]["color"] != starts[1]["color"]
    )
    out["sources"] = [s and s.get("source") for s in starts]
    out["status"] = ends[0] if ends[0] == ends[1] else ends
    if starts[0] is not None:
        game = clients[0].games.export(starts[0]["gameId"])
        out["export"] = {k: game.get(k) for k in ("status", "rated", "moves", "winner")}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
