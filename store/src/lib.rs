//! placeholder crate doc, replaced by the crate's issue.
