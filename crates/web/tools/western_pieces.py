#!/usr/bin/env python3
"""Writes the Western-style piece images www/pieces/western/{w,b}{K,Q,B,N,R,P}.svg.

Original drawings for this project, in the turned-wood style that players of Western chess
know, so a newcomer reads the board at a glance: the king with a cross; the met (Q) as a low
queen-like coronet (it stands on the queen's square, but it is much weaker: it stays shorter
than the khon, and a diamond on its collar recalls its four diagonal steps); the khon (B) as a
bishop's mitre with its slit; the knight a horse head, the rook a tower, the pawn a ball on a
stem.
White pieces are ivory with a dark outline, black pieces ebony with a dark outline and light
inner lines, so both read on light and dark squares. One stroke width for every outline.
Run: python3 crates/web/tools/western_pieces.py www/pieces/western
"""
import os
import sys

COLORS = {
    "w": dict(fill="#fbf7ee", line="#1f1812", accent="#e9dfcc", detail="#1f1812"),
    "b": dict(fill="#2a231e", line="#100c09", accent="#40362e", detail="#efe4d2"),
}

BASE = '<path class="f" d="M23 89h54a4 4 0 0 0 4-4v-3a4 4 0 0 0-4-4H23a4 4 0 0 0-4 4v3a4 4 0 0 0 4 4z"/>'


def collar(y: float, half: float) -> str:
    """A rounded ring `half` wide each side of the centre, from y-6 to y."""
    return (
        f'<path class="a" d="M{50 - half} {y}h{2 * half}a3 3 0 0 0 0-6H{50 - half}'
        f'a3 3 0 0 0 0 6z"/>'
    )


SHAPES = {
    # King: the tallest, a two-lobed crown under a cross.
    "K": BASE
    + """
<path class="f" d="M28 78c2-10 8-17 15-21h14c7 4 13 11 15 21z"/>
<path class="f" d="M38 51C29 43 28 31 37 28c6-2 10 2 13 7 3-5 7-9 13-7 9 3 8 15-1 23z"/>
"""
    + collar(57, 16)
    + """
<path class="f" d="M46.5 28v-7h-6v-6.5h6V8h7v6.5h6V21h-6v7z"/>
<path class="l" d="M50 36v13"/>""",
    # Met: a coronet of four balled points on a short body, a diamond on its collar.
    "Q": BASE
    + """
<path class="f" d="M29 78c2-9 7-15 14-19h14c7 4 12 10 14 19z"/>
<path class="f" d="M38 53L31 31l9 9 5-14 5 11 5-11 5 14 9-9-7 22z"/>
<circle class="f" cx="31" cy="29" r="4"/>
<circle class="f" cx="45" cy="24" r="4"/>
<circle class="f" cx="55" cy="24" r="4"/>
<circle class="f" cx="69" cy="29" r="4"/>
"""
    + collar(59, 15)
    + """
<path class="d" d="M50 62.5l4.5 5-4.5 5-4.5-5z"/>""",
    # Khon: a bishop's mitre with its slit and a knob, over a collar.
    "B": BASE
    + """
<path class="f" d="M30 78c2-8 8-13 14-16h12c6 3 12 8 14 16z"/>
<path class="f" d="M50 19C38 27 33 38 35 47c1 5 5 9 9 9h12c4 0 8-4 9-9 2-9-3-20-15-28z"/>
<circle class="f" cx="50" cy="15" r="5"/>
"""
    + collar(62, 14)
    + """
<path class="l" d="M57 31L46 42"/>""",
    # Knight: a horse head facing left, mane down the neck.
    "N": BASE
    + """
<path class="f" d="M31 78c0-11 4-18 12-24-4-1-9 1-14 4-4 2-8 2-10-1-3-3-2-7 1-10l13-16c2-4 4-8 8-10l1-9 7 7c14 1 23 11 26 25 3 13 1 24-3 34z"/>
<path class="l" d="M53 22c8 4 14 11 17 21M48 37c-3 1-6 4-7 8"/>
<path class="e" d="M35 32c2-2.5 5-2.5 7 0-2 2.5-5 2.5-7 0z"/>
<circle class="e" cx="21.5" cy="51" r="1.8"/>""",
    # Rook: a tower with three merlons.
    "R": BASE
    + """
<path class="f" d="M27 78l3-7h40l3 7z"/>
<path class="f" d="M33 71l2.5-27h29l2.5 27z"/>
<path class="f" d="M28 44h44l-2-6H30z"/>
<path class="f" d="M28 38V19h9v6h8v-6h10v6h8v-6h9v19z"/>
<path class="l" d="M35.5 50h29"/>""",
    # Pawn: a ball on a flared stem.
    "P": BASE
    + """
<path class="f" d="M33 78c0-10 5-18 11-22h12c6 4 11 12 11 22z"/>
<circle class="f" cx="50" cy="40" r="12"/>
"""
    + collar(57, 11),
}


def svg(color: str, letter: str) -> str:
    c = COLORS[color]
    style = (
        f".f{{fill:{c['fill']};stroke:{c['line']};stroke-width:3.2;stroke-linejoin:round}}"
        f".a{{fill:{c['accent']};stroke:{c['line']};stroke-width:3.2;stroke-linejoin:round}}"
        f".l{{fill:none;stroke:{c['detail']};stroke-width:2.6;stroke-linecap:round}}"
        f".d{{fill:{c['detail']};stroke:none}}"
        f".e{{fill:{c['detail']};stroke:none}}"
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f"<style>{style}</style>{SHAPES[letter].strip()}</svg>\n"
    )


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "www/pieces/western"
    os.makedirs(out, exist_ok=True)
    for color in COLORS:
        for letter in SHAPES:
            with open(os.path.join(out, f"{color}{letter}.svg"), "w") as f:
                f.write(svg(color, letter))


if __name__ == "__main__":
    main()
