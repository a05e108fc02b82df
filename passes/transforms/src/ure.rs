pub mod merge_ures;
