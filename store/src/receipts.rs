//! Storing an operation's result under its request id, and reading it back.

/// The pair of functions that store a `Receipt::$kind` and read it back, for
/// `Store::mutate`.
macro_rules! receipt {
    ($kind:ident) => {
        (Receipt::$kind, |r| match r {
            Receipt::$kind(x) => Some(x),
            _ => None,
        })
    };
}
