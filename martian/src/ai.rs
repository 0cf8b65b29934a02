//! A computer player. It sees only a [`PublicView`](crate::PublicView).
