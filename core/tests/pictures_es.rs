//! The pictures with the words the bot really draws in Spanish (from `core/locales/es.ftl`):
//! golden images, so that a longer Spanish word that overflows or is cut shows up as a
//! changed picture.
//!
//! Goldens live in `tests/goldens/` (the cases in `common/pictures_es_cases.rs`), compared
//! as `jetan-render`'s are (`render/tests/common/goldens.rs`); no test writes them: after a
//! change meant, `cargo run -p jetan-core --example regenerate-goldens` does (a copy of
//! each, scaled to 400 pixels as Discord shows it, goes to `$TMPDIR/jetan-goldens-es-400`),
//! then look at them before committing.

#[path = "../../render/tests/common/goldens.rs"]
mod goldens;
#[path = "common/pictures_es_cases.rs"]
mod pictures_es_cases;

use std::path::PathBuf;

use jetan_core::games::martian::picture_labels as martian_picture_labels;
use jetan_core::{picture_labels, Lang};

#[test]
fn spanish_pictures_match_the_goldens() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/goldens");
    goldens::check(&dir, pictures_es_cases::cases());
}

#[test]
fn the_spanish_labels_are_the_message_files_words() {
    let es = picture_labels(Lang::Es);
    assert_eq!(es.to_move, "LE TOCA");
    assert_eq!(es.countdown_text(7), "CUENTA ATRÁS 7");
    let mc = martian_picture_labels(Lang::Es);
    assert_eq!(mc.cards_text(1), "1 carta");
    assert_eq!(mc.cards_text(13), "13 cartas");
    assert_eq!(mc.color(martian_chess::Color::Black), "Negras");
    assert_eq!(mc.turn.replace("{color}", "Blancas"), "Juegan Blancas");
    assert_eq!(
        martian_picture_labels(Lang::En),
        jetan_render::MartianLabels::default()
    );
}
