"""berserk, unchanged, plays a whole game through the Board API of this server.

Run by the integration test `board_api` (crates/server/tests/board_api.rs) with the venv's
python:

    python board_game.py BASE_URL GAME_ID "UCI UCI ..."

The players' tokens come in the environment variables ASEAN_TOKEN_WHITE and
ASEAN_TOKEN_BLACK (never on the command line). Each side streams the game with
`client.board.stream_game_state` and plays its moves of the line on its turn with
`client.board.make_move`; before that, Black tries a move out of turn. Prints one JSON
object: what each side saw and how the game ended, and the HTTP status of each error
berserk raised.
"""

import json
import os
import sys
import threading

import berserk


def main():
    base, game_id, line = sys.argv[1], sys.argv[2], sys.argv[3].split()
    clients = {
        color: berserk.Client(
            session=berserk.TokenSession(os.environ["ASEAN_TOKEN_" + color.upper()]),
            base_url=base,
        )
        for color in ("white", "black")
    }
    out = {"berserk": berserk.__version__}
    try:
        clients["black"].board.make_move(game_id, line[1])
        out["out_of_turn"] = 200
    except berserk.exceptions.ResponseError as e:
        out["out_of_turn"] = e.status_code

    def side(color):
        client = clients[color]
        seen = []
        for event in client.board.stream_game_state(game_id):
            seen.append(event["type"])
            if event["type"] == "gameFull":
                out[color + "_full"] = {
                    "white": event["white"].get("name"),
                    "black": event["black"].get("name"),
                    "rated": event["rated"],
                    "variant": event["variant"]["key"],
                }
                state = event["state"]
            elif event["type"] == "gameState":
                state = event
            else:
                continue
            moves = state["moves"].split()
            if state["status"] != "started":
                out[color] = {
                    "status": state["status"],
                    "winner": state.get("winner"),
                    "moves": state["moves"],
                    "seen": seen,
                }
                return
            turn = "white" if len(moves) % 2 == 0 else "black"
            if turn == color and len(moves) < len(line):
                client.board.make_move(game_id, line[len(moves)])

    threads = [threading.Thread(target=side, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
