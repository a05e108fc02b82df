pub mod expand_streams;
pub mod merge;
pub mod merge_ures;
pub mod split;
pub mod triangular;
