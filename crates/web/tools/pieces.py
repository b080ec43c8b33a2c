#!/usr/bin/env python3
"""Writes the piece images www/pieces/{w,b}{K,Q,B,N,R,P}.svg.

Original drawings for this project, Thai-inspired: the king a crowned chada spire, the khon (B) a
tiered chedi, the met (Q) a low lotus bud, the rook a Thai house on a boat hull, the knight a
stylised horse head with a flame-scalloped mane, the pawn a cowrie shell (bia). White pieces are
ivory with a dark outline, black pieces dark with a light outline.
Run: python3 crates/web/tools/pieces.py www/pieces
"""
import os
import sys

COLORS = {
    "w": dict(fill="#f8f1e3", line="#2a1e16", accent="#e6d3ae", shade="#d9c196"),
    "b": dict(fill="#2e231c", line="#f3e6cf", accent="#4b3a2d", shade="#5a4636"),
}

BASE = '<path class="f" d="M24 88h52a5 5 0 0 0 5-5v0a5 5 0 0 0-5-5H24a5 5 0 0 0-5 5v0a5 5 0 0 0 5 5z"/>'

SHAPES = {
    # King: crowned vase body, tiered chada spire with side flames and a jewel.
    "K": BASE + """
<path class="f" d="M28 78c0-12 6-19 12-23h20c6 4 12 11 12 23z"/>
<path class="f" d="M37 50c-8 0-13-6-13-14 3 3 6 5 10 4-1 3 0 7 3 10zM63 50c8 0 13-6 13-14-3 3-6 5-10 4 1 3 0 7-3 10z"/>
<path class="a" d="M34 56h32l-2-6H36z"/>
<path class="f" d="M38 50l3-9h18l3 9z"/>
<path class="f" d="M41 41l3-8h12l3 8z"/>
<path class="f" d="M44 33l2.5-7h7l2.5 7z"/>
<path class="f" d="M46.5 26L50 10l3.5 16z"/>
<path class="e" d="M50 9c-2-2-2-4.5 0-7 2 2.5 2 5 0 7z"/>
<path class="a" d="M50 60l4.5 6-4.5 6-4.5-6z"/>
<path class="l" d="M35 73h30"/>""",
    # Khon: a chedi: stepped plinth, bell dome, ringed spire.
    "B": BASE + """
<path class="f" d="M28 78l3-6h38l3 6z"/>
<path class="f" d="M29 72C29 56 39 47 50 47s21 9 21 25z"/>
<path class="a" d="M43 47h14v-5H43z"/>
<path class="f" d="M41 42h18l-2.5-6h-13z"/>
<path class="f" d="M43.5 36h13l-2-6h-9z"/>
<path class="f" d="M45.5 30h9l-1.8-6h-5.4z"/>
<path class="f" d="M47.3 24L50 12l2.7 12z"/>
<circle class="f" cx="50" cy="11" r="2.6"/>
<path class="l" d="M36 62c8-4 20-4 28 0"/>""",
    # Met: a low lotus bud with a petal band and a small knob.
    "Q": BASE + """
<path class="f" d="M23 78c0-16 11-27 27-27s27 11 27 27z"/>
<path class="a" d="M27 70c4-6 8-6 11 0 3-7 9-7 12 0 3-7 9-7 12 0 3-6 7-6 11 0 1 3 1 5 1 8H26c0-3 0-5 1-8z"/>
<circle class="f" cx="50" cy="46" r="5.5"/>""",
    # Rook: a Thai house with a steep gable and curled finials, on a boat hull.
    "R": """
<path class="f" d="M12 68c6 2 10 4 14 4h48c4 0 8-2 14-4-3 11-12 19-24 19H36c-12 0-21-8-24-19z"/>
<path class="f" d="M33 72V50h34v22z"/>
<path class="a" d="M45 72V59a5 5 0 0 1 10 0v13z"/>
<path class="f" d="M20 53l30-36 30 36c-3 0-5-1-7-3L50 25 27 50c-2 2-4 3-7 3z"/>
<path class="f" d="M27 50L50 25l23 25z"/>
<path class="f" d="M50 17c-1-4 0-8 4-10-1 3 0 5 2 6-2 1-4 2-6 4z"/>
<path class="l" d="M41 44h18M12 68c3 0 5-2 5-5M88 68c-3 0-5-2-5-5"/>""",
    # Knight: a stylised horse head facing left, with a flame-scalloped mane.
    "N": BASE + """
<path class="f" d="M33 78c1-9 3-15 1-20-3-2-8-2-13-1-5 1-8-2-8-6 0-5 6-10 12-17 5-6 9-11 14-14l2-9 6 7c13 1 22 11 24 26 2 12 0 24-2 34z"/>
<path class="a" d="M57 21c5 2 9 5 12 9-3 0-5 1-6 3 4 2 7 5 9 9-3 0-5 1-6 3 3 3 5 6 6 10-3-1-5 0-7 1 2 4 3 8 3 12-5-14-5-34-11-47z"/>
<path class="l" d="M30 36c3 1 6 3 8 6M21 50h0"/>
<path class="e" d="M36 33c2-2 5-2 7 0-2 2-5 2-7 0z"/>
<circle class="e" cx="19" cy="49" r="1.6"/>""",
    # Pawn: a cowrie shell (bia) seen from below, its toothed slit down the middle.
    "P": BASE + """
<path class="f" d="M50 44c15 0 23 10 23 21 0 8-5 13-11 13H38c-6 0-11-5-11-13 0-11 8-21 23-21z"/>
<path class="l" d="M50 48c-2 10-2 20 0 29"/>
<path class="l" d="M45 55h3M44.5 61h3.5M44.5 67h3.5M45 73h3M52 55h3M52 61h3.5M52 67h3.5M52 73h3"/>""",
}


def svg(color: str, letter: str) -> str:
    c = COLORS[color]
    style = (
        f".f{{fill:{c['fill']};stroke:{c['line']};stroke-width:3;stroke-linejoin:round}}"
        f".a{{fill:{c['accent']};stroke:{c['line']};stroke-width:2.4;stroke-linejoin:round}}"
        f".l{{fill:none;stroke:{c['line']};stroke-width:2.2;stroke-linecap:round}}"
        f".e{{fill:{c['line']};stroke:{c['line']};stroke-width:1}}"
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f"<style>{style}</style>{SHAPES[letter].strip()}</svg>\n"
    )


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "www/pieces"
    os.makedirs(out, exist_ok=True)
    for color in COLORS:
        for letter in SHAPES:
            with open(os.path.join(out, f"{color}{letter}.svg"), "w") as f:
                f.write(svg(color, letter))


if __name__ == "__main__":
    main()
