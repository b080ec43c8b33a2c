//! The evaluation's weights, in centipawns: material and piece-square tables for the middle game
//! and the endgame (the evaluation tapers between them by the material left, see
//! [`super::phase`]).
//!
//! Tables are from White's side, a1 first (rank 1 is the first row of each table), indexed by
//! [`rules::Role`] order (pawn, knight, khon, met, rook, king). The king's material is never used
//! (both sides always have one).
//!
//! Fitted by `asean-tune fit` (Texel's method, see `engine::tuning`): 1230896 positions, scale K =
//! 0.93, 800 Adam steps of 1 cp, l2 0.0005, mean squared error 0.095431 -> 0.094225 (136766
//! held-out positions: 0.094779 -> 0.094313). The data: 10000 self-play games at 4000 nodes a move:
//! 6000 from the engine before the mobility, pawn-structure, king-safety, threat and tempo terms
//! (asean-tune gen --games 3000 --nodes 4000 --seed 11 --threads 2, and again with --seed 12) and
//! 4000 from the engine with them (--games 4000 --seed 13); the fit started from the weights it
//! replaces. Against those at 10000 nodes a move: +75 ± 28 Elo over 400 games (`match`, 95%
//! interval).
#[rustfmt::skip]
pub(super) const MATERIAL: [[i32; 6]; 2] = [
    [100, 345, 261, 173, 551, 0],
    [100, 282, 214, 150, 552, 0],
];

#[rustfmt::skip]
pub(super) const PSQ: [[[i32; 64]; 6]; 2] = [
    // The middle game.
    [
        // pawn
        [
               0,    0,    0,    0,    0,    0,    0,    0,
               0,    0,    0,    0,    0,    0,    0,    0,
              -4,   -2,   12,   -8,   -5,   -3,   -2,   14,
              -1,    8,   -5,   15,    5,    3,   13,    4,
               4,    3,   17,   55,   50,    2,   11,   15,
              48,   47,   46,   62,   51,   59,   42,   46,
              84,   85,   90,   94,   94,   91,   85,   84,
               0,    0,    0,    0,    0,    0,    0,    0,
        ],
        // knight
        [
             -40,   -8,   -9,  -10,  -13,  -18,   -4,  -40,
             -26,  -10,   -9,    8,    6,   -8,  -10,  -27,
             -17,    5,    9,   25,   15,   10,    3,  -18,
             -16,   10,   24,   25,   31,   15,    9,   -9,
             -13,    6,   17,   21,   24,    6,   29,   -9,
             -16,    1,   18,   15,   19,   14,    6,  -14,
             -23,  -12,    0,    5,    3,    3,  -10,  -25,
             -40,  -25,  -15,  -10,  -11,  -15,  -23,  -40,
        ],
        // khon
        [
             -16,  -12,  -14,   -4,   -3,   -7,  -11,  -14,
             -10,  -20,  -14,    6,    7,    5,    0,   -9,
              -7,    1,   14,   12,   21,   11,    8,   -9,
              -1,   11,   17,   27,   34,   25,    3,   -3,
              -7,    7,   18,   28,   23,   23,   17,   -8,
              -4,    8,   12,   13,   13,   17,   11,   -5,
             -10,    1,    2,    6,    5,    4,   -2,   -8,
             -15,   -9,   -4,    0,    0,   -4,   -8,  -16,
        ],
        // met
        [
             -10,   -7,   -2,  -20,    0,   -1,   -5,  -10,
              -7,    2,  -13,    8,   -5,    6,   -3,   -5,
              -2,   -4,   10,    8,   12,   12,    6,   -3,
              -2,    8,   29,   15,   24,   12,    4,    0,
               0,   12,   12,   28,   15,   23,    8,    1,
              -2,    6,   13,   12,   18,   10,    8,   -2,
              -5,    2,    6,    8,    8,    5,    2,   -5,
             -10,   -5,   -3,    0,    0,   -2,   -5,  -10,
        ],
        // rook
        [
               9,   -6,    4,   13,   13,   11,    9,   -2,
               5,    2,    7,    0,    5,    7,   -7,   -9,
              -7,   -1,   -5,    7,    4,   -4,    3,   -8,
              -3,    0,    0,   -2,    2,    3,  -11,    5,
              16,    4,    8,    7,    6,    1,    1,  -10,
              14,   10,   15,   12,   19,   17,   11,   11,
              24,   21,   21,   17,   16,   19,   14,   13,
              11,    6,    6,    8,   11,    7,    6,    5,
        ],
        // king
        [
               6,    1,    1,    6,    0,   11,   -7,    8,
               1,    2,   -4,  -10,   -7,   16,    8,    3,
              -7,   -8,  -14,  -19,  -18,  -11,   -1,   -6,
             -18,  -22,  -25,  -33,  -30,  -24,  -20,  -18,
             -26,  -28,  -34,  -38,  -39,  -31,  -30,  -26,
             -30,  -33,  -36,  -42,  -42,  -36,  -32,  -30,
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
               8,   19,   11,   11,    9,   22,   19,    7,
              17,   22,   -6,    9,  -35,   -4,   26,   17,
              30,    3,   32,   -4,   32,    0,   33,   33,
              60,   51,   49,   58,   57,   62,   61,   57,
              90,   79,   96,   91,   94,   91,   91,   89,
               0,    0,    0,    0,    0,    0,    0,    0,
        ],
        // knight
        [
             -40,  -28,  -14,  -10,  -12,  -17,  -28,  -42,
             -27,  -10,   -2,    1,    2,   -5,  -10,  -26,
             -16,    1,    1,   23,   17,   25,    3,  -16,
             -13,   10,   25,   20,   21,   20,    7,   -8,
             -11,    7,   14,   22,   22,   16,   12,   -8,
             -15,    6,   14,   17,   17,   15,    7,  -15,
             -26,  -11,    0,    4,    3,    2,  -10,  -25,
             -40,  -26,  -17,  -10,  -11,  -15,  -24,  -40,
        ],
        // khon
        [
             -16,   -7,   -6,    0,   -1,   -6,   -9,  -14,
             -10,   -4,    1,    7,    9,    8,   -9,  -10,
              -5,    1,   10,   12,   10,    5,    5,   -5,
               0,    9,   13,   16,   28,   15,    9,    0,
              -2,   11,   14,   13,   19,   11,   11,    0,
              -4,    5,    8,   12,    6,   18,   10,   -5,
             -10,   -1,   -1,    4,    5,    4,   -2,   -8,
             -15,   -9,   -6,   -1,    0,   -5,   -8,  -16,
        ],
        // met
        [
             -10,   -4,   -2,   -9,    0,   -5,   -5,  -12,
              -6,    2,   -6,    8,    0,    6,   -3,   -5,
              -2,    7,   10,    3,   12,    7,    6,   -3,
              -5,    8,   18,   15,   18,   12,   13,    0,
               0,   13,   12,   17,   15,   10,    8,    2,
              -2,    6,   10,   12,   14,   10,    6,   -2,
              -5,    2,    6,    4,    8,    2,    2,   -5,
             -10,   -5,   -6,    0,    0,   -2,   -5,  -10,
        ],
        // rook
        [
              -1,   -2,    0,    7,    9,    5,   -3,   -1,
              -1,   -1,    2,    0,    3,    5,   -3,   -4,
              -2,    2,    0,    5,    2,    2,    1,   -1,
               1,    1,    0,    4,    5,    2,   -4,    2,
               7,    7,   10,    9,    6,    7,    4,    0,
              17,   13,   13,   11,   14,   14,   13,   12,
              22,   20,   16,   15,   15,   17,   16,   17,
               9,    7,    4,    9,    9,    7,    7,    7,
        ],
        // king
        [
             -33,  -23,  -13,   -4,  -20,  -19,  -29,  -31,
             -25,  -10,   -2,   -6,   -1,   -5,   -7,  -23,
             -14,    4,    7,   12,    5,    9,    9,   -9,
             -10,    3,   18,   14,   23,   18,   10,   -5,
              -7,   10,   15,   23,   19,   26,    9,   -7,
             -13,    4,   16,   15,   17,   15,    4,  -12,
             -20,   -7,    1,    4,    4,    0,   -8,  -20,
             -31,  -20,  -12,   -8,   -8,  -12,  -20,  -30,
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
        -10, -2, -1, 2, 2, 6, 6, 9, -2,
        // khon mobility (safe squares 0..=5)
        -12, -6, -4, 2, 7, 9,
        // met mobility (safe squares 0..=4)
        -10, -1, -1, 7, 1,
        // rook mobility (safe squares 0..=14)
        -3, -7, -9, -8, -7, 3, 5, 3, -1, 9, 4, 4, 5, 4, 7,
        // passed pawn, by rank from its owner's side (1st..8th)
        0, 0, -3, -13, -9, -6, 5, 0,
        // doubled pawn (an own pawn ahead on its file)
        -7,
        // isolated pawn (no own pawn on a neighbouring file)
        -13,
        // protected pawn (attacked by an own pawn)
        4,
        // pawn phalanx (an own pawn beside it)
        7,
        // rook on an open file
        4,
        // rook on a half-open file (only enemy pawns)
        11,
        // enemy attacks on the king's ring (0..=15, each piece's attacked squares)
        0, 7, 9, -3, 1, -1, -2, -5, -1, -2, -1, 0, 0, 0, 0, 0,
        // king shelter (own pawns up to two ranks ahead on its and the neighbouring files)
        8,
        // piece attacked by an enemy pawn
        -14,
        // rook attacked by an enemy knight, khon or met
        -10,
        // hanging piece (attacked, not defended)
        -17,
        // hanging pawn (attacked, not defended)
        -27,
        // tempo (the side to move)
        5,
    ],
    // The endgame.
    [
        // knight mobility (safe squares 0..=8)
        -2, -6, -8, -3, 1, 5, 2, -6, -26,
        // khon mobility (safe squares 0..=5)
        -1, -5, -8, -2, -5, -13,
        // met mobility (safe squares 0..=4)
        2, -7, -1, -2, -7,
        // rook mobility (safe squares 0..=14)
        -1, -2, -3, 2, -5, -5, -8, -3, 5, 0, 5, 7, 3, 2, 4,
        // passed pawn, by rank from its owner's side (1st..8th)
        0, 0, 13, 3, 8, 22, 14, 0,
        // doubled pawn (an own pawn ahead on its file)
        2,
        // isolated pawn (no own pawn on a neighbouring file)
        12,
        // protected pawn (attacked by an own pawn)
        -1,
        // pawn phalanx (an own pawn beside it)
        5,
        // rook on an open file
        6,
        // rook on a half-open file (only enemy pawns)
        -7,
        // enemy attacks on the king's ring (0..=15, each piece's attacked squares)
        -14, -5, -4, -8, 9, 21, 5, -3, 0, -1, 0, 0, 0, 0, 0, 0,
        // king shelter (own pawns up to two ranks ahead on its and the neighbouring files)
        3,
        // piece attacked by an enemy pawn
        -2,
        // rook attacked by an enemy knight, khon or met
        0,
        // hanging piece (attacked, not defended)
        -7,
        // hanging pawn (attacked, not defended)
        -26,
        // tempo (the side to move)
        1,
    ],
];
