//! Writes the golden pictures of `jetan-render` (`tests/goldens/`) after a change meant:
//! the picture tests only compare, they never write them.
//!
//!     cargo run -p jetan-render --example regenerate-goldens
//!
//! Then look at them (a copy of each at 400 pixels, as Discord shows them, goes to
//! `$TMPDIR/jetan-goldens-400`) and commit the ones that changed (docs/TESTING.md).

#[path = "../tests/common/golden_cases.rs"]
mod golden_cases;
#[path = "../tests/common/regenerate.rs"]
mod regenerate;

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/goldens");
    regenerate::write(
        &dir,
        "jetan-goldens-400",
        golden_cases::small()
            .into_iter()
            .chain(golden_cases::circular_full_size())
            .chain(golden_cases::martian()),
    );
}
