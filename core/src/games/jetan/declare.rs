//! Jetan's own challenge options as the front ends declare them: `variant`, `board` and
//! `rules`. The choices' names are the ones [`super::words`] reads them by.

use super::words::{BOARDS, VARIANTS};
use crate::request::{choice_names as names, OptionDecl, Takes};

const VARIANT_NAMES: [&str; VARIANTS.len()] = names(&VARIANTS);
const BOARD_NAMES: [&str; BOARDS.len()] = names(&BOARDS);

/// Jetan's challenge options, in the order front ends show them.
pub(crate) const OPTIONS: [OptionDecl; 3] = [
    OptionDecl {
        name: "variant",
        takes: Takes::Choice(&VARIANT_NAMES),
        example: "classic",
    },
    OptionDecl {
        name: "board",
        takes: Takes::Choice(&BOARD_NAMES),
        example: "flat",
    },
    OptionDecl {
        name: "rules",
        takes: Takes::Text {
            max_length: 100,
            suggested: true,
        },
        example: "W:upto+mixed",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    /// Every option Jetan declares, with every choice (and a text option's example), is
    /// read by Jetan; an option it does not declare is refused.
    #[test]
    fn what_jetan_declares_it_reads() {
        let read = |name: &str, value: &str| {
            super::super::words::read_options(Lang::En, &[(name.to_string(), value.to_string())])
        };
        for d in OPTIONS {
            match d.takes {
                Takes::Choice(choices) => {
                    for c in choices {
                        assert!(read(d.name, c).is_ok(), "{} {c}", d.name);
                    }
                    assert!(read(d.name, "nonsense").is_err(), "{}", d.name);
                }
                Takes::Text { .. } => assert!(read(d.name, d.example).is_ok(), "{}", d.name),
            }
        }
        assert!(read("topology", "flat").is_err());
    }
}
