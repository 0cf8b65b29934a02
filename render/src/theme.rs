//! The colours every picture shares: the board, the frame and strips, marks and text, and
//! the two sides' token colours. Each game's module draws its own pieces with them.

use crate::paint::Rgb;

/// The "black" squares: a warm dark slate, light enough for a black token's dark body to
/// read against it (the cream rim does the rest).
pub(crate) const SQUARE_DARK: Rgb = [92, 74, 64];
/// The "orange" squares: a pale, muted orange, so the saturated orange tokens stand out.
pub(crate) const SQUARE_LIGHT: Rgb = [233, 186, 126];
/// The frame around the board.
pub(crate) const FRAME: Rgb = [43, 36, 32];
/// Coordinates on the frame.
pub(crate) const FRAME_TEXT: Rgb = [205, 186, 160];
/// The player strips.
pub(crate) const STRIP: Rgb = [30, 26, 24];
/// The strip of the side to move.
pub(crate) const STRIP_ACTIVE: Rgb = [52, 45, 40];
/// Main text on strips.
pub(crate) const TEXT: Rgb = [246, 238, 224];
/// Secondary text on strips.
pub(crate) const TEXT_DIM: Rgb = [168, 152, 132];
/// The last move's squares are tinted with this.
pub(crate) const LAST_MOVE: Rgb = [255, 226, 0];
/// The selected square is tinted with this.
pub(crate) const SELECTED: Rgb = [70, 170, 255];
/// Move dots and capture rings: a saturated green, always drawn with a light edge so it
/// reads on both square colours.
pub(crate) const HINT: Rgb = [18, 150, 92];
/// The light edge of move marks.
pub(crate) const HINT_EDGE: Rgb = [250, 250, 240];
/// The side panel's cards.
pub(crate) const CARD: Rgb = [60, 52, 46];
/// The Princess's escape squares.
pub(crate) const ESCAPE: Rgb = [168, 80, 220];
/// Danger: the threatened Princess, killed pieces.
pub(crate) const DANGER: Rgb = [226, 42, 36];
/// Danger as text on the dark panel.
pub(crate) const DANGER_TEXT: Rgb = [255, 112, 96];
/// The countdown warning.
pub(crate) const AMBER: Rgb = [240, 170, 30];
/// Jewels (of Jetan's Chief's and Princess's diadems) and the profile's accents.
pub(crate) const JEWEL: Rgb = [40, 196, 206];

/// How a side's tokens are coloured.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TokenColors {
    /// The disc.
    pub body: Rgb,
    /// The rim, the emblem and the label.
    pub ink: Rgb,
}

/// The dark side's tokens: a near-black disc with a cream rim.
pub(crate) const DARK_TOKEN: TokenColors = TokenColors {
    body: [28, 26, 27],
    ink: [240, 228, 204],
};

/// The light side's tokens: a bright orange disc with a dark brown rim.
pub(crate) const LIGHT_TOKEN: TokenColors = TokenColors {
    body: [247, 136, 30],
    ink: [60, 28, 8],
};

/// Colours a GIF palette must hold exactly: the flat areas of every picture.
pub(crate) const KEY_COLORS: [Rgb; 25] = [
    DANGER_TEXT,
    HINT,
    HINT_EDGE,
    CARD,
    SELECTED,
    SQUARE_DARK,
    SQUARE_LIGHT,
    FRAME,
    FRAME_TEXT,
    STRIP,
    STRIP_ACTIVE,
    TEXT,
    TEXT_DIM,
    LAST_MOVE,
    DANGER,
    AMBER,
    JEWEL,
    DARK_TOKEN.body,
    DARK_TOKEN.ink,
    LIGHT_TOKEN.body,
    LIGHT_TOKEN.ink,
    [255, 255, 255],
    [0, 0, 0],
    [30, 24, 10],
    [16, 13, 11],
];
