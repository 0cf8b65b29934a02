//! The store's data, in three layers: the records it keeps ([`records`]), what its
//! operations take and return ([`results`]), and how games are laid out on disk
//! ([`heads`]).

mod heads;
mod records;
mod results;

pub(crate) use heads::*;
pub use records::*;
pub use results::*;
