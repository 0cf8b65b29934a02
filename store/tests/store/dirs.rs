//! sled only: what is and is not a data directory.

use jetan_store::{Store, StoreError};

#[test]
fn open_existing_refuses_what_is_not_a_data_directory_and_creates_nothing() {
    let root = tempfile::tempdir().unwrap();
    let missing = root.path().join("typo");
    let err = Store::open_existing(&missing).unwrap_err();
    assert!(matches!(err, StoreError::NoData(_)), "{err}");
    assert_eq!(
        err.to_string(),
        format!("no jetan data in {}", missing.display())
    );
    assert!(!missing.exists());
    std::fs::create_dir(&missing).unwrap();
    assert!(matches!(
        Store::open_existing(&missing),
        Err(StoreError::NoData(_))
    ));
    assert_eq!(
        std::fs::read_dir(&missing).unwrap().count(),
        0,
        "it wrote into it"
    );

    let data = root.path().join("data");
    drop(Store::open(&data).unwrap());
    // Another test's child process may still hold the lock for a moment (its fork
    // inherits the lock file until it execs).
    let mut tries = 0;
    let store = loop {
        match Store::open_existing(&data) {
            Err(StoreError::Locked(_)) if tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => break other.unwrap(),
        }
    };
    assert!(store.verify().unwrap().is_clean());
}
