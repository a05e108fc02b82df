pub mod expand_streams;
pub mod merge_ures;
