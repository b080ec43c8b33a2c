"""berserk, unchanged, against this server: the account of a token and one game exported.

Run by the integration test `api` (crates/server/tests/api.rs) with the venv's python:

    python account_and_export.py BASE_URL GAME_ID

The token comes in the environment variable ASEAN_TOKEN (never on the command line). Prints
one JSON object: what berserk answered, each datetime as ms since the Unix epoch, and the
HTTP status of each error berserk raised.
"""

import json
import os
import sys

import berserk


def ms(d):
    return round(d.timestamp() * 1000)


def main():
    base, game_id = sys.argv[1], sys.argv[2]
    token = os.environ["ASEAN_TOKEN"]
    client = berserk.Client(session=berserk.TokenSession(token), base_url=base)
    out = {"berserk": berserk.__version__}
    account = client.account.get()
    out["account"] = {
        "id": account["id"],
        "username": account["username"],
        "createdAt": ms(account["createdAt"]),
    }
    game = client.games.export(game_id)
    out["game"] = {k: v for k, v in game.items() if k not in ("createdAt", "lastMoveAt")}
    out["game"]["createdAt"] = ms(game["createdAt"])
    out["game"]["lastMoveAt"] = ms(game["lastMoveAt"])
    out["pgn"] = client.games.export(game_id, as_pgn=True)
    try:
        client.games.export("zzzzzzzzzzzz")
        out["missing"] = 200
    except berserk.exceptions.ResponseError as e:
        out["missing"] = e.status_code
    stranger = berserk.Client(
        session=berserk.TokenSession("lip_" + "0" * 40), base_url=base
    )
    try:
        stranger.account.get()
        out["stranger"] = 200
    except berserk.exceptions.ResponseError as e:
        out["stranger"] = e.status_code
    print(json.dumps(out))


if __name__ == "__main__":
    main()
