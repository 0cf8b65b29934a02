//! Writes the Spanish golden pictures of `jetan-core` (`tests/goldens/`) after a change
//! meant: the picture test only compares, it never writes them.
//!
//!     cargo run -p jetan-core --example regenerate-goldens
//!
//! Then look at them (a copy of each at 400 pixels, as Discord shows them, goes to
//! `$TMPDIR/jetan-goldens-es-400`) and commit the ones that changed (docs/TESTING.md).

#[path = "../tests/common/pictures_es_cases.rs"]
mod pictures_es_cases;
#[path = "../../render/tests/common/regenerate.rs"]
mod regenerate;

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/goldens");
    regenerate::write(&dir, "jetan-goldens-es-400", pictures_es_cases::cases());
}
