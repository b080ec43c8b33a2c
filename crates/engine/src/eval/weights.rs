//! The evaluation's weights, in centipawns: material and piece-square tables for the middle game
//! and the endgame (the evaluation tapers between them by the material left, see
//! [`super::phase`]).
//!
//! Tables are from White's side, a1 first (rank 1 is the first row of each table), indexed by
//! [`rules::Role`] order (pawn, knight, khon, met, rook, king). The king's material is never used
//! (both sides always have one).
//!
//! Fitted by `asean-tune fit` (Texel's method, see `engine::tuning`): 735767 positions, scale K =
//! 0.94, 400 Adam steps of 1 cp, l2 0.001, mean squared error 0.097598 -> 0.095107 (81751 held-out
//! positions: 0.089588 -> 0.088800). The data: 6000 self-play games at 4000 nodes a move, from
//! the engine before the mobility, pawn-structure, king-safety, threat and tempo terms
//! (`asean-tune gen --games 3000 --nodes 4000 --seed 11 --threads 2`, and again with `--seed 12`);
//! the fit started from the earlier weights, with the new terms at 0. Against the earlier
//! evaluation at 20000 nodes a move: +98 ± 41 Elo over 200 games (`match`, 95% interval).
#[rustfmt::skip]
pub(super) const MATERIAL: [[i32; 6]; 2] = [
    [100, 343, 259, 180, 545, 0],
    [100, 309, 232, 161, 554, 0],
];

#[rustfmt::skip]
pub(super) const PSQ: [[[i32; 64]; 6]; 2] = [
    // The middle game.
    [
        // pawn
        [
               0,    0,    0,    0,    0,    0,    0,    0,
               0,    0,    0,    0,    0,    0,    0,    0,
              -2,    9,   10,  -10,   -5,    6,    5,   11,
               1,   10,   -5,   10,    4,    9,   13,    2,
               8,    6,   16,   48,   47,    7,   15,   18,
              45,   48,   49,   62,   52,   58,   47,   46,
              83,   85,   90,   94,   94,   90,   85,   83,
               0,    0,    0,    0,    0,    0,    0,    0,
        ],
        // knight
        [
             -40,  -14,  -13,   -9,  -11,  -16,  -10,  -40,
             -25,  -10,   -5,    4,    4,   -1,   -8,  -28,
             -16,    4,   13,   19,   12,   11,    3,  -16,
             -12,    9,   18,   24,   28,   19,   10,   -7,
             -11,    6,   17,   24,   22,   10,   22,  -10,
             -15,    3,   16,   17,   20,   14,    6,  -14,
             -23,  -10,    0,    4,    4,    1,  -10,  -25,
             -40,  -25,  -15,  -10,  -10,  -15,  -24,  -40,
        ],
        // khon
        [
             -16,   -8,   -9,   -1,   -1,   -6,   -9,  -15,
              -9,   -9,  -11,    6,    1,    3,   -4,   -7,
              -5,    5,   15,    8,   19,    6,    5,   -5,
               0,    7,   19,   25,   30,   21,    4,    0,
              -3,    6,   13,   24,   21,   17,   13,   -2,
              -4,    7,   10,   13,   14,   14,    9,   -4,
              -9,    0,    3,    6,    6,    4,   -1,   -8,
             -15,   -9,   -4,    0,    0,   -4,   -8,  -15,
        ],
        // met
        [
             -10,   -5,   -2,  -11,    0,    3,   -5,  -10,
              -5,    2,  -10,    8,    2,    6,    2,   -5,
              -2,   -1,   10,   10,   12,    6,    6,   -2,
              -1,    8,   24,   15,   20,   12,    6,    0,
               0,   10,   12,   22,   15,   18,    8,    0,
              -2,    6,   12,   12,   14,   10,    7,   -2,
              -5,    2,    6,    8,    8,    6,    2,   -5,
             -10,   -5,   -2,    0,    0,   -2,   -5,  -10,
        ],
        // rook
        [
              10,   -7,    2,   12,   12,    8,    6,   -1,
               4,    0,    4,   -1,    6,    2,   -1,   -9,
              -3,   -2,   -2,    7,    3,    1,    1,   -3,
              -1,    1,    2,    3,    4,    4,   -5,    4,
               9,    4,    6,    8,    7,    4,    3,   -4,
              12,    9,   14,   13,   15,   15,   11,   13,
              19,   18,   17,   16,   16,   17,   14,   14,
               8,    6,    6,    8,   10,    7,    5,    4,
        ],
        // king
        [
               7,    4,    3,    4,   -2,    8,   -3,    7,
               3,    5,    0,   -9,   -7,   15,    9,    3,
              -8,  -10,  -14,  -18,  -19,  -11,   -6,   -7,
             -18,  -22,  -26,  -32,  -29,  -25,  -20,  -18,
             -26,  -29,  -34,  -38,  -38,  -32,  -30,  -26,
             -30,  -34,  -37,  -42,  -42,  -37,  -33,  -30,
             -34,  -38,  -42,  -46,  -46,  -42,  -38,  -34,
             -38,  -42,  -46,  -50,  -50,  -46,  -42,  -38,
        ],
    ],
    // The endgame.
    [
        // pawn
        [
               0,    0,    0,    0,    0,    0,    0,    0,
               0,    0,    0,    0,    0,    0,    0,    0,
               3,   12,   12,   11,    4,   16,   16,    9,
              12,   18,    1,    7,  -15,    6,   19,   11,
              24,    9,   30,    8,   34,    5,   28,   26,
              54,   51,   53,   61,   56,   60,   56,   53,
              86,   82,   93,   93,   94,   89,   88,   85,
               0,    0,    0,    0,    0,    0,    0,    0,
        ],
        // knight
        [
             -40,  -27,  -14,  -10,  -11,  -16,  -26,  -41,
             -26,  -10,   -1,    4,    4,   -2,  -10,  -26,
             -16,    3,    8,   19,   16,   20,    3,  -16,
             -11,    9,   22,   21,   25,   20,    9,  -10,
             -10,    8,   16,   24,   22,   16,   11,   -9,
             -15,    5,   14,   18,   18,   15,    6,  -15,
             -25,  -10,    0,    4,    4,    1,  -10,  -25,
             -40,  -25,  -16,  -10,  -10,  -15,  -25,  -40,
        ],
        // khon
        [
             -15,   -7,   -4,    0,   -1,   -5,   -8,  -15,
              -9,    0,    3,    8,    8,    7,   -3,   -9,
              -5,    6,    9,    9,   13,    5,    5,   -4,
               0,    7,   10,   18,   25,   12,    8,    0,
               0,    8,   12,   17,   17,   11,   10,    0,
              -4,    6,    9,   13,   10,   14,    7,   -4,
              -9,   -1,    1,    5,    5,    3,   -1,   -8,
             -15,   -9,   -5,    0,    0,   -4,   -8,  -15,
        ],
        // met
        [
             -10,   -3,   -2,   -6,    0,   -3,   -5,  -11,
              -6,    2,   -3,    8,    5,    6,   -1,   -5,
              -2,    7,   10,    3,   12,    6,    6,   -3,
              -3,    8,   16,   15,   15,   12,    9,    0,
               0,   11,   12,   17,   15,   12,    8,    1,
              -2,    6,   10,   12,   12,   10,    6,   -2,
              -5,    2,    6,    6,    8,    4,    2,   -5,
             -10,   -5,   -4,    0,    0,   -2,   -5,  -10,
        ],
        // rook
        [
               1,    0,    1,    7,    8,    4,   -1,    0,
               0,    0,    2,    2,    4,    4,   -1,   -2,
              -1,    1,    2,    6,    3,    3,    1,   -1,
               0,    1,    2,    5,    5,    4,   -2,    3,
               6,    4,    8,    9,    7,    7,    4,    1,
              13,   12,   14,   12,   14,   14,   13,   12,
              16,   18,   15,   15,   15,   16,   16,   16,
               7,    6,    5,    8,    9,    7,    6,    6,
        ],
        // king
        [
             -31,  -21,  -14,   -6,  -16,  -15,  -25,  -30,
             -23,  -10,   -1,   -3,    2,    0,   -6,  -23,
             -14,    0,    7,   14,    8,   13,    3,  -12,
              -9,    3,   17,   17,   24,   17,    7,   -7,
              -8,    7,   15,   23,   21,   21,    7,   -8,
             -13,    2,   13,   15,   16,   12,    2,  -12,
             -20,   -8,    0,    4,    4,    0,   -8,  -20,
             -30,  -20,  -12,   -8,   -8,  -12,  -20,  -30,
        ],
    ],
];

/// The weights of `super::GROUPS`, in its order: mobility, pawn structure, rooks' files, king
/// safety, threats and tempo, for the middle game and the endgame.
#[rustfmt::skip]
pub(super) const EXTRA: [[i32; super::EXTRA_LEN]; 2] = [
    // The middle game.
    [
        // knight mobility (safe squares 0..=8)
        0, -2, -1, -2, 2, 3, 2, 5, 0,
        // khon mobility (safe squares 0..=5)
        -7, -4, -3, 2, 4, 2,
        // met mobility (safe squares 0..=4)
        -5, 0, 1, 6, 0,
        // rook mobility (safe squares 0..=14)
        1, 0, -5, -7, -6, 6, 2, 0, -2, 5, 1, 2, 1, 1, 3,
        // passed pawn, by rank from its owner's side (1st..8th)
        0, 0, 2, -11, -6, 0, 2, 0,
        // doubled pawn (an own pawn ahead on its file)
        -4,
        // isolated pawn (no own pawn on a neighbouring file)
        -10,
        // protected pawn (attacked by an own pawn)
        4,
        // pawn phalanx (an own pawn beside it)
        4,
        // rook on an open file
        5,
        // rook on a half-open file (only enemy pawns)
        5,
        // enemy attacks on the king's ring (0..=15, each piece's attacked squares)
        0, 5, 3, -6, 2, 0, 0, -2, 0, -1, 0, 0, 0, 0, 0, 0,
        // king shelter (own pawns up to two ranks ahead on its and the neighbouring files)
        9,
        // piece attacked by an enemy pawn
        -6,
        // rook attacked by an enemy knight, khon or met
        -4,
        // hanging piece (attacked, not defended)
        -9,
        // hanging pawn (attacked, not defended)
        -15,
        // tempo (the side to move)
        3,
    ],
    // The endgame.
    [
        // knight mobility (safe squares 0..=8)
        0, -2, -2, -2, 0, 3, 0, -2, -10,
        // khon mobility (safe squares 0..=5)
        -1, -1, -3, -2, -1, -7,
        // met mobility (safe squares 0..=4)
        1, -3, 0, 1, -3,
        // rook mobility (safe squares 0..=14)
        0, 0, -1, 1, -2, -1, -3, -2, 1, 2, 3, 2, 0, 0, 3,
        // passed pawn, by rank from its owner's side (1st..8th)
        0, 0, 11, 1, 0, 12, 4, 0,
        // doubled pawn (an own pawn ahead on its file)
        1,
        // isolated pawn (no own pawn on a neighbouring file)
        10,
        // protected pawn (attacked by an own pawn)
        -3,
        // pawn phalanx (an own pawn beside it)
        5,
        // rook on an open file
        5,
        // rook on a half-open file (only enemy pawns)
        -5,
        // enemy attacks on the king's ring (0..=15, each piece's attacked squares)
        -6, -4, -1, -6, 6, 10, 2, -1, 0, 0, 0, 0, 0, 0, 0, 0,
        // king shelter (own pawns up to two ranks ahead on its and the neighbouring files)
        2,
        // piece attacked by an enemy pawn
        -1,
        // rook attacked by an enemy knight, khon or met
        0,
        // hanging piece (attacked, not defended)
        -4,
        // hanging pawn (attacked, not defended)
        -12,
        // tempo (the side to move)
        0,
    ],
];
