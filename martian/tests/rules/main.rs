//! Martian Chess rules tests: one binary, one module per part of MARTIAN_CHESS.md.

mod ai;
mod battle;
mod cards;
mod draws;
mod end;
mod helpers;
mod moves;
mod props;
mod search;
mod text;
mod turn;
