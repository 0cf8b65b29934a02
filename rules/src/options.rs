//! Rule options (RULES.md §12): the other readings of Burroughs' appendix, per side and per
//! piece kind, written as a **rules string**.
//!
//! A [`Rules`] value is checked once, where it is made ([`FromStr`], [`SideRules::with`]);
//! the move generator then uses it without checking again. [`Rules::default`] is the
//! standard game of RULES.md §2–§4.
//!
//! ```
//! use jetan_rules::{Color, Role, Rules, Value};
//! let rules: Rules = "w:exact+mixed;W:mixed".parse().unwrap();
//! assert_eq!(rules.to_string(), "W:mixed");
//! assert!(rules.side(Color::Orange).is_mixed(Role::Warrior));
//! let rules: Rules = "standard;D:upto".parse().unwrap();
//! assert_eq!(rules.side(Color::Orange).changes().collect::<Vec<_>>(), [(Role::Dwar, Value::Upto)]);
//! assert!("N:upto".parse::<Rules>().unwrap_err().to_string().contains("Panthan"));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::{ByColor, Color, Role};

/// A property of a piece kind that a rules string may set (the rows of §12's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Property {
    /// `exact` or `upto`: exactly N steps, or 1 to N.
    Reach,
    /// `pure` or `mixed`: the step kinds of §2, or each step orthogonal or diagonal.
    Steps,
    /// `jump` or `nojump`: whether the piece ignores what stands between.
    Jump,
    /// `timid` or `brave` (the Princess): whether she may end on a threatened square.
    Fear,
    /// `escape` or `noescape` (the Princess): whether she has her escape.
    Escape,
}

impl Property {
    /// Every property, in the table's order (the order of the canonical form).
    pub const ALL: [Property; 5] = [
        Property::Reach,
        Property::Steps,
        Property::Jump,
        Property::Fear,
        Property::Escape,
    ];

    /// `"reach"`, `"steps"`, `"jump"`, `"fear"`, `"escape"`.
    pub const fn name(self) -> &'static str {
        match self {
            Property::Reach => "reach",
            Property::Steps => "steps",
            Property::Jump => "jump",
            Property::Fear => "fear",
            Property::Escape => "escape",
        }
    }

    /// Whether pieces of `role` have this property (§12's table).
    pub const fn applies_to(self, role: Role) -> bool {
        match self {
            Property::Reach => !matches!(role, Role::Panthan | Role::Thoat),
            Property::Steps => matches!(
                role,
                Role::Warrior | Role::Padwar | Role::Dwar | Role::Flier | Role::Odwar
            ),
            Property::Jump => !matches!(role, Role::Panthan),
            Property::Fear | Property::Escape => matches!(role, Role::Princess),
        }
    }

    /// The properties of `role`, in the table's order.
    pub fn of(role: Role) -> impl Iterator<Item = Property> {
        Property::ALL
            .into_iter()
            .filter(move |p| p.applies_to(role))
    }

    /// The property's default value for pieces of `role` (the rule of §2–§4).
    pub const fn default_for(self, role: Role) -> Value {
        match self {
            Property::Reach => Value::Exact,
            Property::Steps => Value::Pure,
            Property::Jump => {
                if role.jumps() {
                    Value::Jump
                } else {
                    Value::NoJump
                }
            }
            Property::Fear => Value::Timid,
            Property::Escape => Value::Escape,
        }
    }

    /// The flag of a [`SideRules`] entry that holds this property: set when the value is
    /// not the default.
    const fn flag(self) -> u8 {
        match self {
            Property::Reach => UPTO,
            Property::Steps => MIXED,
            Property::Jump => JUMP_FLIPPED,
            Property::Fear => BRAVE,
            Property::Escape => NO_ESCAPE,
        }
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value of a [`Property`], as a rules string writes it (lower case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// Reach: exactly N steps (§2).
    Exact,
    /// Reach: 1 to N steps, of the same kinds.
    Upto,
    /// Steps: the kinds of §2.
    Pure,
    /// Steps: each step orthogonal or diagonal.
    Mixed,
    /// Jump: ignores what stands between.
    Jump,
    /// Jump: every square between must be empty.
    NoJump,
    /// Fear: the Princess never ends on a threatened square (§4).
    Timid,
    /// Fear: the Princess may end any move on a threatened square.
    Brave,
    /// Escape: the Princess has her escape (§4).
    Escape,
    /// Escape: the Princess has no escape.
    NoEscape,
}

impl Value {
    /// Every value, by property, the default first.
    pub const ALL: [Value; 10] = [
        Value::Exact,
        Value::Upto,
        Value::Pure,
        Value::Mixed,
        Value::Jump,
        Value::NoJump,
        Value::Timid,
        Value::Brave,
        Value::Escape,
        Value::NoEscape,
    ];

    /// The word of the rules string: `"exact"`, `"upto"`, `"pure"`, `"mixed"`, `"jump"`,
    /// `"nojump"`, `"timid"`, `"brave"`, `"escape"`, `"noescape"`.
    pub const fn name(self) -> &'static str {
        match self {
            Value::Exact => "exact",
            Value::Upto => "upto",
            Value::Pure => "pure",
            Value::Mixed => "mixed",
            Value::Jump => "jump",
            Value::NoJump => "nojump",
            Value::Timid => "timid",
            Value::Brave => "brave",
            Value::Escape => "escape",
            Value::NoEscape => "noescape",
        }
    }

    /// The property this is a value of.
    pub const fn property(self) -> Property {
        match self {
            Value::Exact | Value::Upto => Property::Reach,
            Value::Pure | Value::Mixed => Property::Steps,
            Value::Jump | Value::NoJump => Property::Jump,
            Value::Timid | Value::Brave => Property::Fear,
            Value::Escape | Value::NoEscape => Property::Escape,
        }
    }

    /// The value of a word, exactly as written (values are lower case).
    pub fn from_name(word: &str) -> Option<Value> {
        Value::ALL.into_iter().find(|v| v.name() == word)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// The flags of a SideRules entry; the move tables read the first three.
pub(crate) const UPTO: u8 = 1;
pub(crate) const MIXED: u8 = 2;
pub(crate) const JUMP_FLIPPED: u8 = 4;
const BRAVE: u8 = 8;
const NO_ESCAPE: u8 = 16;

/// The pieces a set names, in the order of the canonical form.
const CANONICAL_ORDER: [Role; 8] = [
    Role::Warrior,
    Role::Padwar,
    Role::Dwar,
    Role::Flier,
    Role::Odwar,
    Role::Chief,
    Role::Princess,
    Role::Thoat,
];

/// One side's rules: for each piece kind, which properties differ from the standard.
///
/// Made only by [`SideRules::with`] and by parsing a [`Rules`] string, which check every
/// value against §12's table; the default is the standard rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SideRules {
    /// Per role (by [`Role`] index): the non-default properties, one bit each.
    flags: [u8; 9],
}

impl SideRules {
    /// The standard rules (RULES.md §2–§4).
    pub const STANDARD: SideRules = SideRules { flags: [0; 9] };

    /// These rules with `role`'s property set to `value`.
    ///
    /// # Errors
    /// [`ParseRulesError::NoSuchProperty`] if pieces of `role` do not have the value's
    /// property.
    ///
    /// ```
    /// use jetan_rules::{Role, SideRules, Value};
    /// let side = SideRules::STANDARD.with(Role::Warrior, Value::Upto).unwrap();
    /// assert!(side.is_upto(Role::Warrior));
    /// assert!(SideRules::STANDARD.with(Role::Thoat, Value::Mixed).is_err());
    /// ```
    pub fn with(mut self, role: Role, value: Value) -> Result<SideRules, ParseRulesError> {
        let property = value.property();
        if !property.applies_to(role) {
            return Err(ParseRulesError::NoSuchProperty { role, value });
        }
        let flag = property.flag();
        if value == property.default_for(role) {
            self.flags[role.index()] &= !flag;
        } else {
            self.flags[role.index()] |= flag;
        }
        Ok(self)
    }

    /// Whether these are the standard rules.
    pub const fn is_standard(&self) -> bool {
        let mut i = 0;
        while i < 9 {
            if self.flags[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The value of `role`'s `property`, or `None` if pieces of `role` do not have it.
    pub fn value(&self, role: Role, property: Property) -> Option<Value> {
        if !property.applies_to(role) {
            return None;
        }
        let default = property.default_for(role);
        if self.flags[role.index()] & property.flag() == 0 {
            return Some(default);
        }
        Value::ALL
            .into_iter()
            .find(|v| v.property() == property && *v != default)
    }

    /// Every value that differs from the standard, as (piece kind, value), in the order of
    /// the canonical form: pieces W A D F O C P T, values in the table's property order.
    /// Empty for the standard rules. For the host, to word a game's rules for players.
    pub fn changes(&self) -> impl Iterator<Item = (Role, Value)> + '_ {
        CANONICAL_ORDER.into_iter().flat_map(move |role| {
            Property::of(role).filter_map(move |p| {
                let v = self.value(role, p)?;
                (v != p.default_for(role)).then_some((role, v))
            })
        })
    }

    /// Whether `role` moves 1 to N steps (`upto`) rather than exactly N.
    pub const fn is_upto(&self, role: Role) -> bool {
        self.flags[role.index()] & UPTO != 0
    }

    /// Whether each step of `role` may be orthogonal or diagonal (`mixed`).
    pub const fn is_mixed(&self, role: Role) -> bool {
        self.flags[role.index()] & MIXED != 0
    }

    /// Whether `role` ignores what stands between (for the Princess: her ordinary move;
    /// the escape always jumps). Never true for the Panthan, which takes one step.
    pub const fn jumps(&self, role: Role) -> bool {
        !matches!(role, Role::Panthan)
            && (role.jumps() != (self.flags[role.index()] & JUMP_FLIPPED != 0))
    }

    /// Whether the Princess may end her moves on threatened squares (`brave`).
    pub const fn is_brave(&self) -> bool {
        self.flags[Role::Princess.index()] & BRAVE != 0
    }

    /// Whether the Princess has an escape at all (`noescape` takes it away).
    pub const fn has_escape(&self) -> bool {
        self.flags[Role::Princess.index()] & NO_ESCAPE == 0
    }

    /// The raw flags of `role`, for the move tables (five bits).
    #[inline]
    pub(crate) const fn flags(&self, role: Role) -> u8 {
        self.flags[role.index()]
    }

    fn parse(text: &str) -> Result<SideRules, ParseRulesError> {
        if text == "standard" {
            return Ok(SideRules::STANDARD);
        }
        if text.is_empty() {
            return Err(syntax(
                text,
                "a set is empty: write standard or PIECE:value",
            ));
        }
        let mut side = SideRules::STANDARD;
        let mut named: Vec<Role> = Vec::new();
        for opt in text.split(',') {
            let Some((letter, values)) = opt.split_once(':') else {
                return Err(syntax(
                    opt,
                    "an option is PIECE:value, like W:upto (or the whole set is standard)",
                ));
            };
            let mut chars = letter.chars();
            let role = match (chars.next(), chars.next()) {
                (Some(c), None) => Role::from_char(c),
                _ => None,
            }
            .ok_or_else(|| ParseRulesError::UnknownPiece {
                piece: letter.to_string(),
            })?;
            if named.contains(&role) {
                return Err(ParseRulesError::PieceTwice { role });
            }
            named.push(role);
            if values.is_empty() {
                return Err(syntax(opt, "a value is missing after the colon"));
            }
            let mut given: Vec<Value> = Vec::new();
            for word in values.split('+') {
                let value =
                    Value::from_name(word).ok_or_else(|| ParseRulesError::UnknownValue {
                        value: word.to_string(),
                    })?;
                if let Some(&first) = given.iter().find(|v| v.property() == value.property()) {
                    return Err(ParseRulesError::TwoValues {
                        role,
                        first,
                        second: value,
                    });
                }
                side = side.with(role, value)?;
                given.push(value);
            }
        }
        Ok(side)
    }
}

impl fmt::Display for SideRules {
    /// One set of the canonical form: `W:upto+mixed,T:jump`, or `standard`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_standard() {
            return f.write_str("standard");
        }
        let mut last: Option<Role> = None;
        for (role, value) in self.changes() {
            if last == Some(role) {
                write!(f, "+{value}")?;
            } else {
                if last.is_some() {
                    f.write_str(",")?;
                }
                write!(f, "{}:{value}", role.upper_char())?;
                last = Some(role);
            }
        }
        Ok(())
    }
}

/// The rules a game is played by (RULES.md §12): each side's [`SideRules`]. Black's govern
/// Black's pieces, Orange's govern Orange's. The default is the standard game.
///
/// [`FromStr`] reads a rules string (`W:upto+mixed,T:jump`, `standard;D:upto`); `Display`
/// writes the canonical form. A [`Position`](crate::Position) carries its rules
/// ([`Position::with_rules`](crate::Position::with_rules)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    sides: ByColor<SideRules>,
}

impl Rules {
    /// The standard rules for both sides.
    pub const STANDARD: Rules = Rules {
        sides: ByColor {
            black: SideRules::STANDARD,
            orange: SideRules::STANDARD,
        },
    };

    /// Black's and Orange's rules.
    pub const fn new(black: SideRules, orange: SideRules) -> Rules {
        Rules {
            sides: ByColor { black, orange },
        }
    }

    /// The same rules for both sides.
    pub const fn both(side: SideRules) -> Rules {
        Rules::new(side, side)
    }

    /// One side's rules.
    #[inline]
    pub const fn side(&self, color: Color) -> SideRules {
        *self.sides.get(color)
    }

    /// Both sides' rules.
    pub const fn sides(&self) -> ByColor<SideRules> {
        self.sides
    }

    /// Whether both sides play the standard rules.
    pub const fn is_standard(&self) -> bool {
        self.sides.black.is_standard() && self.sides.orange.is_standard()
    }

    /// The rules with the sides exchanged: `a;b` becomes `b;a`.
    #[must_use]
    pub const fn swapped(&self) -> Rules {
        Rules::new(self.sides.orange, self.sides.black)
    }
}

impl fmt::Display for Rules {
    /// The canonical form of §12: pieces in the order W A D F O C P T, values in the
    /// table's property order, only values that differ from the default; a set with none
    /// is `standard`; two equal sets are written once.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ByColor { black, orange } = self.sides;
        if black == orange {
            write!(f, "{black}")
        } else {
            write!(f, "{black};{orange}")
        }
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Reads a rules string: one set for both sides, or two, `black;orange`.
    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        let sets: Vec<&str> = text.split(';').collect();
        match sets.as_slice() {
            [both] => Ok(Rules::both(SideRules::parse(both)?)),
            [black, orange] => Ok(Rules::new(
                SideRules::parse(black)?,
                SideRules::parse(orange)?,
            )),
            _ => Err(syntax(
                text,
                "a rules string has one set, or two separated by ; (Black's, then Orange's)",
            )),
        }
    }
}

/// Why a text is not a rules string (RULES.md §12). Each message names the culprit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseRulesError {
    /// The text does not follow the grammar (an empty set, an option without a colon,
    /// three sets, a space…).
    #[error("`{text}`: {why}")]
    Syntax {
        /// The part of the text that is wrong.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A piece letter that is not a piece.
    #[error("`{piece}` is not a piece: write one of W A D F O C P T")]
    UnknownPiece {
        /// What was written.
        piece: String,
    },
    /// A value that is not one of §12's (values are lower case).
    #[error(
        "`{value}` is not a value: write exact, upto, pure, mixed, jump, nojump, timid, brave, \
         escape or noescape"
    )]
    UnknownValue {
        /// What was written.
        value: String,
    },
    /// A value of a property the piece does not have (`N:upto`, `T:mixed`, `C:mixed`).
    #[error("`{}:{value}`: the {role} has no {} to set{}", .role.upper_char(), .value.property(), properties(*.role))]
    NoSuchProperty {
        /// The piece kind.
        role: Role,
        /// The value given.
        value: Value,
    },
    /// Two values of one property for one piece (`W:upto+exact`, or one value twice).
    #[error("`{}:{first}+{second}`: two values of the {role}'s {}", .role.upper_char(), .first.property())]
    TwoValues {
        /// The piece kind.
        role: Role,
        /// The first value given.
        first: Value,
        /// The second value of the same property.
        second: Value,
    },
    /// One piece named twice in a set.
    #[error("the {role} ({}) is named twice in one set: give all its values at once, like W:upto+mixed", .role.upper_char())]
    PieceTwice {
        /// The piece kind.
        role: Role,
    },
}

fn syntax(text: &str, why: &'static str) -> ParseRulesError {
    ParseRulesError::Syntax {
        text: text.to_string(),
        why,
    }
}

/// `" (it has reach, jump)"`, or `" (it has none)"`, for the message of a value the piece
/// does not have.
fn properties(role: Role) -> String {
    let names: Vec<&str> = Property::of(role).map(Property::name).collect();
    if names.is_empty() {
        " (it has none)".to_string()
    } else {
        format!(" (it has {})", names.join(", "))
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::{self, Deserialize, Deserializer};
    use serde::ser::{Serialize, Serializer};

    use super::Rules;

    impl Serialize for Rules {
        /// The canonical rules string, `"standard"` or `"W:upto+mixed,T:jump"`.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Rules {
        /// Any rules string (checked as [`FromStr`](std::str::FromStr) does).
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
            let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            s.parse().map_err(de::Error::custom)
        }
    }
}
