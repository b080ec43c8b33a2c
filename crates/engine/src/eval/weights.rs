//! The evaluation's weights, in centipawns: material and piece-square tables for the middle game
//! and the endgame (the evaluation tapers between them by the material left, see
//! [`super::phase`]).
//!
//! Tables are from White's side, a1 first (rank 1 is the first row of each table), indexed by
//! [`rules::Role`] order (pawn, knight, khon, met, rook, king). The king's material is never used
//! (both sides always have one).
//!
//! Fitted by `asean-tune fit` (Texel's method, see `engine::tuning`): 940854 positions, scale K =
//! 0.90, 400 Adam steps of 1 cp, l2 0.0005, targets 0.5 × result + 0.5 × σ(K·search score), mean
//! squared error 0.026725 -> 0.025982 (104539 held-out positions: 0.098445 -> 0.098455). Data:
//! asean-tune gen --games 4000 --nodes 4000 --threads 2, seeds 15 and 16 (8000 games).
//! Started from the weights of 10,000 earlier games (the l2 pull is towards them). Against those:
//! +59 ± 27 Elo at 10,000 nodes a move over 400 games (`match --games 400 --seed 42`); the same
//! fit to the results alone (`--lambda 1`) made the held-out error worse (0.098445 -> 0.098951).
#[rustfmt::skip]
pub(super) const MATERIAL: [[i32; 6]; 2] = [
    [100, 356, 258, 173, 550, 0],
    [100, 275, 206, 144, 547, 0],
];

#[rustfmt::skip]
pub(super) const PSQ: [[[i32; 64]; 6]; 2] = [
    // The middle game.
    [
        // pawn
        [
               0,    0,    0,    0,    0,    0,    0,    0,
               0,    0,    0,    0,    0,    0,    0,    0,
               0,    0,    9,   -5,   -2,   -1,    2,   11,
              -4,    5,   -1,   15,    4,    7,   14,    2,
              -4,   -1,   23,   39,   49,    8,   18,   10,
              47,   47,   48,   58,   49,   59,   39,   46,
              84,   85,   90,   94,   94,   92,   86,   84,
               0,    0,    0,    0,    0,    0,    0,    0,
        ],
        // knight
        [
             -40,   -8,   -8,  -10,  -13,  -15,   -5,  -40,
             -25,   -9,   -8,    7,   10,   -7,   -8,  -26,
             -16,    2,    6,   27,   17,    5,   12,  -13,
             -15,    9,   23,   24,   29,   13,    6,   -8,
             -15,    5,   17,   24,   24,   11,   24,   -8,
             -15,    1,   17,   14,   19,   14,    5,  -15,
             -23,  -14,    0,    6,    3,    2,  -10,  -25,
             -40,  -25,  -15,  -10,  -11,  -15,  -23,  -40,
        ],
        // khon
        [
             -16,  -13,  -19,   -3,   -4,  -11,  -11,  -15,
              -8,  -23,  -15,    4,    6,    6,   -4,  -10,
             -12,   -2,   12,   12,   23,   10,    7,   -8,
              -2,   11,   18,   29,   39,   29,    4,   -5,
              -7,    9,   17,   32,   25,   28,   19,   -8,
              -5,    8,   12,   15,   15,   18,   12,   -3,
             -12,    1,    2,    6,    5,    4,   -2,   -8,
             -15,   -9,   -4,    0,    0,   -4,   -8,  -16,
        ],
        // met
        [
             -10,  -17,   -2,  -21,    0,   -6,   -5,  -10,
             -16,    2,  -16,    8,   -7,    6,   -5,   -5,
              -2,  -12,   10,   13,   12,   20,    6,   -3,
              -4,    8,   30,   15,   32,   12,    4,    0,
               0,   13,   12,   34,   15,   29,    8,    2,
              -2,    6,   13,   12,   21,   10,    9,   -2,
              -5,    2,    6,    8,    8,    5,    2,   -5,
             -10,   -5,   -3,    0,    0,   -2,   -5,  -10,
        ],
        // rook
        [
              13,    0,    4,   14,   12,    9,    8,    3,
               3,    5,   -2,   -2,    5,   10,   -6,   -8,
              -9,   -3,   -6,    5,    2,   -3,    3,   -8,
              -5,    0,   -1,   -3,    0,    2,  -10,   -4,
              16,    5,    9,    7,    6,    1,    1,   -9,
              15,   11,   15,   12,   19,   16,   12,   11,
              24,   22,   20,   18,   16,   18,   15,   13,
              14,    7,    7,    9,   11,    8,    7,    5,
        ],
        // king
        [
               5,    1,    0,    5,    0,    9,   -8,    6,
               1,    3,   -1,  -12,   -6,   12,    6,    3,
              -7,   -4,  -15,  -19,  -17,  -10,   -3,   -6,
             -17,  -21,  -24,  -33,  -30,  -24,  -19,  -18,
             -26,  -27,  -34,  -38,  -39,  -31,  -29,  -27,
             -30,  -32,  -36,  -42,  -42,  -36,  -31,  -30,
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
              11,   24,   10,    7,   14,   18,   19,    5,
              17,   24,  -11,    6,  -31,    1,   31,   18,
              32,    3,   31,  -13,   23,   -1,   34,   37,
              62,   53,   50,   56,   57,   64,   59,   61,
              92,   80,   97,   91,   94,   91,   93,   90,
               0,    0,    0,    0,    0,    0,    0,    0,
        ],
        // knight
        [
             -40,  -28,  -14,  -10,  -12,  -17,  -29,  -42,
             -27,  -11,    0,    2,   -2,   -5,  -10,  -27,
             -16,    1,    3,   18,   18,   21,    4,  -15,
             -13,    7,   25,   20,   20,   21,    5,   -8,
             -10,    5,   15,   23,   23,   19,   10,   -7,
             -14,    7,   14,   17,   17,   15,    7,  -15,
             -26,  -12,    0,    5,    2,    1,  -10,  -25,
             -40,  -25,  -17,  -10,  -11,  -15,  -24,  -40,
        ],
        // khon
        [
             -16,   -7,   -5,    0,   -2,   -6,   -9,  -14,
             -11,   -6,   -2,    4,    9,    7,   -8,  -10,
              -5,   -1,   10,   11,    9,    6,    4,   -4,
              -2,   10,   15,   17,   25,   16,   10,   -1,
              -3,   11,   14,   13,   22,   14,   12,   -1,
              -4,    5,    8,   13,    7,   19,   10,   -4,
             -11,   -2,   -1,    3,    5,    4,   -2,   -8,
             -15,   -9,   -6,   -1,    0,   -5,   -8,  -16,
        ],
        // met
        [
             -10,   -7,   -2,   -6,    0,   -8,   -5,  -12,
             -10,    2,   -6,    8,   -1,    6,   -5,   -5,
              -2,    2,   10,    6,   12,    7,    6,   -3,
              -5,    8,   17,   15,   18,   12,   11,    0,
               0,   12,   12,   20,   15,   14,    8,    2,
              -2,    6,   10,   12,   16,   10,    6,   -2,
              -5,    2,    6,    6,    8,    2,    2,   -5,
             -10,   -5,   -6,    0,    0,   -2,   -5,  -10,
        ],
        // rook
        [
              -1,   -1,   -1,    6,   10,    4,   -1,   -4,
              -2,   -2,    0,    0,    2,    5,   -3,   -5,
              -3,    1,    0,    5,    1,    3,    1,   -1,
               1,    1,    0,    4,    4,    2,   -3,    0,
               5,    7,   11,   10,    6,    7,    5,    0,
              17,   14,   13,   12,   15,   13,   13,   13,
              20,   20,   15,   15,   14,   16,   17,   17,
               9,    8,    6,   10,    9,    8,    8,    7,
        ],
        // king
        [
             -33,  -24,  -13,   -2,  -21,  -21,  -30,  -31,
             -25,  -11,   -1,   -6,   -2,   -6,   -9,  -26,
             -13,    6,    5,   11,    7,    6,    6,  -10,
              -9,    4,   19,   14,   20,   18,   10,   -7,
              -7,   12,   15,   23,   19,   26,   11,   -8,
             -13,    6,   18,   16,   18,   16,    6,  -11,
             -20,   -6,    1,    5,    4,    1,   -7,  -20,
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
        -10, -4, 1, 1, 4, 9, 7, 14, -1,
        // khon mobility (safe squares 0..=5)
        -13, -8, -4, 0, 6, 12,
        // met mobility (safe squares 0..=4)
        -7, -5, -4, 8, 3,
        // rook mobility (safe squares 0..=14)
        -3, -8, -11, -9, -8, -2, 3, 0, 1, 7, 5, 7, 9, 8, 10,
        // passed pawn, by rank from its owner's side (1st..8th)
        0, 0, -1, -9, -1, -13, 6, 0,
        // doubled pawn (an own pawn ahead on its file)
        -13,
        // isolated pawn (no own pawn on a neighbouring file)
        -14,
        // protected pawn (attacked by an own pawn)
        8,
        // pawn phalanx (an own pawn beside it)
        9,
        // rook on an open file
        10,
        // rook on a half-open file (only enemy pawns)
        17,
        // enemy attacks on the king's ring (0..=15, each piece's attacked squares)
        1, 10, 10, 1, 1, -4, -3, -6, -3, -3, -2, 0, 0, 0, 0, 0,
        // king shelter (own pawns up to two ranks ahead on its and the neighbouring files)
        5,
        // piece attacked by an enemy pawn
        -19,
        // rook attacked by an enemy knight, khon or met
        -14,
        // hanging piece (attacked, not defended)
        -20,
        // hanging pawn (attacked, not defended)
        -32,
        // tempo (the side to move)
        9,
    ],
    // The endgame.
    [
        // knight mobility (safe squares 0..=8)
        -3, -7, -7, 0, 1, 2, -3, -6, -27,
        // khon mobility (safe squares 0..=5)
        -1, -10, -11, -3, -5, -14,
        // met mobility (safe squares 0..=4)
        3, -8, -2, -6, -8,
        // rook mobility (safe squares 0..=14)
        -1, -3, -5, -1, -7, -10, -9, -1, 7, 2, 6, 9, 4, 3, 4,
        // passed pawn, by rank from its owner's side (1st..8th)
        0, 0, 14, 12, 14, 29, 23, 0,
        // doubled pawn (an own pawn ahead on its file)
        0,
        // isolated pawn (no own pawn on a neighbouring file)
        14,
        // protected pawn (attacked by an own pawn)
        -9,
        // pawn phalanx (an own pawn beside it)
        4,
        // rook on an open file
        6,
        // rook on a half-open file (only enemy pawns)
        -5,
        // enemy attacks on the king's ring (0..=15, each piece's attacked squares)
        -16, -2, -3, -5, 7, 20, 5, -3, -1, -2, 0, 0, 0, 0, 0, 0,
        // king shelter (own pawns up to two ranks ahead on its and the neighbouring files)
        0,
        // piece attacked by an enemy pawn
        -4,
        // rook attacked by an enemy knight, khon or met
        -1,
        // hanging piece (attacked, not defended)
        -11,
        // hanging pawn (attacked, not defended)
        -37,
        // tempo (the side to move)
        4,
    ],
];
