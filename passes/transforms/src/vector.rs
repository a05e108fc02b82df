pub mod split_vectors;
pub mod unmask;
