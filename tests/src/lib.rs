//! Fake Discord for end-to-end tests.
