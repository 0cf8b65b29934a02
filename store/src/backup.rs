//! `export` and `import`.

/// What an export wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportSummary {
    /// Lines written.
    pub records: u64,
}

/// What an import restored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// Records read.
    pub records: u64,
}
